/**
 * `admin status`: both chains of a pair in one table, the messages in flight (sent on Ethereum, not yet relayed on
 * Base), the buyers with unrelayed tokens, and the cross-chain check (divergence.ts): exit 0 when everything that
 * differs is explained by what is in flight or not reported yet (printed as LAG), 1 on anything else (DIFF).
 */
import { formatUnits, getAddress } from "ethers";
import {
  buyersIn,
  deliveryOf,
  scanLogs,
  sentReports,
  unrelayedOf,
  type SentReport,
  type UnrelayedBuyer,
} from "../lib/crosschain.js";
import { ChainDownError, parse, Refusal, shortError } from "../lib/cli.js";
import { pairNamed, pairOf } from "../lib/networks.js";
import { isConnectionError } from "../keeper/keeper.js";
import { addressOf, fmtTime, needBase, needEthereum, openChain, type AdminEnv, type ChainCtx } from "./context.js";
import { compareChains, legKey, type BaseState, type EthereumState, type Finding, type Table } from "./divergence.js";

type Row = [string, string, string];

const usd6 = (x: bigint) => `$${Number(formatUnits(x, 6)).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const tokens = (x: bigint) => x.toLocaleString("en-US");

/** One chain's column of the table. */
async function readRows(c: ChainCtx): Promise<Record<string, string>> {
  const p = c.presale;
  const [paused, start, end, step, total, local, usd, localUsd, max, wallet, splits, rounds, owner, closed] =
    await Promise.all([
      p.paused(),
      p.startTime(),
      p.endTime(),
      p.currentStep(),
      p.totalTokensSold(),
      p.localTokensSold(),
      p.usdRaised(),
      p.localUsdRaised(),
      p.maxTokensToBuy(),
      p.paymentWallet(),
      p.splits(),
      p.rounds(),
      p.owner(),
      p.saleClosed(),
    ]);
  // An ethers Result refuses an index past its end: the position is past the last round once the sale is over.
  const r = Number(step) < rounds.length ? rounds[Number(step)] : undefined;
  const share = (x: (typeof rounds)[number]) => (c.record.chain === "eth" ? x.ethereumQuota : x.baseQuota);
  const row: Record<string, string> = {
    Presale: addressOf(p),
    owner,
    paused: String(paused),
    "sale window": `${fmtTime(start).split(" ")[0]} → ${fmtTime(end).split(" ")[0]}`,
    "round here (this chain's position)":
      r === undefined ? `past the last (${rounds.length})` : `${Number(step) + 1} / ${rounds.length}`,
    "round price / cap": r === undefined ? "-" : `$${formatUnits(r.price, 18)} / ${tokens(r.cap)}`,
    "this chain's share of it: used / share": r === undefined ? "-" : `${tokens(r.used)} / ${tokens(share(r))}`,
    "round ends": r === undefined ? "-" : fmtTime(r.endTime).split(" ")[0],
    "tokens sold here": tokens(local),
    "tokens sold total (as known here)": tokens(total),
    "USD raised here / total": `${usd6(localUsd)} / ${usd6(usd)}`,
    "max tokens per purchase": tokens(max),
    "payment wallet": wallet,
    splits:
      splits.length === 0 ? "(none)" : splits.map((s) => `${s.wallet.slice(0, 8)}…:${Number(s.bps) / 100}%`).join(" "),
    "sale closed": String(closed),
    "other chain's presale (trusted)": await p.remotePresale(),
    messenger: await p.messenger(),
  };
  if (c.basePresale) {
    const b = c.basePresale;
    const [claimStart, deadline, remoteClosed, imported] = await Promise.all([
      b.claimStart(),
      b.claimDeadline(),
      b.remoteSaleClosed(),
      b.totalRemoteDepositsImported(),
    ]);
    Object.assign(row, {
      "claim start / anyone opens from": `${fmtTime(claimStart)} / ${fmtTime(deadline).split(" ")[0]}`,
      "Ethereum's close received": String(remoteClosed),
      "Ethereum tokens imported": tokens(imported),
    });
  }
  if (c.saleToken) row["presale SHAFT balance"] = formatUnits(await c.saleToken.balanceOf(addressOf(p)), 18);
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
  return row;
}

/** The settings both chains must share, as one chain holds them (the deployed quotas from its LadderInitialized). */
async function readTable(c: ChainCtx): Promise<Table> {
  const p = c.presale;
  const deployBlock = c.record.contracts.Presale.deployBlock;
  const topic = p.interface.getEvent("LadderInitialized").topicHash;
  const [init] = await scanLogs(c.conn, { address: addressOf(p), topics: [topic] }, deployBlock, deployBlock);
  const initialQuotas = init === undefined ? [] : [...(p.interface.parseLog(init)!.args.ethereumQuotas as bigint[])];
  const [rounds, startTime, endTime, [enabled, timeConstant]] = await Promise.all([
    p.rounds(),
    p.startTime(),
    p.endTime(),
    p.dynamicTime(),
  ]);
  return {
    rounds: rounds.map((r) => ({ cap: r.cap, price: r.price, endTime: r.endTime })),
    initialQuotas,
    startTime,
    endTime,
    dynamicTime: { enabled, timeConstant },
  };
}

interface CrossChain {
  findings: Finding[];
  inFlight: SentReport[];
  unrelayed: UnrelayedBuyer[];
}

/** Reads both chains and every report, and compares them (divergence.ts). */
async function crossCheck(eth: ChainCtx, base: ChainCtx): Promise<CrossChain> {
  const ethP = needEthereum(eth, "the pair's Ethereum side");
  const baseP = needBase(base, "the pair's Base side");
  const [ethHead, baseHead] = await Promise.all([
    eth.conn.ethers.provider.getBlockNumber(),
    base.conn.ethers.provider.getBlockNumber(),
  ]);
  const ethAddress = eth.record.contracts.Presale.address;
  const baseAddress = base.record.contracts.Presale.address;
  const reports = await sentReports(
    { conn: eth.conn, l1Messenger: eth.record.contracts.Messenger.address, presale: ethAddress },
    baseAddress,
    eth.record.contracts.Presale.deployBlock,
    ethHead,
  );
  for (const r of reports) r.delivery = await deliveryOf(base.conn, base.record.contracts.Messenger.address, r.hash);
  const buyers = await buyersIn(eth.conn, ethAddress, eth.record.contracts.Presale.deployBlock, ethHead);
  const { unrelayed } = await unrelayedOf(ethP, buyers);
  // 25 reads at a time: a busy chain has thousands of buyers, and one burst of that many requests chokes the node.
  const infos: { buyer: string; info: Awaited<ReturnType<typeof ethP.buyerInfo>> }[] = [];
  const list = [...buyers];
  for (let i = 0; i < list.length; i += 25)
    infos.push(
      ...(await Promise.all(list.slice(i, i + 25).map(async (b) => ({ buyer: b, info: await ethP.buyerInfo(b) })))),
    );
  const [ethRounds, closed, sold, usd] = await Promise.all([
    ethP.rounds(),
    ethP.saleClosed(),
    ethP.localTokensSold(),
    ethP.localUsdRaised(),
  ]);
  const ethState: EthereumState = {
    table: await readTable(eth),
    quotas: ethRounds.map((r) => (closed ? r.used : r.ethereumQuota)),
    used: ethRounds.map((r) => r.used),
    sold,
    usd,
    closed,
    legs: infos.map(({ buyer, info }) => ({ buyer, leg: info.leg, tokens: info.tokens, relayed: info.relayed })),
  };
  // Base's import mark of every leg any report carried or Base itself announced.
  const legs = new Map<string, { buyer: string; leg: bigint }>();
  for (const r of reports) for (const d of r.report.deposits) legs.set(legKey(d.buyer, d.leg), d);
  const importTopic = baseP.interface.getEvent("RemoteDepositImported").topicHash;
  const deployBlock = base.record.contracts.Presale.deployBlock;
  for (const l of await scanLogs(base.conn, { address: baseAddress, topics: [importTopic] }, deployBlock, baseHead)) {
    const args = baseP.interface.parseLog(l)!.args;
    const buyer = getAddress(args.buyer as string);
    legs.set(legKey(buyer, args.leg as bigint), { buyer, leg: args.leg as bigint });
  }
  const imported = new Map<string, bigint>();
  for (const [k, l] of legs) imported.set(k, await baseP.remoteDepositsImported(l.buyer, l.leg));
  const [baseRounds, remoteSold, remoteUsd, remoteClosed, importedTotal] = await Promise.all([
    baseP.rounds(),
    baseP.remoteTokensSold(),
    baseP.remoteUsdRaised(),
    baseP.remoteSaleClosed(),
    baseP.totalRemoteDepositsImported(),
  ]);
  const baseState: BaseState = {
    table: await readTable(base),
    quotas: baseRounds.map((r) => r.ethereumQuota),
    used: baseRounds.map((r) => r.used),
    remoteUsed: baseRounds.map((r) => r.remoteUsed),
    remoteSold,
    remoteUsd,
    remoteClosed,
    importedTotal,
    imported,
  };
  const findings = compareChains(
    ethState,
    baseState,
    reports.map((r) => ({ report: r.report, delivered: r.delivery === "delivered" })),
  );
  const [ethRemote, baseRemote] = [await ethP.remotePresale(), await baseP.remotePresale()];
  if (getAddress(ethRemote) !== getAddress(baseAddress) || getAddress(baseRemote) !== getAddress(ethAddress))
    findings.unshift({
      kind: "diff",
      what: "link",
      detail: `the presales do not trust each other (Ethereum trusts ${ethRemote}, Base trusts ${baseRemote}): run npm run deploy -- --link`,
    });
  return { findings, inFlight: reports.filter((r) => r.delivery !== "delivered"), unrelayed };
}

export async function status(rest: string[], env: AdminEnv, out: (s: string) => void): Promise<void> {
  const { values } = parse(rest, { pair: { type: "string" }, network: { type: "string" } });
  const pair = values.network ? pairOf(values.network) : pairNamed(values.pair ?? "local");
  const ctxs = await Promise.allSettled([pair.eth, pair.base].map((n) => openChain(n, env, "none")));
  const results = await Promise.allSettled(
    ctxs.map((c) => (c.status === "fulfilled" ? readRows(c.value) : Promise.reject(c.reason as Error))),
  );
  const cols = results.map((r) =>
    r.status === "fulfilled" ? r.value : { Presale: `UNREACHABLE: ${shortError(r.reason).slice(0, 60)}` },
  );
  const keys = [...new Set(cols.flatMap((c) => Object.keys(c)))];
  const rows: Row[] = [["", `Ethereum side (${pair.eth})`, `Base side (${pair.base})`]];
  for (const k of keys) rows.push([k, cols[0][k] ?? "-", cols[1][k] ?? "-"]);
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    out(`${r[0].padEnd(w[0])} │ ${r[1].padEnd(w[1])} │ ${r[2]}`);
    if (i === 0) out(`${"─".repeat(w[0])}─┼─${"─".repeat(w[1])}─┼─${"─".repeat(w[2])}`);
  }
  const failed = results.find((r) => r.status === "rejected");
  if (failed || ctxs[0].status !== "fulfilled" || ctxs[1].status !== "fulfilled") {
    const reason: unknown = failed?.reason;
    throw reason instanceof ChainDownError || reason instanceof Refusal || !isConnectionError(reason)
      ? reason
      : new ChainDownError(shortError(reason));
  }
  const cross = await crossCheck(ctxs[0].value, ctxs[1].value);
  out("");
  out(`Messages in flight (sent on Ethereum, not yet relayed on Base): ${cross.inFlight.length}`);
  for (const m of cross.inFlight) {
    const r = m.report;
    out(
      `  nonce ${m.nonce & ((1n << 240n) - 1n)}, Ethereum block ${m.block}, tx ${m.tx}: ${r.deposits.length} buyer(s), ${r.tokensSold} tokens sold, quotas [${r.quotas.join(", ")}]${r.closed ? ", CLOSED" : ""}` +
        (m.delivery === "failed" ? " — FAILED on Base: anyone may replay it (L2 messenger's failedMessages)" : ""),
    );
  }
  out(`Buyers with unrelayed tokens: ${cross.unrelayed.length}`);
  for (const b of cross.unrelayed.slice(0, 20))
    out(`  ${b.buyer}: ${b.tokens - b.relayed} of leg ${b.leg} for ${b.recipient}`);
  if (cross.unrelayed.length > 20) out(`  … and ${cross.unrelayed.length - 20} more`);
  const diffs = cross.findings.filter((f) => f.kind === "diff");
  out("");
  if (cross.findings.length === 0)
    out("CHECK both chains: same table; Base holds exactly what Ethereum reported; nothing in flight");
  for (const f of cross.findings) out(`${f.kind === "lag" ? "LAG " : "DIFF"} ${f.what}: ${f.detail}`);
  if (diffs.length > 0) {
    throw new Refusal(
      `the two chains differ in ${diffs.length} way(s) that no message in flight explains (the DIFF lines above): ${diffs.map((d) => d.what).join(", ")}`,
    );
  }
  if (cross.findings.length > 0)
    out("every difference is a lag: the messages in flight and the next reports explain it");
}
