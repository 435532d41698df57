/**
 * `npm run bench:indexer`: the indexer's numbers, written to reports/indexer.json.
 *  - catchUp: 10,000 purchases (half on each local chain, built quickly: automine off, many per block) buried under
 *    64 empty blocks, then the indexer started on an empty database; events indexed per second from the start of its
 *    backfill until it has reached both chains' heads (the logs of the indexed contracts, counted on the chains), and
 *    the CPU time the indexer's process used meanwhile (the wall time of a niced run on a busy machine is mostly
 *    waiting for a core).
 *  - purchaseToRow: purchases sent one at a time afterwards (both chains); time from the block that holds each
 *    purchase (its receipt) to its row in the buyer's "My activity" answer (polled every 25 ms).
 *  - consoleQueries: the owner console's queries (GET /sales, /owner-actions, /purchases?limit=1000 and a wallet's
 *    /activity) repeated on that data; p50/p99 per query.
 * Goals: catch-up >= 1,000 events/s, a purchase shown within 2 s of its block, console p99 < 100 ms. A benchmark, not
 * a test: it reports and flags numbers over their goals (exit code 1). Run it inside `unshare -n` when other stacks
 * share the machine. Options (env): BENCH_PURCHASES (default 10000), DATABASE_URL (PostgreSQL instead of PGlite).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseAbiItem } from "viem";
import { loadPurchases } from "../../indexer/test/load.ts";
import {
  account,
  buy,
  getJson,
  heads,
  rpc,
  startChains,
  startIndexer,
  waitIndexed,
  waitUntil,
  type Chains,
} from "../../indexer/test/support.ts";
import { ROOT } from "../lib/networks.ts";

const REPORT = path.join(ROOT, "reports/indexer.json");
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 10_000);
const GOALS = { catchUpEventsPerSecond: 1000, purchaseToRowMs: 2000, consoleQueryP99Ms: 100 };
const log = (m: string) => console.log(`[bench:indexer] ${m}`);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

async function eventsOnChains(c: Chains): Promise<number> {
  let n = 0;
  for (const [s, addresses] of [
    [c.eth, [c.eth.presale.address]],
    [c.base, [c.base.presale.address, c.base.staking!.address]],
  ] as const) {
    const logs = await s.client.getLogs({ address: [...addresses], fromBlock: 0n, toBlock: "latest" });
    n += logs.length;
  }
  // The L1 messenger's messages to the Base presale are indexed too.
  const sent = await c.eth.client.getLogs({
    event: parseAbiItem(
      "event SentMessage(address indexed target, address sender, bytes message, uint256 messageNonce, uint256 gasLimit)",
    ),
    args: { target: c.base.presale.address },
    fromBlock: 0n,
    toBlock: "latest",
  });
  return n + sent.length;
}

/** Linux counts a process's CPU time (`/proc/<pid>/stat`, utime and stime) in USER_HZ ticks, 100 a second. */
const USER_HZ = 100;

/** The CPU seconds a process has used (Linux `/proc`), sampled every 100 ms; null where `/proc` is missing. */
function sampleCpu(pid: number) {
  const samples: [number, number][] = [];
  const read = () => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      samples.push([Date.now(), (Number(fields[11]) + Number(fields[12])) / USER_HZ]);
    } catch {
      /* gone, or no /proc */
    }
  };
  read();
  const timer = setInterval(read, 100);
  const at = (t: number) => samples.find(([when]) => when >= t)?.[1] ?? samples[samples.length - 1]?.[1];
  return {
    between(from: number, to: number): number | null {
      read();
      const [a, b] = [at(from), at(to)];
      return a === undefined || b === undefined ? null : b - a;
    },
    stop: () => clearInterval(timer),
  };
}

