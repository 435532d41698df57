/** `admin status`: the state of both chains of a pair in one table, plus the cross-chain consistency checks. */
import { formatUnits } from "ethers";
import { ChainDownError, parse, Refusal, shortError } from "../lib/cli.js";
import { pairNamed, pairOf } from "../lib/networks.js";
import { addressOf, fmtTime, openChain, type AdminEnv, type ChainCtx } from "./context.js";
import { pendingRelays } from "./crosschain.js";

type Row = [string, string, string];

interface Sold {
  local: bigint;
  remote: bigint;
  imported: bigint;
  total: bigint;
}

/** One chain's column of the table, and the figures the cross-chain checks compare. */
interface ChainState {
  rows: Record<string, string>;
  sold?: Sold;
  ladder?: LadderView;
}

const keeperOf = (params: unknown): string | undefined =>
  typeof params === "object" && params !== null && "keeper" in params && typeof params.keeper === "string"
    ? params.keeper
    : undefined;

async function readChain(c: ChainCtx): Promise<ChainState> {
  const p = c.presale;
  const tryRead = async <T>(f: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await f();
    } catch {
      return undefined;
    }
  };
  const [
    paused,
    start,
    end,
    step,
    cp,
    total,
    local,
    remote,
    usd,
    localUsd,
    max,
    wallet,
    splits,
    claimStart,
    rounds,
    imported,
    owner,
  ] = await Promise.all([
    p.paused(),
    p.startTime(),
    p.endTime(),
    p.currentStep(),
    p.checkPoint(),
    p.totalTokensSold(),
    p.localTokensSold(),
    p.remoteTokensSold(),
    p.usdRaised(),
    tryRead(() => p.localUsdRaised()),
    p.maxTokensToBuy(),
    p.paymentWallet(),
    p.splits(),
    p.claimStart(),
    p.rounds(),
    p.totalRemoteDepositsImported(),
    p.owner(),
  ]);
  const r = rounds[Number(step)] ?? rounds[rounds.length - 1];
  const usd6 = (x: bigint) => `$${Number(formatUnits(x, 6)).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
  const row: Record<string, string> = {
    Presale: addressOf(p),
    owner: owner,
    paused: String(paused),
    "sale window": `${fmtTime(start).split(" ")[0]} → ${fmtTime(end).split(" ")[0]}`,
    "round (step)": `${Number(step) + 1} / ${rounds.length}`,
    "round price / cap": `$${formatUnits(r.price, 18)} / ${r.cap}`,
    "round ends": fmtTime(r.endTime).split(" ")[0],
    "checkpoint (tokens)": cp.toString(),
    "tokens sold here": local.toString(),
    "tokens sold other chain (synced)": remote.toString(),
    "tokens sold total": total.toString(),
    "USD raised here": localUsd === undefined ? "n/a" : usd6(localUsd),
    "USD raised total": usd6(usd),
    "max tokens per purchase": max.toString(),
    "payment wallet": wallet,
    splits:
      splits.length === 0 ? "(none)" : splits.map((s) => `${s.wallet.slice(0, 8)}…:${Number(s.bps) / 100}%`).join(" "),
    "claim start": c.saleToken ? fmtTime(claimStart) : "n/a (no claim here)",
    "sale closed": String(await tryRead(() => p.saleClosed())),
    "Ethereum final report received": c.saleToken ? String(await tryRead(() => p.remoteSaleClosed())) : "n/a",
    "other chain's presale (trusted)": String(await tryRead(() => p.remotePresale())),
    messenger: String(await tryRead(() => p.messenger())),
    "remote deposits imported": c.saleToken ? `${formatUnits(imported, 18)} tokens` : "n/a",
  };
  const keeper = keeperOf(c.record.params);
  if (keeper)
    row["keeper (has KEEPER_ROLE?)"] =
      `${keeper.slice(0, 10)}… ${(await p.hasRole(await p.KEEPER_ROLE(), keeper)) ? "yes" : "NO"}`;
  const sold = { local, remote, imported, total };
  const ladder = {
    rounds: rounds.map((x) => ({ cap: x.cap, price: x.price, endTime: x.endTime })),
    step: Number(step),
    checkPoint: cp,
  };
  if (c.saleToken) {
    row["presale SHAFT balance"] = formatUnits(await c.saleToken.balanceOf(addressOf(p)), 18);
  }
  if (c.staking) {
    const s = c.staking;
    const [apy, lock, send, lim, staked, reserve, dl, wl, cl] = await Promise.all([
      s.apy(),
      s.lockTime(),
      s.endTime(),
      s.maxDepositLimit(),
      s.totalStaked(),
      s.rewardReserve(),
      s.depositsLocked(),
      s.withdrawalsLocked(),
      s.claimsLocked(),
    ]);
    Object.assign(row, {
      Staking: addressOf(s),
      "staking APY / lock": `${Number(apy) / 100}% / ${Number(lock) / 86400} d`,
      "staking end": fmtTime(send).split(" ")[0],
      "staking max deposit": lim === 0n ? "no cap" : formatUnits(lim, 18),
      "total staked": formatUnits(staked, 18),
      "reward reserve": formatUnits(reserve, 18),
      "locks deposit/withdraw/claim": `${dl}/${wl}/${cl}`,
    });
  }
  return { rows: row, sold, ladder };
}

export async function status(rest: string[], env: AdminEnv, out: (s: string) => void): Promise<void> {
  const { values } = parse(rest, { pair: { type: "string" }, network: { type: "string" } });
  const pair = values.network ? pairOf(values.network) : pairNamed(values.pair ?? "local");
  const ctxs = await Promise.allSettled([pair.eth, pair.base].map((n) => openChain(n, env, "none")));
  const results = await Promise.allSettled(
    ctxs.map((c) => (c.status === "fulfilled" ? readChain(c.value) : Promise.reject(c.reason as Error))),
  );
  const cols: ChainState[] = results.map((r) =>
    r.status === "fulfilled" ? r.value : { rows: { Presale: `UNREACHABLE: ${shortError(r.reason).slice(0, 60)}` } },
  );
  const keys = [...new Set(cols.flatMap((c) => Object.keys(c.rows)))];
  const rows: Row[] = [["", `Ethereum side (${pair.eth})`, `Base side (${pair.base})`]];
  for (const k of keys) rows.push([k, cols[0].rows[k] ?? "-", cols[1].rows[k] ?? "-"]);
  const [e, b] = [cols[0], cols[1]];
  if (e.sold && b.sold && ctxs[0].status === "fulfilled" && ctxs[1].status === "fulfilled") {
    const inStep = e.sold.total === b.sold.total;
    rows.push([
      "CHECK one ladder",
      inStep ? "ok" : `NO: ${e.sold.total} vs ${b.sold.total}`,
      inStep ? "ok" : "keeper mirror (Base → Ethereum) / relay (Ethereum → Base)",
    ]);
    const need = e.sold.local * 10n ** 18n;
    const ok = b.sold.imported >= need;
    const pending = ok ? [] : await pendingRelays(ctxs[0].value, ctxs[1].value);
    rows.push([
      "CHECK Ethereum deposits on Base",
      ok
        ? "ok"
        : `NO: ${formatUnits(b.sold.imported, 18)} of ${e.sold.local} tokens; ${pending.length} buyer(s) to relay`,
      ok ? "ok" : "admin relay (anyone) or the keeper; then the bridge",
    ]);
  }
  const allDiffs = e.ladder && b.ladder ? compareLadders(e.ladder, b.ladder) : [];
  // While one chain's sales have not reached the other (a relay or a mirror in flight), the positions may differ
  // for good reason; once each side has booked exactly what the other sold, they must be equal.
  const synced = Boolean(e.sold && b.sold && e.sold.local === b.sold.remote && b.sold.local === e.sold.remote);
  const lagging = (d: LadderDiff) => isSyncLag(d, synced);
  const ladderDiffs = allDiffs.filter((d) => !lagging(d));
  if (e.ladder && b.ladder) {
    if (allDiffs.length === 0) rows.push(["CHECK same round table, step, checkpoint", "ok", "ok"]);
    for (const d of allDiffs) rows.push([`${lagging(d) ? "LAG (sync in flight)" : "DIFF"} ${d.what}`, d.eth, d.base]);
  }
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    out(`${r[0].padEnd(w[0])} │ ${r[1].padEnd(w[1])} │ ${r[2]}`);
    if (i === 0) out(`${"─".repeat(w[0])}─┼─${"─".repeat(w[1])}─┼─${"─".repeat(w[2])}`);
  }
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    const reason: unknown = failed.reason;
    throw reason instanceof ChainDownError || reason instanceof Refusal
      ? reason
      : new ChainDownError(shortError(reason));
  }
  if (ladderDiffs.length > 0) {
    throw new Refusal(
      `the two chains' ladders differ (${ladderDiffs.map((d) => d.what).join(", ")}): the DIFF rows above show each side; fix with set-rounds / set-step --pair ${values.pair ?? "<pair>"} (or run the keeper if only the position lags)`,
    );
  }
}

