/**
 * Cross-chain reads shared by `admin start-claim`, `admin open-claim` and `admin relay`: which Ethereum buyers still
 * have tokens to send to Base, and what still stands between the sale and the claim.
 */
import { claimMissing, type ClaimFacts } from "@shaft/owner-actions";
import { buyersIn, unrelayedOf, type UnrelayedBuyer } from "../lib/crosschain.js";
import { addressOf, needBase, needEthereum, needStaking, type ChainCtx } from "./context.js";

/** Ethereum buyers (from the presale's events since its deployment) with tokens not yet relayed to Base. */
export async function unrelayedBuyers(eth: ChainCtx): Promise<UnrelayedBuyer[]> {
  const presale = needEthereum(eth, "buyers' tokens are relayed from the Ethereum side");
  const head = await eth.conn.ethers.provider.getBlockNumber();
  const buyers = await buyersIn(
    eth.conn,
    eth.record.contracts.Presale.address,
    eth.record.contracts.Presale.deployBlock,
    head,
  );
  return (await unrelayedOf(presale, buyers)).unrelayed;
}

/** "3 buyer(s), 12,000 tokens: 0xab… (5,000), …" */
export function describeUnrelayed(list: UnrelayedBuyer[]): string {
  const total = list.reduce((a, b) => a + b.tokens - b.relayed, 0n);
  const sample = list
    .slice(0, 5)
    .map((b) => `${b.buyer} (${b.tokens - b.relayed} for ${b.recipient})`)
    .join(", ");
  return `${list.length} buyer(s), ${total} tokens: ${sample}${list.length > 5 ? ", …" : ""}`;
}

export interface ClaimReadiness {
  /** Base has received Ethereum's close (the report sent by `closeSale`, or any later one). */
  closeDelivered: boolean;
  /** Sale-token wei the Base presale must hold (every token sold on both chains, less what buy-and-stake moved). */
  required: bigint;
  balance: bigint;
  /** Everything missing, each as a sentence that says what to do (@shaft/owner-actions' claimMissing). Empty = the
   * claim can start. */
  missing: string[];
}

/**
 * What still stands between the sale and the claim on Base, in the order it has to happen: Ethereum closed, its close
 * delivered to Base, the Base presale funded. `eth` (when given) names what to run on the Ethereum side.
 */
export async function claimReadiness(base: ChainCtx, eth?: ChainCtx): Promise<ClaimReadiness> {
  const presale = needBase(base, "claims start on the Base side");
  const { token } = needStaking(base);
  const [closeDelivered, sold, staked, balance] = await Promise.all([
    presale.remoteSaleClosed(),
    presale.totalTokensSold(),
    presale.stakedDuringSale(),
    token.balanceOf(presale.target),
  ]);
  const required = sold * 10n ** 18n - staked;
  let ethFacts: ClaimFacts["eth"];
  if (!closeDelivered && eth !== undefined) {
    const ethP = needEthereum(eth, "the Ethereum sale closes on the Ethereum side");
    const [closed, endTime, block] = await Promise.all([
      ethP.saleClosed(),
      ethP.endTime(),
      eth.conn.ethers.provider.getBlock("latest"),
    ]);
    ethFacts = { name: eth.info.name, closed, endTime, now: BigInt(block!.timestamp) };
  }
  const missing = claimMissing({ closeDelivered, required, balance, presale: addressOf(presale), eth: ethFacts });
  return { closeDelivered, required, balance, missing };
}