const loadAtStart = Math.round(os.loadavg()[0] * 10) / 10;
const chains = await startChains();
const failures: string[] = [];
try {
  const t0 = Date.now();
  const half = Math.floor(PURCHASES / 2);
  const eth = await loadPurchases(chains.eth, { purchases: half, perBlock: 200, buyers: 100 });
  const base = await loadPurchases(chains.base, { purchases: PURCHASES - half, perBlock: 200, buyers: 100 });
  log(
    `${eth.sent + base.sent} purchases in ${eth.blocks.length + base.blocks.length} blocks (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const events = await eventsOnChains(chains);
  // Bury the purchases under more than a local chain's finality depth (Ponder counts 30 blocks for any chain it does
  // not know): catching up is the backfill of final blocks; the blocks above it are indexed one by one as they come.
  for (const s of [chains.eth, chains.base]) for (let i = 0; i < 64; i++) await rpc(s, "evm_mine");

  const ix = await startIndexer({ chains, databaseUrl: process.env.DATABASE_URL, schema: "bench" });
  const cpu = sampleCpu(ix.child.pid!);
  try {
    // Catch-up: from Ponder's first backfill line to both chains at their heads.
    const target = await heads(chains);
    await waitIndexed(ix, target, 900_000);
    const done = Date.now();
    const started = fs
      .readFileSync(ix.logFile, "utf8")
      .split("\n")
      .filter((l) => l.includes("Started backfill indexing"))
      .map((l) => (JSON.parse(l) as { time: number }).time)
      .reduce((a, b) => Math.min(a, b), Infinity);
    const catchUpSeconds = (done - started) / 1000;
    const perSecond = events / catchUpSeconds;
    const cpuSeconds = cpu.between(started, done);
    cpu.stop();
    log(
      `catch-up: ${events} events in ${catchUpSeconds.toFixed(1)} s = ${perSecond.toFixed(0)} events/s` +
        (cpuSeconds === null ? "" : ` (the indexer's process used ${cpuSeconds.toFixed(1)} s of CPU)`),
    );

    // Purchase to row.
    const latencies: number[] = [];
    const buyer = account(7);
    for (let i = 0; i < 20; i++) {
      const side = i % 2 ? chains.base : chains.eth;
      const sent = await buy(side, buyer, 100n + BigInt(i));
      const mined = Date.now();
      await waitUntil(
        "the purchase's row",
        async () => {
          const a = await getJson<{ purchases: { txHash: string }[] }>(`${ix.url}/activity/${buyer.address}`);
          return a.purchases.some((p) => p.txHash === sent.hash);
        },
        30_000,
      );
      latencies.push(Date.now() - mined);
    }
    log(`purchase to row: p50 ${pct(latencies, 50)} ms, max ${Math.max(...latencies)} ms`);

    // Console queries.
    const queries: Record<string, string> = {
      sales: "/sales",
      ownerActions: "/owner-actions?limit=100",
      purchasesPage: "/purchases?limit=1000",
      activity: `/activity/${account(20).address}`,
    };
    const consoleQueries: Record<string, { p50Ms: number; p99Ms: number; runs: number }> = {};
    for (const [name, q] of Object.entries(queries)) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        await getJson(`${ix.url}${q}`);
        times.push(performance.now() - t);
      }
      consoleQueries[name] = { p50Ms: round(pct(times, 50)), p99Ms: round(pct(times, 99)), runs: times.length };
      log(`${name}: p50 ${consoleQueries[name].p50Ms} ms, p99 ${consoleQueries[name].p99Ms} ms`);
    }
    const worstP99 = Math.max(...Object.values(consoleQueries).map((q) => q.p99Ms));

    const report = {
      measuredAt: new Date().toISOString(),
      engine: "ponder 0.16.6",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      // The machine is shared: its load during the run (1-minute averages at the start and the end, 2 cores).
      loadAverage: { start: loadAtStart, end: Math.round(os.loadavg()[0] * 10) / 10 },
      purchases: eth.sent + base.sent,
      blocks: eth.blocks.length + base.blocks.length,
      catchUp: {
        events,
        seconds: round(catchUpSeconds),
        eventsPerSecond: Math.round(perSecond),
        // CPU time of the indexer's process over the same span (its own work, whatever else the machine ran; the
        // PostgreSQL server's time is not in it), and the events per second of that CPU time.
        cpuSeconds: cpuSeconds === null ? null : round(cpuSeconds),
        eventsPerCpuSecond: cpuSeconds ? Math.round(events / cpuSeconds) : null,
      },
      purchaseToRow: { runs: latencies.length, p50Ms: pct(latencies, 50), maxMs: Math.max(...latencies) },
      consoleQueries,
      goals: GOALS,
    };
    if (perSecond < GOALS.catchUpEventsPerSecond) failures.push(`catch-up ${perSecond.toFixed(0)} events/s`);
    if (Math.max(...latencies) > GOALS.purchaseToRowMs) failures.push(`purchase to row ${Math.max(...latencies)} ms`);
    if (worstP99 > GOALS.consoleQueryP99Ms) failures.push(`console query p99 ${worstP99} ms`);
    fs.writeFileSync(REPORT, JSON.stringify(report, null, 2) + "\n");
    log(`wrote ${path.relative(ROOT, REPORT)}`);
  } finally {
    await ix.stop();
  }
} finally {
  await chains.stop();
}
if (failures.length) {
  console.error(`[bench:indexer] over the goals: ${failures.join("; ")}`);
  process.exitCode = 1;
}
