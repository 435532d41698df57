// The read layer (lazy chunk): one bare viem client per chain for the presale reads. It needs viem but not
// wagmi, so the page's data loads without waiting for the wallet layer (chain/web3.ts), which starts
// later, when the browser is idle.
import { createClient, type Address, type Client, type Hex } from "viem";
import { getBlock, getCode, readContract } from "viem/actions";
import { abiOf } from "../config/contracts.ts";
import type { ChainBlock } from "../config/env.ts";
import { multicallOf, transportFor, viemChain } from "../config/viemChains.ts";
import { yieldToMain } from "../shared/schedule.ts";
import { readChain, readStage, type ChainData, type Stage } from "./reads.ts";
import { payRow, type PayKind } from "./payTokens.ts";

// A bare client: the reads need one action (multicall), not the eighty that createPublicClient attaches.
const clients = new Map<number, Client>();
function clientFor(b: ChainBlock): Client {
  let c = clients.get(b.chainIdInt);
  if (!c) clients.set(b.chainIdInt, (c = createClient({ chain: viemChain(b), transport: transportFor(b) })));
  return c;
}

// Each read starts in a task of its own: the queries of both chains resolve together, and encoding and decoding a
// multicall is several milliseconds of work on a phone.
export async function readChainData(
  b: ChainBlock,
  user: Address | undefined,
  prev: ChainData | undefined,
  ethLeg?: number,
): Promise<ChainData> {
  await yieldToMain();
  return readChain(clientFor(b), b, multicallOf(b), user, prev, ethLeg);
}

/** The account's code on a chain (`eth_getCode`): presale/recipient.ts tells a key's account from a contract's. */
export async function readAccountCode(b: ChainBlock, address: Address): Promise<Hex | undefined> {
  return getCode(clientFor(b), { address, blockTag: "latest" });
}

export async function readStageData(b: ChainBlock): Promise<Stage> {
  await yieldToMain();
  return readStage(clientFor(b), b, multicallOf(b));
}

/** The contract's quote for `tokens` whole tokens paid with `kind` (its row's quote view), from the latest block. */
export async function readQuote(b: ChainBlock, kind: PayKind, tokens: bigint): Promise<bigint> {
  return readContract(clientFor(b), {
    address: b.presaleAddress,
    abi: abiOf("Presale"),
    functionName: payRow(kind).quote,
    args: [tokens],
  });
}

/** The chain's latest block time (unix seconds): what the contracts compare their deadlines with. */
export async function readChainTime(b: ChainBlock): Promise<number> {
  return Number((await getBlock(clientFor(b), { blockTag: "latest" })).timestamp);
}
