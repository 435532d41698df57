/**
 * The API server killed with SIGKILL under write load: clients create referrals and record signed leads as fast as
 * the server takes them; at a random moment the process is killed, restarted on the same store, and every write it
 * had acknowledged (2xx) must be in the store. Used by chaos.test.ts (one kill) and scripts/chaos.ts (the bench).
 */
import { DatabaseSync } from "node:sqlite";
import crypto from "node:crypto";
import pg from "pg";
import { privateKeyToAddress } from "viem/accounts";
import { KEYS, signedLead } from "./lead.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

export interface KillReport {
  kills: number;
  /** Writes answered 2xx before a kill. */
  acknowledged: number;
  /** Of those, missing from the store after the restart (must be 0). */
  lost: number;
  /** Requests cut by a kill (no answer: their outcome is the client's to retry). */
  unanswered: number;
  seconds: number;
}

/** The store's env for the server process (SQLITE_PATH or DATABASE_URL) and what it holds. */
export interface Store {
  env: Record<string, string>;
  /** Referral codes by wallet (lowercase) and the click ids of the leads. */
  read(): Promise<{ referrals: Map<string, string>; clickIds: Set<string> }>;
}

export function sqliteStore(file: string): Store {
  return {
    env: { SQLITE_PATH: file },
    read: () => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        const r = db.prepare("SELECT wallet_address, code FROM referrals").all() as Array<Record<string, string>>;
        const l = db.prepare("SELECT click_id FROM leads").all() as Array<Record<string, string>>;
        return Promise.resolve(toContents(r, l));
      } finally {
        db.close();
      }
    },
  };
}

export function postgresStore(url: string): Store {
  return {
    env: { DATABASE_URL: url },
    read: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const r = await c.query<Record<string, string>>("SELECT wallet_address, code FROM referrals");
        const l = await c.query<Record<string, string>>("SELECT click_id FROM leads");
        return toContents(r.rows, l.rows);
      } finally {
        await c.end();
      }
    },
  };
}

const toContents = (referrals: Array<Record<string, string>>, leads: Array<Record<string, string>>) => ({
  referrals: new Map(referrals.map((r) => [r.wallet_address, r.code])),
  clickIds: new Set(leads.map((l) => l.click_id)),
});

type Ack = { kind: "referral"; wallet: string; code: string } | { kind: "lead"; clickId: string };

/**
 * `kills` times: start the server, load it with `clients` writers, kill it once `perKill` writes were acknowledged
 * (or 20 s passed) plus 0-300 ms, with writes in flight; then check every acknowledged write against the store.
 */
export async function killUnderLoad(store: Store, kills: number, perKill = 50, clients = 8): Promise<KillReport> {
  const started = Date.now();
  const acks: Ack[] = [];
  let unanswered = 0;
  let n = 0;
  const run = crypto.randomBytes(4).toString("hex");
  for (let k = 0; k < kills; k++) {
    const server: ServerProcess = await startServerProcess(store.env);
    let live = true;
    const writer = async (id: number) => {
      while (live) {
        const i = n++;
        const lead = i % 4 === 3; // a lead also asks the (absent) chains for their heads: slower
        const clickId = `${run}-${id}-${i}`;
        // A fresh wallet per referral (each creates a row); leads are the buyer's, one click id each.
        const wallet = privateKeyToAddress(`0x${crypto.createHash("sha256").update(clickId).digest("hex")}`);
        const body = lead ? await signedLead({ key: KEYS.buyer, attribution: { clickId } }) : { walletAddress: wallet };
        try {
          const r = await fetch(`${server.url}/api/${lead ? "track/lead" : "referral"}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          const json = (await r.json()) as { data?: { code?: string } };
          if (!r.ok) throw new Error(`${r.status} ${JSON.stringify(json)}`);
          acks.push(lead ? { kind: "lead", clickId } : { kind: "referral", wallet, code: json.data!.code! });
        } catch (e) {
          if (live) throw e; // an error before the kill is a failure of its own
          unanswered++;
        }
      }
    };
    const before = acks.length;
    const writers = Array.from({ length: clients }, (_, id) => writer(id));
    const deadline = Date.now() + 20_000;
    while (acks.length - before < perKill && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, Math.random() * 300));
    live = false;
    await server.kill();
    await Promise.all(writers);
  }
  // One more start: the store opens after the last kill (migrations, WAL recovery), then is read.
  const last = await startServerProcess(store.env);
  await last.stop();
  const held = await store.read();
  const lost = acks.filter((a) =>
    a.kind === "lead" ? !held.clickIds.has(a.clickId) : held.referrals.get(a.wallet.toLowerCase()) !== a.code,
  ).length;
  return { kills, acknowledged: acks.length, lost, unanswered, seconds: (Date.now() - started) / 1000 };
}
