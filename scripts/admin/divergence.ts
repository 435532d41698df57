/**
 * `admin status`'s cross-chain check, on figures already read. Ethereum tells Base everything through its reports
 * (quotas, use, totals, close, each relayed leg); Base books the lowest quota and the highest figures it ever received,
 * and each leg's total once. So once every report in flight is delivered, Base must hold exactly what Ethereum's
 * last report said, and Ethereum's state since then may only have moved the way it can (quotas down, use and totals
 * up, the close on): those differences are a lag. Anything else is a divergence: a table or quota mismatch between
 * the chains, a Base quota above what Ethereum leaves it, imports above what was relayed, a round sold beyond its size.
 */
import { formatUnits } from "ethers";
import type { EthereumReport } from "../lib/crosschain.js";

export interface Round {
  cap: bigint;
  price: bigint;
  endTime: bigint;
}

/** One chain's settings that must be the same on both chains. */
export interface Table {
  rounds: Round[];
  /** The quotas the chain was deployed with (its LadderInitialized event). */
  initialQuotas: bigint[];
  startTime: bigint;
  endTime: bigint;
  dynamicTime: { enabled: boolean; timeConstant: bigint };
}

export interface EthereumState {
  table: Table;
  /** Ethereum's quota and use of each round now. */
  quotas: bigint[];
  used: bigint[];
  sold: bigint;
  usd: bigint;
  closed: boolean;
  /** Current leg of every known buyer: how much of it was relayed. */
  legs: { buyer: string; leg: bigint; tokens: bigint; relayed: bigint }[];
}

export interface BaseState {
  table: Table;
  /** Ethereum's quota of each round as booked on Base, Base's own use, Ethereum's use as reported. */
  quotas: bigint[];
  used: bigint[];
  remoteUsed: bigint[];
  remoteSold: bigint;
  remoteUsd: bigint;
  remoteClosed: boolean;
  importedTotal: bigint;
  /** Base's import mark of every leg known (from the reports and Base's own import events), by `legKey`. */
  imported: Map<string, bigint>;
}

/** A report and whether Base has it (`pending` and `failed` are in flight: a failed one waits for a replay). */
export interface Message {
  report: EthereumReport;
  delivered: boolean;
}

export type Finding = { kind: "lag" | "diff"; what: string; detail: string };

export const legKey = (buyer: string, leg: bigint) => `${buyer.toLowerCase()}#${leg}`;

const minOf = (xs: bigint[], start: bigint) => xs.reduce((a, b) => (b < a ? b : a), start);
const maxOf = (xs: bigint[], start: bigint) => xs.reduce((a, b) => (b > a ? b : a), start);

/** Every difference between the chains, each marked as a lag (explained by what is in flight or unreported) or not. */
export function compareChains(eth: EthereumState, base: BaseState, messages: Message[]): Finding[] {
  const out: Finding[] = [];
  const diff = (what: string, detail: string) => out.push({ kind: "diff", what, detail });
  const lag = (what: string, detail: string) => out.push({ kind: "lag", what, detail });
  compareTables(eth.table, base.table, diff);
  const n = Math.min(eth.table.rounds.length, base.table.rounds.length);
  const reports = messages.map((m) => m.report);
  const inFlight = messages.filter((m) => !m.delivered).map((m) => m.report);
  // Ethereum as of its last report (its deployment before any), and Base once everything in flight is delivered.
  const last = reports.at(-1);
  for (let i = 0; i < n; i++) {
    const size = eth.table.rounds[i].cap - (i === 0 ? 0n : eth.table.rounds[i - 1].cap);
    const reportedQuota = last?.quotas[i] ?? eth.table.initialQuotas[i];
    const reportedUse = last?.used[i] ?? 0n;
    const bookedQuota = minOf(
      inFlight.map((r) => r.quotas[i]),
      base.quotas[i],
    );
    const bookedUse = maxOf(
      inFlight.map((r) => r.used[i]),
      base.remoteUsed[i],
    );
    const r = `round ${i + 1}`;
    if (base.quotas[i] < eth.quotas[i])
      diff(
        `${r} Base quota`,
        `Base counts Ethereum's quota as ${base.quotas[i]} but Ethereum may still sell up to ${eth.quotas[i]}: Base's share is above what Ethereum leaves it`,
      );
    if (bookedQuota !== reportedQuota)
      diff(
        `${r} Ethereum quota on Base`,
        `Base will hold ${bookedQuota} once every message is delivered, Ethereum's last report says ${reportedQuota}`,
      );
    if (eth.quotas[i] > reportedQuota)
      diff(
        `${r} Ethereum quota`,
        `Ethereum's quota is ${eth.quotas[i]}, above the ${reportedQuota} it reported (quotas only shrink)`,
      );
    else if (eth.quotas[i] < reportedQuota)
      lag(
        `${r} Ethereum quota`,
        `Ethereum gave up ${reportedQuota - eth.quotas[i]} since its last report (a release, a round it left or its close): the next report tells Base (the keeper sends one)`,
      );
    if (bookedUse !== reportedUse)
      diff(
        `${r} Ethereum use on Base`,
        `Base will hold ${bookedUse} once every message is delivered, Ethereum's last report says ${reportedUse}`,
      );
    if (eth.used[i] < reportedUse)
      diff(`${r} Ethereum use`, `Ethereum used ${eth.used[i]}, less than the ${reportedUse} it reported`);
    else if (eth.used[i] > reportedUse)
      lag(`${r} Ethereum use`, `Ethereum used ${eth.used[i] - reportedUse} more since its last report`);
    if (eth.used[i] + base.used[i] > size)
      diff(
        `${r} supply`,
        `Ethereum used ${eth.used[i]} and Base ${base.used[i]}: ${eth.used[i] + base.used[i]} of a ${size}-token round`,
      );
  }
  // Totals (whole tokens; USD with 6 decimals) and the close.
  const booked = (f: (r: EthereumReport) => bigint, onBase: bigint) => maxOf(inFlight.map(f), onBase);
  const usd = (x: bigint) => `$${formatUnits(x, 6)}`;
  const totals: [string, bigint, bigint, bigint, (x: bigint) => string][] = [
    ["tokens sold on Ethereum", eth.sold, last?.tokensSold ?? 0n, booked((r) => r.tokensSold, base.remoteSold), String],
    ["USD raised on Ethereum", eth.usd, last?.usdRaised ?? 0n, booked((r) => r.usdRaised, base.remoteUsd), usd],
  ];
  for (const [what, now, reported, onBase, f] of totals) {
    if (onBase !== reported)
      diff(`${what} on Base`, `Base will hold ${f(onBase)}, Ethereum's last report says ${f(reported)}`);
    if (now < reported) diff(what, `Ethereum has ${f(now)}, less than the ${f(reported)} it reported`);
    else if (now > reported) lag(what, `${f(now - reported)} more since Ethereum's last report`);
  }
  const reportedClosed = last?.closed ?? false;
  if ((base.remoteClosed || inFlight.some((x) => x.closed)) !== reportedClosed)
    diff("close on Base", `Base will hold closed = ${!reportedClosed}, Ethereum's last report says ${reportedClosed}`);
  if (eth.closed && !reportedClosed)
    diff("close", "Ethereum is closed but never reported it (its close reports itself)");
  compareLegs(eth, base, reports, inFlight, diff, lag);
  return out;
}

