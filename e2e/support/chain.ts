/** On-chain side of the assertions and the owner's actions, straight against the local nodes (viem). */
import fs from "node:fs";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  http,
  parseEther,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type Hex,
} from "viem";
import type { DeployedContracts } from "../../deployments/deployedContracts.ts";
import { CHAIN_IDS, ROOT, STATE_FILE, type StackState } from "./config.ts";
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

/** The generated map's contracts per local chain: names, functions, arguments and results are checked against it. */
type OnChain = { eth: DeployedContracts[typeof CHAIN_IDS.eth]; base: DeployedContracts[typeof CHAIN_IDS.base] };
export type ContractName<K extends ChainKey> = keyof OnChain[K] & string;
type AbiOf<K extends ChainKey, N extends ContractName<K>> = OnChain[K][N] extends { abi: infer A extends Abi }
  ? A
  : never;
type Reading = "pure" | "view";
type Writing = "nonpayable" | "payable";

export function contract<K extends ChainKey, N extends ContractName<K>>(
  chain: K,
  name: N,
): { address: Address; abi: AbiOf<K, N> } {
  const c = stackState().contracts[chain][name];
  if (!c) throw new Error(`no ${name} on ${chain} in the deployment`);
  // The stack's deployment wrote both this record and the generated map, so its ABI is the map's.
  return { address: c.address, abi: c.abi as unknown as AbiOf<K, N> };
}

/** A contract looked up by a name known only at run time (e.g. to decode any transaction), with a plain ABI. */
export function deployedContract(chain: ChainKey, name: string): { address: Address; abi: Abi } | undefined {
  const c = stackState().contracts[chain][name];
  return c && { address: c.address, abi: c.abi as Abi };
}

export async function read<
  K extends ChainKey,
  N extends ContractName<K>,
  F extends ContractFunctionName<AbiOf<K, N>, Reading>,
  const A extends ContractFunctionArgs<AbiOf<K, N>, Reading, F>,
>(chain: K, name: N, functionName: F, args?: A): Promise<ContractFunctionReturnType<AbiOf<K, N>, Reading, F, A>> {
  const { address, abi } = contract(chain, name);
  // The call goes through a plain Abi: viem cannot relate a generic ABI's decoded result to its declared type. The
  // checking happens in this function's signature, against the ABI the types read.
  const plainAbi: Abi = abi;
  const plainName: string = functionName;
  const result: unknown = await pub[chain].readContract({
    address,
    abi: plainAbi,
    functionName: plainName,
    args: (args ?? []) as readonly unknown[],
  });
  return result as ContractFunctionReturnType<AbiOf<K, N>, Reading, F, A>;
}

/** Sends a transaction from a Hardhat account (default #0, the deployer and owner) and waits for it. */
export async function write<
  K extends ChainKey,
  N extends ContractName<K>,
  F extends ContractFunctionName<AbiOf<K, N>, Writing>,
  const A extends ContractFunctionArgs<AbiOf<K, N>, Writing, F>,
>(chain: K, name: N, functionName: F, args?: A, opts: { from?: number; value?: bigint } = {}): Promise<Hex> {
  const c = contract(chain, name);
  const client = createWalletClient({
    account: accountAt(opts.from ?? 0),
    chain: localChains[idOf(chain)],
    transport: http(),
  });
  // A plain Abi inside, as in `read`: the signature above is what checks the call.
  const plainAbi: Abi = c.abi;
  const plainName: string = functionName;
  const { request } = await pub[chain].simulateContract({
    address: c.address,
    abi: plainAbi,
    functionName: plainName,
    args: (args ?? []) as readonly unknown[],
    account: client.account,
    value: opts.value,
  });
  const hash = await client.writeContract(request);
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

/**
 * A buyer's purchases in wei of tokens: on Base its claimable deposits (`userDeposits`); on Ethereum the tokens of its
 * current leg (`buyerInfo`: whole tokens, for the recipient it names), which grow with every purchase for the same
 * recipient.
 */
export async function deposits(chain: ChainKey, user: Address): Promise<bigint> {
  if (chain === "base") return read("base", "Presale", "userDeposits", [user]);
  return (await read("eth", "Presale", "buyerInfo", [user])).tokens * WHOLE;
}
/** The Base recipient an Ethereum buyer's unrelayed tokens go to, and the buyer's leg (`buyerInfo`). */
export const ethBuyer = (user: Address) => read("eth", "Presale", "buyerInfo", [user]);
/** What Base imported of an Ethereum buyer's leg (default: its current one), in wei of tokens. */
export async function imported(buyer: Address, leg?: bigint): Promise<bigint> {
  const l = leg ?? (await ethBuyer(buyer)).leg;
  return (await read("base", "Presale", "remoteDepositsImported", [buyer, l])) * WHOLE;
}
export type TokenName = "USDT" | "USDC" | "SaleToken";
const tokenAddress = (chain: ChainKey, token: TokenName): Address => {
  const c = deployedContract(chain, token);
  if (!c) throw new Error(`no ${token} on ${chain} in the deployment`);
  return c.address;
};
export const tokenBalance = (chain: ChainKey, token: TokenName, user: Address) =>
  pub[chain].readContract({
    address: tokenAddress(chain, token),
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [user],
  });
export const allowance = (chain: ChainKey, token: TokenName, owner: Address, spender: Address) =>
  pub[chain].readContract({
    address: tokenAddress(chain, token),
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, spender],
  });
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

/** The contract account (contracts/test-support/SmartWallet.sol) that Hardhat account `owner` deploys first. */
export const smartWalletOf = (owner: number): Address =>
  getContractAddress({ from: accountAt(owner).address, nonce: 0n });

/** Deploys `owner`'s SmartWallet on Ethereum as its first transaction (kept if a re-run finds it there). */
export async function deploySmartWallet(owner: number): Promise<Address> {
  const account = smartWalletOf(owner);
  if (await pub.eth.getCode({ address: account })) return account;
  const artifact = JSON.parse(
    fs.readFileSync(path.join(ROOT, "artifacts/contracts/test-support/SmartWallet.sol/SmartWallet.json"), "utf8"),
  ) as { abi: Abi; bytecode: Hex };
  const client = createWalletClient({
    account: accountAt(owner),
    chain: localChains[CHAIN_IDS.eth],
    transport: http(),
  });
  const hash = await client.deployContract({ ...artifact, args: [accountAt(owner).address] });
  const receipt = await pub.eth.waitForTransactionReceipt({ hash });
  if (receipt.contractAddress?.toLowerCase() !== account.toLowerCase())
    throw new Error(`the SmartWallet of #${owner} is not its first deployment`);
  return account;
}
