/**
 * The test wallet: an EIP-1193 provider injected into the page and announced over EIP-6963 (so the dapp's real
 * injected-connector path runs), backed on the Node side by a viem account holding a funded Hardhat test key and
 * talking to the local chain the wallet is currently on.
 *
 * Controls: rejectNext() (code 4001 on the next matching request, or on a later one: `{ skip }`), holdNext() (the next matching request stays
 * unanswered, like a prompt the user has not looked at yet, until released), failNextSwitch() (a chain switch fails),
 * forgetChain() (the chain is unknown to the wallet: switch answers 4902 until wallet_addEthereumChain adds it).
 * Every request is recorded in `calls`; prompts() counts the ones a real wallet would have shown to the user.
 *
 * Modes (what the wallet announces):
 * - "batch": EIP-5792 like a smart wallet: wallet_getCapabilities announces atomic batches on both local chains,
 *   wallet_sendCalls runs the calls (back to back, each after the previous receipt; the first revert ends the batch
 *   as failed: a plain key cannot make them one transaction), wallet_getCallsStatus reports them. Signs typed data.
 * - "plain": no EIP-5792 (4200 Unsupported Method), signs typed data (EIP-712: permits).
 * - "legacy": neither: EIP-5792 and eth_signTypedData_v4 answer 4200.
 *
 * throughContractAccount(account): the wallet presents a contract account (contracts/test-support/SmartWallet.sol)
 * that its key owns, as a smart-account wallet does: the dapp sees the account's address, and each transaction is
 * sent by the key as the account's `exec(target, value, data)` (the value from the account's balance), so the
 * account is msg.sender where it lands.
 */
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import {
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseAbi,
  publicActions,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { CHAIN_IDS, URLS } from "./config.ts";

export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
export const WALLET_INFO = { name: "E2E Wallet", rdns: "io.e2e.wallet", uuid: "6c6e2b8e-2a3c-4b4f-9f00-0000000e2e00" };
export const CONNECT_TEST_ID = `connect-injected-${WALLET_INFO.rdns}`;

export const localChains = {
  [CHAIN_IDS.eth]: defineChain({
    id: CHAIN_IDS.eth,
    name: "Local Ethereum",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [URLS.eth] } },
  }),
  [CHAIN_IDS.base]: defineChain({
    id: CHAIN_IDS.base,
    name: "Local Base",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [URLS.base] } },
  }),
} as const;
export type LocalChainId = keyof typeof localChains;

export function accountAt(index: number): LocalAccount {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
}

type RpcError = { code: number; message: string; data?: unknown };
type Envelope = { result?: unknown; error?: RpcError; events?: { name: string; arg: unknown }[] };
export type WalletCall = {
  method: string;
  params: unknown[];
  outcome: "ok" | "error";
  error?: RpcError;
  result?: unknown;
};

export type WalletMode = "batch" | "plain" | "legacy";
const USER_PROMPTS = [
  "eth_requestAccounts",
  "wallet_requestPermissions",
  "eth_sendTransaction",
  "wallet_sendCalls",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
];
/** Requests a real wallet shows for the user's confirmation of an action (signatures and transactions). */
export const ACTION_PROMPTS = ["eth_sendTransaction", "wallet_sendCalls", "eth_signTypedData_v4", "personal_sign"];
const rejected = (): RpcError => ({ code: 4001, message: "User rejected the request." });
const unsupported = (method: string): RpcError => ({ code: 4200, message: `The wallet does not support ${method}.` });
type BatchCall = { to: Hex; data?: Hex; value?: Hex };
type Batch = { chainId: number; status: 200 | 500 | 600; receipts: { status: Hex; transactionHash: Hex }[] };
const SMART_WALLET_EXEC = parseAbi([
  "function exec(address target, uint256 value, bytes data) payable returns (bytes)",
]);

/**
 * The page half, as plain JavaScript source: a function's toString() would carry whatever helpers the transpiler in
 * use injected (tsx/esbuild adds __name calls), which do not exist in the page.
 */
