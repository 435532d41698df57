// LOCAL ENVIRONMENT ONLY. vite.env.ts resolves "virtual:local-test-wallet" to this file only when VITE_APP_ENV is
// "local"; every other build gets localTestWallet.stub.ts, and scripts/check-bundle.mjs fails a non-local build that
// contains this mnemonic. The account is Hardhat's well-known #3 (public test mnemonic), funded on the local chains.
import { createConnector, type CreateConnectorFn } from "wagmi";
import {
  bytesToHex,
  createWalletClient,
  fromHex,
  getAddress,
  http,
  numberToHex,
  SwitchChainError,
  type Chain,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from "viem";

/** Hardhat's public test mnemonic: every local node funds its first accounts from it. */
export const HARDHAT_TEST_MNEMONIC = "test test test test test test test test test test test junk";
export const LOCAL_TEST_WALLET_ID: string | null = "localTestWallet";

type Listener = (...args: unknown[]) => void;
type Call = { to: Hex; data?: Hex; value?: Hex };
/** A batch sent with wallet_sendCalls: the receipts so far and, once every call ran or one failed, the status code. */
type Batch = { chainId: number; receipts: { status: Hex }[]; status: 100 | 200 | 500 | 600 };

/** Hardhat's account #3 of the test mnemonic. The key derivation (and its code) waits for the first signature. */
export const ACCOUNT_INDEX = 3;
/** Its address, so reconnect and account reads need no key derivation. */
export const ACCOUNT_ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
let derived: Promise<LocalAccount> | undefined;
const signer = () =>
  (derived ??= import("viem/accounts").then(({ mnemonicToAccount }) =>
    mnemonicToAccount(HARDHAT_TEST_MNEMONIC, { addressIndex: ACCOUNT_INDEX }),
  ));

function createLocalProvider(chains: readonly Chain[], initialChainId: number) {
  let chainId = initialChainId;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (ev: string, ...a: unknown[]) => listeners.get(ev)?.forEach((l) => l(...a));
  const chain = () => chains.find((c) => c.id === chainId)!;
  const wallet = async (on = chain()) =>
    createWalletClient({ account: await signer(), chain: on, transport: http(on.rpcUrls.default.http[0]) });
  const batches = new Map<string, Batch>();

  /**
   * EIP-5792 batches on a local chain, where the account is a plain key: the calls are sent back to back, each
   * after the previous one's receipt, and the first that reverts (or cannot be sent) ends the batch as failed. A smart
   * wallet runs them as one transaction; here an approval before a failed call stays executed (status 600).
   */
  async function runBatch(id: string, on: Chain, calls: Call[]) {
    const b = batches.get(id)!;
    const client = await wallet(on);
    for (const c of calls) {
      try {
        const hash = await client.sendTransaction({
          to: c.to,
          data: c.data,
          value: c.value ? fromHex(c.value, "bigint") : undefined,
        });
        const receipt = await waitForRawReceipt(on, hash);
        b.receipts.push(receipt);
        if (receipt.status !== "0x1") break;
      } catch (err) {
        console.warn("local test wallet: batch call failed", err);
        break;
      }
    }
    const ok = b.receipts.filter((r) => r.status === "0x1").length;
    b.status = ok === calls.length ? 200 : ok === 0 ? 500 : 600;
  }

  async function request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [ACCOUNT_ADDRESS];
      case "eth_chainId":
        return numberToHex(chainId);
      case "wallet_switchEthereumChain": {
        const id = fromHex((params?.[0] as { chainId: Hex }).chainId, "number");
        if (!chains.some((c) => c.id === id)) throw Object.assign(new Error("Unrecognized chain"), { code: 4902 });
        chainId = id;
        emit("chainChanged", numberToHex(id));
        return null;
      }
      case "wallet_addEthereumChain":
        return null;
      case "eth_sendTransaction": {
        const tx = params?.[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        return (await wallet()).sendTransaction({
          account: await signer(),
          chain: chain(),
          to: tx.to,
          data: tx.data,
          value: tx.value ? fromHex(tx.value, "bigint") : undefined,
          gas: tx.gas ? fromHex(tx.gas, "bigint") : undefined,
        });
      }
      case "wallet_getCapabilities": {
        const wanted = (params?.[1] as Hex[] | undefined)?.map((h) => fromHex(h, "number"));
        const ids = chains.map((c) => c.id).filter((id) => !wanted || wanted.includes(id));
        return Object.fromEntries(ids.map((id) => [numberToHex(id), { atomic: { status: "supported" } }]));
      }
      case "wallet_sendCalls": {
        const req = params?.[0] as { chainId: Hex; calls: Call[] };
        const on = chains.find((c) => c.id === fromHex(req.chainId, "number"));
        if (!on) throw Object.assign(new Error("Unsupported chain"), { code: 5710 });
        const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
        batches.set(id, { chainId: on.id, receipts: [], status: 100 });
        void runBatch(id, on, req.calls);
        return { id };
      }
      case "wallet_getCallsStatus": {
        const id = params?.[0] as string;
        const b = batches.get(id);
        if (!b) throw Object.assign(new Error("Unknown bundle id"), { code: 5730 });
        return {
          version: "2.0.0",
          id,
          chainId: numberToHex(b.chainId),
          atomic: true,
          status: b.status,
          receipts: b.status === 100 ? [] : b.receipts,
        };
      }
      case "eth_signTypedData_v4": {
        // viem derives EIP712Domain from the domain itself: the wallet gets the rest.
        const typed = JSON.parse(params?.[1] as string) as TypedDataDefinition & { types: Record<string, unknown> };
        const types = Object.fromEntries(Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"));
        return (await signer()).signTypedData({ ...typed, types });
      }
      case "personal_sign":
        return (await signer()).signMessage({ message: { raw: params?.[0] as Hex } });
      default:
        return (await wallet()).request({ method, params } as never);
    }
  }
  return {
    address: ACCOUNT_ADDRESS,
    request,
    on: (ev: string, l: Listener) => void (listeners.get(ev) ?? listeners.set(ev, new Set()).get(ev)!).add(l),
    removeListener: (ev: string, l: Listener) => void listeners.get(ev)?.delete(l),
  };
}

type LocalProvider = ReturnType<typeof createLocalProvider>;

/** The receipt as the node returns it (EIP-5792 status answers carry raw receipts). */
async function waitForRawReceipt(on: Chain, hash: Hex): Promise<{ status: Hex }> {
  for (;;) {
    const res = await fetch(on.rpcUrls.default.http[0], {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [hash] }),
    });
    const { result } = (await res.json()) as { result?: { status: Hex } | null };
    if (result) return result;
    await new Promise((done) => setTimeout(done, 250));
  }
}