function compareTables(e: Table, b: Table, diff: (what: string, detail: string) => void) {
  const both = (what: string, x: unknown, y: unknown) => {
    if (String(x) !== String(y)) diff(what, `Ethereum ${String(x)}, Base ${String(y)}`);
  };
  both("number of rounds", e.rounds.length, b.rounds.length);
  both("sale start", e.startTime, b.startTime);
  both("sale end", e.endTime, b.endTime);
  both(
    "dynamic time",
    `${e.dynamicTime.enabled} ${e.dynamicTime.timeConstant}`,
    `${b.dynamicTime.enabled} ${b.dynamicTime.timeConstant}`,
  );
  // With dynamic time each chain re-spaces its own later rounds when it fills one: their end times may differ.
  const respaced = e.dynamicTime.enabled && b.dynamicTime.enabled;
  for (let i = 0; i < Math.min(e.rounds.length, b.rounds.length); i++) {
    both(`round ${i + 1} cap`, e.rounds[i].cap, b.rounds[i].cap);
    both(`round ${i + 1} price`, e.rounds[i].price, b.rounds[i].price);
    if (!respaced) both(`round ${i + 1} end time`, e.rounds[i].endTime, b.rounds[i].endTime);
    both(`round ${i + 1} deployed Ethereum quota`, e.initialQuotas[i], b.initialQuotas[i]);
  }
}

/** Each relayed leg: what Ethereum relayed, what every report carried, what Base imported (or will). */
function compareLegs(
  eth: EthereumState,
  base: BaseState,
  reports: EthereumReport[],
  inFlight: EthereumReport[],
  diff: (what: string, detail: string) => void,
  lag: (what: string, detail: string) => void,
) {
  const relayed = new Map<string, bigint>();
  const coming = new Map<string, bigint>();
  for (const [map, list] of [
    [relayed, reports],
    [coming, inFlight],
  ] as const) {
    for (const r of list)
      for (const d of r.deposits) {
        const k = legKey(d.buyer, d.leg);
        if ((map.get(k) ?? 0n) < d.tokens) map.set(k, d.tokens);
      }
  }
  const keys = new Set([...relayed.keys(), ...base.imported.keys()]);
  let total = 0n;
  for (const k of keys) {
    const sent = relayed.get(k) ?? 0n;
    const imported = base.imported.get(k) ?? 0n;
    const booked = maxOf([coming.get(k) ?? 0n], imported);
    total += booked;
    if (booked > sent) diff(`leg ${k}`, `Base imported ${booked}, above the ${sent} Ethereum relayed`);
    else if (booked < sent)
      diff(`leg ${k}`, `Ethereum relayed ${sent}, Base imported ${imported} and no message in flight carries the rest`);
  }
  let waiting = 0;
  let unrelayed = 0n;
  for (const l of eth.legs) {
    const sent = relayed.get(legKey(l.buyer, l.leg)) ?? 0n;
    if (l.relayed !== sent)
      diff(`leg ${legKey(l.buyer, l.leg)}`, `Ethereum counts ${l.relayed} relayed, its reports carried ${sent}`);
    if (l.tokens > l.relayed) [waiting, unrelayed] = [waiting + 1, unrelayed + l.tokens - l.relayed];
  }
  if (waiting > 0)
    lag("unrelayed tokens", `${waiting} buyer(s), ${unrelayed} tokens not relayed yet (the keeper relays them)`);
  const importedTotal =
    base.importedTotal +
    [...coming.entries()].reduce(
      (a, [k, t]) => a + (t > (base.imported.get(k) ?? 0n) ? t - (base.imported.get(k) ?? 0n) : 0n),
      0n,
    );
  if (importedTotal !== total)
    diff("imports on Base", `Base's import total will be ${importedTotal}, its legs add up to ${total}`);
}
