// LOCAL ENVIRONMENT ONLY. vite.env.ts resolves "virtual:local-test-wallet" to this file only when VITE_APP_ENV is
// "local"; every other build gets localTestWallet.stub.ts, and scripts/check-bundle.mjs fails a non-local build that
// contains this mnemonic. The account is Hardhat's well-known #3 (public test mnemonic), funded on the local chains.
import { createConnector, type CreateConnectorFn } from "wagmi";
import { createWalletClient, fromHex, getAddress, http, numberToHex, SwitchChainError, type Chain, type Hex, type LocalAccount } from "viem";

/** Hardhat's public test mnemonic: every local node funds its first accounts from it. */
export const HARDHAT_TEST_MNEMONIC = "test test test test test test test test test test test junk";
export const LOCAL_TEST_WALLET_ID: string | null = "localTestWallet";

type Listener = (...args: unknown[]) => void;

/** Hardhat's account #3 of the test mnemonic. The key derivation (and its code) waits for the first signature. */
export const ACCOUNT_INDEX = 3;
/** Its address, so reconnect and account reads need no key derivation. */
export const ACCOUNT_ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
let derived: Promise<LocalAccount> | undefined;
const signer = () =>
  (derived ??= import("viem/accounts").then(({ mnemonicToAccount }) => mnemonicToAccount(HARDHAT_TEST_MNEMONIC, { addressIndex: ACCOUNT_INDEX })));

function createLocalProvider(chains: readonly Chain[], initialChainId: number) {
  let chainId = initialChainId;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (ev: string, ...a: unknown[]) => listeners.get(ev)?.forEach((l) => l(...a));
  const chain = () => chains.find((c) => c.id === chainId)!;
  const wallet = async () => createWalletClient({ account: await signer(), chain: chain(), transport: http(chain().rpcUrls.default.http[0]) });

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
          account: await signer(), chain: chain(), to: tx.to, data: tx.data,
          value: tx.value ? fromHex(tx.value, "bigint") : undefined,
          gas: tx.gas ? fromHex(tx.gas, "bigint") : undefined,
        });
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

export const localTestWallet: () => CreateConnectorFn = () => {
  let provider: LocalProvider | undefined;
  let connected = false;
  return createConnector((config) => ({
    id: LOCAL_TEST_WALLET_ID!,
    name: "Local test wallet",
    type: "localTestWallet",
    async connect({ chainId, withCapabilities } = {}) {
      const p = (await this.getProvider()) as LocalProvider;
      if (chainId) await this.switchChain!({ chainId });
      connected = true;
      const addr = getAddress(p.address);
      const accounts = withCapabilities ? [{ address: addr, capabilities: {} }] : [addr];
      return { accounts: accounts as never, chainId: await this.getChainId() };
    },
    async disconnect() {
      connected = false;
    },
    async getAccounts() {
      const p = (await this.getProvider()) as LocalProvider;
      return [getAddress(p.address)];
    },
    async getChainId() {
      const p = (await this.getProvider()) as LocalProvider;
      return fromHex((await p.request({ method: "eth_chainId" })) as Hex, "number");
    },
    async getProvider() {
      if (!provider) {
        provider = createLocalProvider(config.chains, config.chains[0].id);
        provider.on("chainChanged", (id) => this.onChainChanged(id as string));
      }
      return provider;
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