const PAGE_PROVIDER = String.raw`(info) => {
  if (window.__e2eWalletInstalled) return;
  window.__e2eWalletInstalled = true;
  const listeners = {};
  const emit = (name, arg) => {
    for (const fn of (listeners[name] || []).slice()) {
      try { fn(arg); } catch (e) { console.error(e); }
    }
  };
  const provider = {
    isE2EWallet: true,
    async request(args) {
      if (!args || typeof args.method !== "string") throw Object.assign(new Error("invalid request"), { code: -32600 });
      const r = await window.__e2eWalletRequest(args.method, JSON.stringify(args.params === undefined ? [] : args.params));
      for (const ev of r.events || []) emit(ev.name, ev.arg);
      if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code, data: r.error.data });
      return r.result;
    },
    on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); return provider; },
    removeListener(name, fn) { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); return provider; },
  };
  provider.off = provider.removeListener;
  window.__e2eWalletEmit = emit;
  const detail = Object.freeze({ info: Object.freeze(Object.assign({}, info)), provider });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}`;

const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f6feb"/><text x="16" y="21" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">E2E</text></svg>').toString("base64")}`;

export class TestWallet {
  readonly account: LocalAccount;
  chainId: LocalChainId;
  readonly calls: WalletCall[] = [];
  private connected = false;
  private known = new Set<number>([CHAIN_IDS.eth, CHAIN_IDS.base]);
  private rejectQueue: { methods: string[]; skip: number }[] = [];
  private holdQueue: { method: string; released: Promise<void> }[] = [];
  private switchFailures: RpcError[] = [];
  private page?: Page;
  private batches = new Map<string, Batch>();
  private contractAccount?: Address;

  constructor(
    readonly index: number,
    initialChain: LocalChainId = CHAIN_IDS.eth,
    readonly mode: WalletMode = "legacy",
  ) {
    this.account = accountAt(index);
    this.chainId = initialChain;
  }

  /** The address the dapp sees: the key's own, or the contract account it drives (throughContractAccount). */
  get address(): `0x${string}` {
    return this.contractAccount ?? this.account.address;
  }

  /**
   * From now on the wallet presents `account`, a SmartWallet owned by this wallet's key, and sends each transaction
   * as the key's call of `account.exec(to, value, data)`, paid from the account's balance (call before connecting). The
   * wallet then signs nothing (a contract signs through ERC-1271, which this wallet does not do): it must be "legacy".
   */
  throughContractAccount(account: Address): void {
    if (this.mode !== "legacy") throw new Error("a contract account's wallet signs nothing: use the legacy mode");
    this.contractAccount = account;
  }

  /** Installs the provider in `page` (before any navigation). */
  async install(page: Page): Promise<void> {
    this.page = page;
    await page.exposeFunction("__e2eWalletRequest", (method: string, params: string) =>
      this.handle(method, JSON.parse(params) as unknown[]),
    );
    await page.addInitScript({ content: `(${PAGE_PROVIDER})(${JSON.stringify({ ...WALLET_INFO, icon: ICON })});` });
  }

  /**
   * The next request among `methods` (default: anything the user would be asked about) is rejected with 4001; with
   * `skip`, that many matching requests are answered first (e.g. the approval goes through, the purchase is refused).
   */
  rejectNext(methods: string | string[] = USER_PROMPTS, { skip = 0 }: { skip?: number } = {}): void {
    this.rejectQueue.push({ methods: Array.isArray(methods) ? methods : [methods], skip });
  }

  /** The next wallet_switchEthereumChain fails (default: a generic internal error, not 4902). */
  failNextSwitch(error: RpcError = { code: -32603, message: "Switching chains failed (e2e)." }): void {
    this.switchFailures.push(error);
  }

  /** The next `method` request waits unanswered, as an open wallet prompt does, until `release()`; then it runs. */
  holdNext(method: string): { release: () => void } {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holdQueue.push({ method, released });
    return { release };
  }

  /** The wallet does not know this chain: switching answers 4902 until the dapp adds it. */
  forgetChain(chainId: number): void {
    this.known.delete(chainId);
  }

  knows(chainId: number): boolean {
    return this.known.has(chainId);
  }

  /** Moves the wallet to another chain as if the user did it in the wallet UI (emits chainChanged). */
  async userSwitchesTo(chainId: LocalChainId): Promise<void> {
    this.chainId = chainId;
    await this.page?.evaluate(
      `window.__e2eWalletEmit && window.__e2eWalletEmit("chainChanged", "0x${chainId.toString(16)}")`,
    );
  }

  sent(): WalletCall[] {
    return this.calls.filter((c) => c.method === "eth_sendTransaction" && c.outcome === "ok");
  }

  /** Action prompts (signatures, transactions, batches) the user saw from call number `from` on, refused ones included. */
  prompts(from = 0): WalletCall[] {
    return this.calls
      .slice(from)
      .filter((c) => ACTION_PROMPTS.includes(c.method) && (c.outcome === "ok" || c.error?.code === 4001));
  }

