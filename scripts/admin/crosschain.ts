/**
 * Cross-chain reads shared by `admin start-claim`, `admin relay` and `admin status`: which Ethereum buyers' deposits
 * have not reached Base yet, and what still stands between the sale and the claim.
 */
import { formatUnits } from "ethers";
import { depositOwners, mapBounded } from "../lib/purchases.js";
import { fmtTime, type ChainCtx } from "./context.js";

export interface PendingRelay {
  user: string;
  /** Cumulative deposit on Ethereum (sale-token wei). */
  deposit: bigint;
  /** What Base has imported for this buyer so far. */
  imported: bigint;
}

/**
 * Ethereum buyers (from the purchase events) whose deposit is above what Base has imported. The events are read as
 * raw topics (scripts/lib/purchases.ts: decoding thousands of them stalled the process into a dropped connection), the
 * deposits 25 buyers at a time.
 */
export async function pendingRelays(eth: ChainCtx, base: ChainCtx): Promise<PendingRelay[]> {
  const head = await eth.conn.ethers.provider.getBlockNumber();
  const presale = eth.record.contracts.Presale;
  const buyers = [...(await depositOwners(eth.conn, presale.address, presale.deployBlock, head))];
  const reads = await mapBounded(buyers, 25, (user) =>
    Promise.all([eth.presale.userDeposits(user), base.presale.remoteDepositsImported(user)]),
  );
  return buyers
    .map((user, i) => ({ user, deposit: reads[i][0], imported: reads[i][1] }))
    .filter((p) => p.deposit > p.imported);
}

export interface ClaimReadiness {
  ethClosed: boolean;
  ethEndTime: bigint;
  ethNow: bigint;
  /** Base has received Ethereum's final report (closed flag delivered through the messenger). */
  finalReportDelivered: boolean;
  pending: PendingRelay[];
  /** Everything missing, each as a sentence that says what to do. Empty = the claim can start. */
  missing: string[];
}

/** What still stands between the Ethereum sale and the claim on Base, in the order it has to happen. */
export async function claimReadiness(eth: ChainCtx, base: ChainCtx): Promise<ClaimReadiness> {
  const [ethClosed, ethEndTime, finalReportDelivered] = await Promise.all([
    eth.presale.saleClosed(),
    eth.presale.endTime(),
    base.presale.remoteSaleClosed(),
  ]);
  const ethNow = BigInt((await eth.conn.ethers.provider.getBlock("latest"))!.timestamp);
  const pending = await pendingRelays(eth, base);
  const missing: string[] = [];
  if (!ethClosed) {
    missing.push(
      ethNow >= ethEndTime
        ? `the Ethereum sale is not closed: its end time ${fmtTime(ethEndTime)} has passed, so anyone can close it: npm run admin -- close-sale --network ${eth.info.name}`
        : `the Ethereum sale is not closed: it ends at ${fmtTime(ethEndTime)}; close it now (owner) with npm run admin -- close-sale --network ${eth.info.name}, or wait for the end time`,
    );
  } else if (!finalReportDelivered) {
    missing.push(
      `the Ethereum sale is closed but its final report has not reached Base yet: the bridge delivers it within minutes (locally the relayer of npm start or npm run relayer); check again shortly (a delivery that failed on Base is in the L2 messenger's failedMessages and anyone can replay it)`,
    );
  }
  if (pending.length > 0) {
    const total = pending.reduce((a, p) => a + (p.deposit - p.imported), 0n);
    const sample = pending
      .slice(0, 5)
      .map((p) => `${p.user} (${formatUnits(p.deposit - p.imported, 18)})`)
      .join(", ");
    missing.push(
      `${pending.length} Ethereum buyer(s)' deposits are not on Base yet (${formatUnits(total, 18)} tokens: ${sample}${pending.length > 5 ? ", …" : ""}): ` +
        `relay them with npm run admin -- relay --network ${eth.info.name} (anyone can) or let the keeper do it, then wait for the bridge`,
    );
  }
  return { ethClosed, ethEndTime, ethNow, finalReportDelivered, pending, missing };
}