export const localTestWallet: () => CreateConnectorFn = () => {
  let provider: LocalProvider | undefined;
  let connected = false;
  return createConnector<LocalProvider>((config) => ({
    id: LOCAL_TEST_WALLET_ID,
    name: "Local test wallet",
    type: "localTestWallet",
    async connect({ chainId, withCapabilities } = {}) {
      const p = await this.getProvider();
      if (chainId) await this.switchChain?.({ chainId });
      connected = true;
      const addr = getAddress(p.address);
      const accounts = withCapabilities ? [{ address: addr, capabilities: {} }] : [addr];
      return { accounts: accounts as never, chainId: await this.getChainId() };
    },
    disconnect() {
      connected = false;
      return Promise.resolve();
    },
    async getAccounts() {
      const p = await this.getProvider();
      return [getAddress(p.address)];
    },
    async getChainId() {
      const p = await this.getProvider();
      return fromHex((await p.request({ method: "eth_chainId" })) as Hex, "number");
    },
    getProvider(): Promise<LocalProvider> {
      if (!provider) {
        provider = createLocalProvider(config.chains, config.chains[0].id);
        provider.on("chainChanged", (id) => this.onChainChanged(id as string));
      }
      return Promise.resolve(provider);
    },
    async isAuthorized() {
      return connected || (await config.storage?.getItem("recentConnectorId")) === LOCAL_TEST_WALLET_ID;
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new Error("Chain not configured"));
      const p = await this.getProvider();
      await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
      return chain;
    },
    onAccountsChanged(accounts) {
      config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
    },
    onChainChanged(chain) {
      config.emitter.emit("change", { chainId: Number(chain) });
    },
    onDisconnect() {
      connected = false;
      config.emitter.emit("disconnect");
    },
  }));
};