  /** Hashes of the transactions the wallet sent from call number `from` on (single transactions and batches' calls). */
  txHashes(from = 0): Hex[] {
    return this.calls.slice(from).flatMap((c) => {
      if (c.outcome !== "ok") return [];
      if (c.method === "eth_sendTransaction") return [c.result as Hex];
      if (c.method === "wallet_sendCalls")
        return this.batches.get((c.result as { id: string }).id)?.receipts.map((r) => r.transactionHash) ?? [];
      return [];
    });
  }

  private takeRejection(method: string): boolean {
    const i = this.rejectQueue.findIndex((r) => r.methods.includes(method));
    if (i < 0) return false;
    if (this.rejectQueue[i].skip-- > 0) return false;
    this.rejectQueue.splice(i, 1);
    return true;
  }

  private async handle(method: string, params: unknown[]): Promise<Envelope> {
    const held = this.holdQueue.findIndex((h) => h.method === method);
    if (held >= 0) await this.holdQueue.splice(held, 1)[0].released;
    let env: Envelope;
    try {
      env = this.takeRejection(method) ? { error: rejected() } : await this.dispatch(method, params);
    } catch (e) {
      const err = e as { code?: number; message?: string; shortMessage?: string; details?: string };
      env = {
        error: {
          code: typeof err.code === "number" ? err.code : -32603,
          message: err.shortMessage ?? err.message ?? String(e),
        },
      };
    }
    this.calls.push({ method, params, outcome: env.error ? "error" : "ok", error: env.error, result: env.result });
    return env;
  }

