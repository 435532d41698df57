/**
 * A restart in the middle of the catch-up loses and duplicates nothing: the indexer is stopped while it is still
 * syncing thousands of purchases, started again on the same database, and ends with exactly one row per purchase on
 * the chain and aggregates equal to the contracts' own. The stop is a crash (SIGKILL) and the database PostgreSQL, as
 * in production. The embedded PGlite that local runs use does not survive a stop in the middle of a catch-up batch
 * (Ponder 0.16.6 closes it with the batch's rows written and its checkpoint not: the restart then replays the batch
 * onto its own rows and stops on a primary-key conflict), so the local stack starts every run on a fresh embedded
 * database and production runs on PostgreSQL (docs/OPERATING.md, docs/DECISIONS.md).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { SalesAnswer } from "@shaft/indexer-api";
import { parseAbiItem } from "viem";
import { startPostgres, type TestPostgres } from "../../server/test/helpers/postgres.ts";
import { loadPurchases } from "./load.ts";
import {
  getJson,
  heads,
  read,
  startChains,
  startIndexer,
  waitIndexed,
  waitUntil,
  type Chains,
  type IndexerProcess,
} from "./support.ts";

const PURCHASES = Number(process.env.RESTART_TEST_PURCHASES ?? 1000);

let chains: Chains;
let pg: TestPostgres | { skip: string };

before(async () => {
  chains = await startChains({ relayer: false });
  // Many small purchases over many blocks on both chains, so that the catch-up takes a while.
  await loadPurchases(chains.eth, { purchases: PURCHASES, perBlock: 25 });
  await loadPurchases(chains.base, { purchases: PURCHASES, perBlock: 25 });
  pg = await startPostgres();
});

after(async () => {
  if (pg && "stop" in pg) await pg.stop();
  await chains?.stop();
});

async function countOnChain(): Promise<Map<number, number>> {
  const event = parseAbiItem(
    "event TokensBought(address indexed buyer, address indexed recipient, address indexed paymentToken, uint256 tokens, uint256 paid, uint256 usdValue, bool staked)",
  );
  const m = new Map<number, number>();
  for (const s of [chains.eth, chains.base]) {
    const logs = await s.client.getLogs({ address: s.presale.address, event, fromBlock: 0n, toBlock: "latest" });
    m.set(s.chainId, logs.length);
  }
  return m;
}

async function stopMidSyncAndResume(db: { databaseUrl: string }, signal: NodeJS.Signals) {
  const schema = `restart_${Date.now() % 1_000_000}`;
  const first = await startIndexer({ chains, ...db, schema });
  let seenMidway: number;
  try {
    // Kill once some purchases are in the database and the catch-up is not done.
    seenMidway = await waitUntil(
      "the first purchases to be indexed",
      async () => {
        const s = await getJson<SalesAnswer>(`${first.url}/sales`).catch(() => undefined);
        const n = s?.states.reduce((t, x) => t + x.purchases, 0) ?? 0;
        return n > 0 ? n : undefined;
      },
      180_000,
    );
  } finally {
    await first.stop(signal);
  }
  assert.ok(seenMidway < 2 * PURCHASES, `killed mid-sync (${seenMidway} of ${2 * PURCHASES} indexed)`);
  const second: IndexerProcess = await startIndexer({ chains, ...db, schema });
  try {
    await waitIndexed(second, await heads(chains), 300_000);
    const s = await getJson<SalesAnswer>(`${second.url}/sales`);
    const onChain = await countOnChain();
    for (const side of [chains.eth, chains.base]) {
      const st = s.states.find((x) => x.chainId === side.chainId)!;
      assert.equal(st.purchases, onChain.get(side.chainId), `chain ${side.chainId}: one row per purchase`);
      assert.equal(BigInt(st.tokensSold), await read<bigint>(side, "localTokensSold"));
      assert.equal(st.buyers, 40);
      const [local] = await read<[bigint[], bigint[]]>(side, "roundSales");
      local.forEach((used, round) =>
        assert.equal(
          BigInt(s.perRound.find((r) => r.chainId === side.chainId && r.round === round)?.tokens ?? 0),
          used,
        ),
      );
    }
    // Rows, not only aggregates: every purchase id once.
    let after: string | null = null;
    const ids = new Set<string>();
    let rows = 0;
    do {
      const page: { purchases: { id: string }[]; next: string | null } = await getJson(
        `${second.url}/purchases?limit=5000${after ? `&after=${after}` : ""}`,
      );
      page.purchases.forEach((p) => ids.add(p.id));
      rows += page.purchases.length;
      after = page.next;
    } while (after);
    assert.equal(rows, 2 * PURCHASES);
    assert.equal(ids.size, 2 * PURCHASES);
  } finally {
    await second.stop();
  }
}

void describe("indexer restart mid-sync (PostgreSQL)", () => {
  void it("on PostgreSQL: killed (SIGKILL) during catch-up, resumed, nothing lost or counted twice", async (t) => {
    if ("skip" in pg) return t.skip(pg.skip);
    await stopMidSyncAndResume({ databaseUrl: await pg.newDatabase() }, "SIGKILL");
  });
});
