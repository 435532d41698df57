/**
 * `npm run bench`: loads POST /api/referral and POST /api/card/session of a real server process from a client on
 * loopback, bounded in time and count, and writes ../reports/server.json (requests per second, latency p50/p99).
 * The card session needs a chain: a local `hardhat node` with the presale is started for it (as in the tests).
 * A last run loads two instances sharing their rate-limit counters through a redis-server (REDIS_URL), the client
 * spreading its connections over both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { privateKeyToAddress } from "viem/accounts";
import { chainUnavailable, startChain, type TestChain } from "../test/helpers/chain.ts";
import { startRedis, type TestRedis } from "../test/helpers/redis.ts";
import { startServerProcess, type ServerProcess } from "../test/helpers/server-process.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serverDir = path.resolve(import.meta.dirname, "..");
const out = path.resolve(serverDir, "../reports/server.json");

interface Row {
  endpoint: string;
  requests: number;
  durationSeconds: number;
  connections: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

function run(name: string, opts: autocannon.Options): Promise<Row> {
  return new Promise((resolve, reject) => {
    // `duration` bounds the time and `maxOverallRequests` the count (autocannon's `amount` would ignore duration).
    autocannon(
      { ...opts, connections: CONNECTIONS, duration: DURATION_S, maxOverallRequests: MAX_REQUESTS },
      (err, r) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const seconds = r.duration;
        resolve({
          endpoint: name,
          requests: r.requests.total,
          durationSeconds: Number(seconds.toFixed(2)),
          connections: CONNECTIONS,
          requestsPerSecond: Number((r.requests.total / seconds).toFixed(1)),
          latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        });
      },
    );
  });
}

async function main() {
  const skipChain = chainUnavailable();
  let chain: TestChain | undefined;
  if (!skipChain) chain = await startChain();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-bench-"));
  const servers: ServerProcess[] = [];
  /** A server process on a free port with its own SQLite file; returns its base URL once it answers. */
  const startServer = async (name: string, extra: Record<string, string> = {}) => {
    const server = await startServerProcess({
      SQLITE_PATH: path.join(dataDir, `${name}.sqlite`),
      WERT_PARTNER_ID: "bench-partner",
      DEPLOYMENTS_DIR: path.join(dataDir, "none"),
      ...(chain ? { RPC_URL_31338: chain.rpcUrl, PRESALE_ADDRESS_31338: chain.presale } : {}),
      ...extra,
    });
    servers.push(server);
    return server.url;
  };
  let redis: TestRedis | undefined;
  let redisSkip: string | undefined;
  const rows: Row[] = [];
  try {
    const base = await startServer("single");
    // 1,000 wallets: the first call of each creates its link, later ones read it (the dapp's real mix).
    const wallets = Array.from({ length: 1000 }, (_, i) =>
      privateKeyToAddress(`0x${(i + 1).toString(16).padStart(64, "0")}`),
    );
    let i = 0;
    const headers = { "content-type": "application/json" };
    rows.push(
      await run("POST /api/referral", {
        url: `${base}/api/referral`,
        requests: [
          {
            method: "POST",
            headers,
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ walletAddress: wallets[i++ % wallets.length] }) }),
          },
        ],
      }),
    );
    if (chain) {
      let j = 0;
      rows.push(
        await run("POST /api/card/session", {
          url: `${base}/api/card/session`,
          requests: [
            {
              method: "POST",
              headers,
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({
                  address: wallets[j++ % wallets.length],
                  tokenAmount: 100 + (j % 5000),
                  stake: false,
                }),
              }),
            },
          ],
        }),
      );
    }
    // Two instances, one limit: every request also increments its client's counter in Redis.
    const r = await startRedis();
    if ("skip" in r) redisSkip = r.skip;
    else {
      redis = r;
      const urls = [
        await startServer("shared-a", { REDIS_URL: r.url }),
        await startServer("shared-b", { REDIS_URL: r.url }),
      ];
      let k = 0;
      rows.push(
        await run("POST /api/referral (2 instances, shared Redis limit)", {
          url: urls.map((u) => `${u}/api/referral`) as unknown as string, // autocannon spreads the connections over several URLs
          requests: [
            {
              method: "POST",
              headers,
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ walletAddress: wallets[k++ % wallets.length] }),
              }),
            },
          ],
        }),
      );
    }
  } finally {
    for (const s of servers) await s.stop();
    await redis?.stop();
    await chain?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const report = {
    generatedAt: new Date().toISOString(),
    tool: "autocannon",
    bounds: { durationSeconds: DURATION_S, maxRequests: MAX_REQUESTS, connections: CONNECTIONS },
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
    setup:
      "server as its own process (SQLite, logs at warn, rate limits raised), client on loopback; card sessions read ethBuyHelper and dry-run the purchase on a local hardhat node each request; the shared-limit run: two server processes (one SQLite file each) counting in one redis-server, the client's connections spread over both",
    results: rows,
    skipped: [
      ...(chain ? [] : [{ endpoint: "POST /api/card/session", reason: skipChain }]),
      ...(redisSkip ? [{ endpoint: "POST /api/referral (2 instances, shared Redis limit)", reason: redisSkip }] : []),
    ],
  };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
  for (const r of rows) {
    console.log(
      `${r.endpoint.padEnd(24)} ${String(r.requestsPerSecond).padStart(8)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  (${r.requests} requests, non-2xx ${r.non2xx}, errors ${r.errors})`,
    );
  }
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  const bad = rows.find((r) => r.non2xx > 0 || r.errors > 0);
  if (bad) {
    console.error(`${bad.endpoint}: ${bad.non2xx} non-2xx responses, ${bad.errors} errors`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