  private async dispatch(method: string, params: unknown[]): Promise<Envelope> {
    const hexChain = `0x${this.chainId.toString(16)}`;
    switch (method) {
      case "eth_requestAccounts":
        this.connected = true;
        return { result: [this.address], events: [{ name: "connect", arg: { chainId: hexChain } }] };
      case "eth_accounts":
        return { result: this.connected ? [this.address] : [] };
      case "eth_chainId":
        return { result: hexChain };
      case "net_version":
        return { result: String(this.chainId) };
      case "wallet_requestPermissions":
        this.connected = true;
        return {
          result: [
            {
              parentCapability: "eth_accounts",
              caveats: [{ type: "restrictReturnedAccounts", value: [this.address] }],
            },
          ],
        };
      case "wallet_getPermissions":
        return {
          result: this.connected
            ? [
                {
                  parentCapability: "eth_accounts",
                  caveats: [{ type: "restrictReturnedAccounts", value: [this.address] }],
                },
              ]
            : [],
        };
      case "wallet_revokePermissions":
        this.connected = false;
        return { result: null, events: [{ name: "accountsChanged", arg: [] }] };
      case "wallet_switchEthereumChain": {
        const failure = this.switchFailures.shift();
        if (failure) return { error: failure };
        const id = Number((params[0] as { chainId: string }).chainId);
        if (!this.known.has(id) || !(id in localChains))
          return {
            error: {
              code: 4902,
              message: `Unrecognized chain ID "${(params[0] as { chainId: string }).chainId}". Try adding the chain using wallet_addEthereumChain first.`,
            },
          };
        if (id === this.chainId) return { result: null };
        this.chainId = id as LocalChainId;
        const hex = `0x${id.toString(16)}`;
        return { result: null, events: [{ name: "chainChanged", arg: hex }] };
      }
      case "wallet_addEthereumChain": {
        const p = params[0] as { chainId: string; rpcUrls?: string[]; chainName?: string };
        const id = Number(p.chainId);
        if (!(id in localChains))
          return { error: { code: -32602, message: `e2e wallet cannot reach chain ${p.chainId}` } };
        if (!p.rpcUrls?.length || !p.chainName)
          return { error: { code: -32602, message: "chainName and rpcUrls are required" } };
        this.known.add(id);
        return { result: null };
      }
      case "personal_sign": {
        if (this.contractAccount) return { error: unsupported(method) };
        const [data] = params as [Hex, string];
        return { result: await this.account.signMessage({ message: { raw: data } }) };
      }
      case "wallet_getCapabilities": {
        if (this.mode !== "batch") return { error: unsupported(method) };
        const atomic = { atomic: { status: "supported" } };
        return {
          result: { [`0x${CHAIN_IDS.eth.toString(16)}`]: atomic, [`0x${CHAIN_IDS.base.toString(16)}`]: atomic },
        };
      }
      case "wallet_sendCalls":
        if (this.mode !== "batch") return { error: unsupported(method) };
        return this.sendCalls(params[0] as { chainId: Hex; from?: string; calls: BatchCall[] });
      case "wallet_getCallsStatus": {
        if (this.mode !== "batch") return { error: unsupported(method) };
        const id = params[0] as string;
        const b = this.batches.get(id);
        if (!b) return { error: { code: 5730, message: "Unknown bundle id" } };
        return {
          result: {
            version: "2.0.0",
            id,
            chainId: `0x${b.chainId.toString(16)}`,
            atomic: true,
            status: b.status,
            receipts: b.receipts,
          },
        };
      }
      case "eth_signTypedData_v4": {
        if (this.mode === "legacy") return { error: unsupported(method) };
        // viem derives EIP712Domain from the domain itself: the signer gets the other types.
        const typed = JSON.parse(String(params[1])) as TypedDataDefinition & { types: Record<string, unknown> };
        const types = Object.fromEntries(Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"));
        return { result: await this.account.signTypedData({ ...typed, types } as TypedDataDefinition) };
      }
      case "eth_sendTransaction": {
        const tx = params[0] as { from?: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
        if (tx.from && tx.from.toLowerCase() !== this.address.toLowerCase())
          return { error: { code: 4100, message: "unknown account" } };
        const client = createWalletClient({
          account: this.account,
          chain: localChains[this.chainId],
          transport: http(),
        });
        const value = tx.value ? BigInt(tx.value) : undefined;
        if (this.contractAccount) {
          if (!tx.to) return { error: { code: -32602, message: "a contract account's wallet does not deploy" } };
          // The account pays from its own balance; the dapp's gas figure was for the account's own call, so the
          // key's call around it estimates afresh.
          const data = encodeFunctionData({
            abi: SMART_WALLET_EXEC,
            functionName: "exec",
            args: [tx.to, value ?? 0n, tx.data ?? "0x"],
          });
          return { result: await client.sendTransaction({ to: this.contractAccount, data }) };
        }
        const hash = await client.sendTransaction({
          to: tx.to,
          data: tx.data,
          value,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
        return { result: hash };
      }
      default:
        return this.passThrough(method, params);
    }
  }

  /** Runs a batch's calls back to back (each after the previous receipt); the first failure ends the batch. */
  private async sendCalls(req: { chainId: Hex; from?: string; calls: BatchCall[] }): Promise<Envelope> {
    const chainId = Number(req.chainId);
    if (!(chainId in localChains)) return { error: { code: 5710, message: `Unsupported chain ${req.chainId}` } };
    if (req.from && req.from.toLowerCase() !== this.address.toLowerCase())
      return { error: { code: 4100, message: "unknown account" } };
    const chain = localChains[chainId as LocalChainId];
    const client = createWalletClient({ account: this.account, chain, transport: http() }).extend(publicActions);
    const receipts: Batch["receipts"] = [];
    for (const c of req.calls) {
      try {
        const hash = await client.sendTransaction({
          to: c.to,
          data: c.data,
          value: c.value ? BigInt(c.value) : undefined,
        });
        const r = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
        receipts.push({ status: r.status === "success" ? "0x1" : "0x0", transactionHash: hash });
        if (r.status !== "success") break;
      } catch {
        break;
      }
    }
    const ok = receipts.filter((r) => r.status === "0x1").length;
    const id = `0x${randomBytes(32).toString("hex")}`;
    // Raw receipts as the node gives them, as EIP-5792 asks.
    const raw = await Promise.all(
      receipts.map((r) => this.passThrough("eth_getTransactionReceipt", [r.transactionHash], chainId as LocalChainId)),
    );
    this.batches.set(id, {
      chainId,
      status: ok === req.calls.length ? 200 : ok === 0 ? 500 : 600,
      receipts: raw.map((e) => e.result as Batch["receipts"][number]),
    });
    return { result: { id } };
  }

  private async passThrough(
    method: string,
    params: unknown[],
    chainId: LocalChainId = this.chainId,
  ): Promise<Envelope> {
    const r = await fetch(localChains[chainId].rpcUrls.default.http[0], {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const j = (await r.json()) as { result?: unknown; error?: RpcError };
    return j.error ? { error: j.error } : { result: j.result };
  }
}
