/** On-chain side of the assertions and the owner's actions, straight against the local nodes (viem). */
import fs from "node:fs";
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { CHAIN_IDS, STATE_FILE, type StackState } from "./config.ts";
import { accountAt, localChains, type LocalChainId } from "./wallet.ts";

let cached: StackState | undefined;
export function stackState(): StackState {
  if (!cached) {
    if (!fs.existsSync(STATE_FILE)) throw new Error(`${STATE_FILE} missing: the global setup did not start the stack`);
    cached = JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as StackState;
  }
  return cached;
}

export type ChainKey = "eth" | "base";
const idOf = (k: ChainKey): LocalChainId => (k === "eth" ? CHAIN_IDS.eth : CHAIN_IDS.base);

export const pub = {
  eth: createPublicClient({ chain: localChains[CHAIN_IDS.eth], transport: http(), pollingInterval: 100 }),
  base: createPublicClient({ chain: localChains[CHAIN_IDS.base], transport: http(), pollingInterval: 100 }),
};

export function contract(chain: ChainKey, name: string): { address: Address; abi: Abi } {
  const c = stackState().contracts[chain][name];
  if (!c) throw new Error(`no ${name} on ${chain} in the deployment`);
  return { address: c.address, abi: c.abi as Abi };
}

export async function read<T = unknown>(
  chain: ChainKey,
  name: string,
  functionName: string,
  args: unknown[] = [],
): Promise<T> {
  const c = contract(chain, name);
  return (await pub[chain].readContract({ ...c, functionName, args })) as T;
}

/** Sends a transaction from a Hardhat account (default #0, the deployer and owner) and waits for it. */
export async function write(
  chain: ChainKey,
  name: string,
  functionName: string,
  args: unknown[] = [],
  opts: { from?: number; value?: bigint } = {},
): Promise<Hex> {
  const c = contract(chain, name);
  const client = createWalletClient({
    account: accountAt(opts.from ?? 0),
    chain: localChains[idOf(chain)],
    transport: http(),
  });
  const { request } = await pub[chain].simulateContract({
    ...c,
    functionName,
    args,
    account: client.account,
    value: opts.value,
  } as never);
  const hash = await client.writeContract(request as never);
  const receipt = await pub[chain].waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${name}.${functionName} reverted on ${chain}`);
  return hash;
}

/** A smaller USDT allowance to the Ethereum presale, left from earlier (as another dapp would leave it). USDT refuses
 * a non-zero to non-zero approve, so a purchase over it needs the reset to zero first. */
export async function leaveUsdtAllowance(owner: { index: number }, amount: bigint): Promise<void> {
  const presale = contract("eth", "Presale").address;
  await write("eth", "USDT", "approve", [presale, 0n], { from: owner.index });
  await write("eth", "USDT", "approve", [presale, amount], { from: owner.index });
}

export const deposits = (chain: ChainKey, user: Address) => read<bigint>(chain, "Presale", "userDeposits", [user]);
export const tokenBalance = (chain: ChainKey, token: string, user: Address) =>
  read<bigint>(chain, token, "balanceOf", [user]);
export const allowance = (chain: ChainKey, token: string, owner: Address, spender: Address) =>
  read<bigint>(chain, token, "allowance", [owner, spender]);
export const ethBalance = (chain: ChainKey, user: Address) => pub[chain].getBalance({ address: user });

export async function setEthBalance(chain: ChainKey, user: Address, ether: string): Promise<void> {
  await pub[chain].request({
    method: "hardhat_setBalance" as never,
    params: [user, `0x${parseEther(ether).toString(16)}`] as never,
  });
}

/** Moves the chain's clock forward and mines a block (evm_increaseTime + evm_mine). */
export async function advanceTime(chain: ChainKey, seconds: number): Promise<void> {
  await pub[chain].request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await pub[chain].request({ method: "evm_mine" as never, params: [] as never });
}

export async function latestTimestamp(chain: ChainKey): Promise<bigint> {
  return (await pub[chain].getBlock({ blockTag: "latest" })).timestamp;
}

/** Polls `probe` until it returns a truthy value (on-chain state the page's action should produce). */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  timeoutMs = 30_000,
  everyMs = 250,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < end) {
    last = await probe();
    if (last) return last;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last value: ${String(last)})`);
}

export const WHOLE = 10n ** 18n;
export const usd6 = (n: string) => parseUnits(n, 6);