interface LadderView {
  rounds: { cap: bigint; price: bigint; endTime: bigint }[];
  step: number;
  checkPoint: bigint;
}

/** One difference between the chains' ladders; `position` marks the step and checkpoint, which lag while a sync is in
 * flight, as opposed to the round table, which never may differ. */
export interface LadderDiff {
  what: string;
  eth: string;
  base: string;
  position: boolean;
}

/** A position difference while a sync is in flight is a lag, not a fault; a round-table difference is always a fault. */
export function isSyncLag(d: LadderDiff, synced: boolean): boolean {
  return !synced && d.position;
}

/** Every difference between the two chains' ladders: round count, each round's cap/price/end, step, checkpoint. */
export function compareLadders(e: LadderView, b: LadderView): LadderDiff[] {
  const diffs: LadderDiff[] = [];
  const table = (what: string, eth: string, base: string) => diffs.push({ what, eth, base, position: false });
  if (e.rounds.length !== b.rounds.length) table("number of rounds", String(e.rounds.length), String(b.rounds.length));
  for (let i = 0; i < Math.min(e.rounds.length, b.rounds.length); i++) {
    const x = e.rounds[i];
    const y = b.rounds[i];
    if (x.cap !== y.cap) table(`round ${i + 1} cap`, x.cap.toString(), y.cap.toString());
    if (x.price !== y.price)
      table(`round ${i + 1} price`, `$${formatUnits(x.price, 18)}`, `$${formatUnits(y.price, 18)}`);
    if (x.endTime !== y.endTime) table(`round ${i + 1} end`, fmtTime(x.endTime), fmtTime(y.endTime));
  }
  if (e.step !== b.step)
    diffs.push({ what: "step (round)", eth: String(e.step + 1), base: String(b.step + 1), position: true });
  if (e.checkPoint !== b.checkPoint) {
    diffs.push({ what: "checkpoint", eth: e.checkPoint.toString(), base: b.checkPoint.toString(), position: true });
  }
  return diffs;
}
