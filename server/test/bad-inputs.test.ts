/**
 * Bad input, as an outsider sends it, on SQLite and on PostgreSQL: every field of every endpoint replaced by values of
 * the wrong kind, bodies of the wrong shape, URLs that cannot be decoded. Each request is answered at once with
 * `{error, reason}` (a 4xx, or a 503 with retry-after where a valid request needs the chain, which is down here), never
 * a 500 or a stack, and no lead, conversion or card session is stored by any of them.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { json, makeApp, SITE, type TestApp } from "./helpers/app.ts";
import { KEYS, signedLead } from "./helpers/lead.ts";
import { startPostgres, type TestPostgres } from "./helpers/postgres.ts";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const HASH = `0x${"ab".repeat(32)}`;

type Case = { name: string; method?: "GET" | "POST"; url: string; payload?: string; headers?: Record<string, string> };

const BAD_VALUES: Array<[string, unknown]> = [
  ["null", null],
  ["a number", 12],
  ["a boolean", true],
  ["an array", ["x"]],
  ["an object", { a: 1 }],
  ["an empty string", ""],
  ["NUL", "a\u0000b"],
  ["an escape sequence", "\u001b[2J"],
  ["a line break", "a\nb"],
  ["DEL", "x\u007f"],
  ["C1", "x\u009b"],
  ["100 KB", "x".repeat(100_000)],
  ["a prototype key", "__proto__"],
  ["a hex overflow", `0x${"f".repeat(80)}`],
  ["an exponent", "1e999"],
  ["a negative number", -1],
  ["NaN text", "NaN"],
  ["a float", 1.5],
];

/** The requests of one endpoint: each field replaced by each bad value, then the body's shape broken. */
function endpointCases(url: string, valid: Record<string, unknown>): Case[] {
  const cases: Case[] = [];
  for (const field of Object.keys(valid))
    for (const [what, value] of BAD_VALUES) {
      const body = { ...valid, [field]: value };
      if (JSON.stringify(body) === JSON.stringify(valid)) continue;
      cases.push({ name: `${url} ${field} = ${what}`, url, payload: JSON.stringify(body) });
    }
  const shapes: Array<[string, string, Record<string, string>?]> = [
    ["an empty body", ""],
    ["invalid JSON", "{"],
    ["a JSON string", '"x"'],
    ["a JSON array", "[]"],
    ["JSON null", "null"],
    ["JSON nested 3,000 deep", `{"x":${"[".repeat(3000)}${"]".repeat(3000)}}`],
    ["a __proto__ key", `{"__proto__":{"x":1},"walletAddress":"${WALLET}"}`],
    ["a constructor.prototype key", `{"constructor":{"prototype":{"x":1}}}`],
    ["text/plain", JSON.stringify(valid), { "content-type": "text/plain" }],
    ["form data", "walletAddress=0x1", { "content-type": "application/x-www-form-urlencoded" }],
    ["no content type", JSON.stringify(valid), { "content-type": "" }],
    ["a body over the limit", JSON.stringify({ ...valid, pad: "x".repeat(20_000) })],
    ["another origin", JSON.stringify(valid), { origin: "https://evil.example" }],
  ];
  for (const [what, payload, headers] of shapes) cases.push({ name: `${url} ${what}`, url, payload, headers });
  return cases;
}

async function allCases(): Promise<Case[]> {
  const lead = await signedLead({ key: KEYS.buyer2, attribution: { clickId: "c" } });
  return [
    ...endpointCases("/api/referral", { walletAddress: WALLET, iid: "i" }),
    ...endpointCases("/api/track/lead", lead),
    ...endpointCases("/api/track/conversion", {
      publicAddress: WALLET,
      session: "s",
      event: "conversion",
      hash: HASH,
      chainId: 31338,
    }),
    ...endpointCases("/api/card/session", { address: WALLET, tokenAmount: 1000, stake: false }),
    ...[
      "/%",
      "/%zz",
      "/api/%",
      "/api/referral%",
      "/api/track/lead?%",
      `/${"a".repeat(5000)}`,
      "/api/../../etc/passwd",
      "/api/track/lead%00",
    ].map((url) => ({ name: `GET ${url.slice(0, 40)}`, method: "GET" as const, url })),
  ];
}

/** Every row the server stores, by table (what a bad request must never change). */
async function counts(t: TestApp) {
  return [await t.repo.countLeads(), await t.repo.countConversions(), await t.repo.countCardSessions()];
}

let pg: TestPostgres | undefined;
let pgSkip: string | false = false;
before(async () => {
  const r = await startPostgres();
  if ("skip" in r) pgSkip = r.skip;
  else pg = r;
});
after(async () => pg?.stop());

for (const store of ["sqlite", "postgres"] as const) {
  void describe(`bad input on ${store}`, () => {
    void test("every request is answered with {error, reason}, never a 500, and nothing is stored", async (t) => {
      if (store === "postgres" && pgSkip) return t.skip(pgSkip);
      const app = await makeApp({
        RATE_LIMIT_MAX: "100000",
        CARD_RATE_LIMIT_MAX: "100000",
        PRESALE_ADDRESS_31338: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        ...(store === "postgres" ? { DATABASE_URL: await pg!.newDatabase() } : {}),
      });
      try {
        const before = await counts(app);
        const cases = await allCases();
        const wrong: string[] = [];
        let refused = 0;
        for (const c of cases) {
          const r = await app.app.inject({
            method: c.method ?? "POST",
            url: c.url,
            payload: c.payload,
            headers: { "content-type": "application/json", ...c.headers },
          });
          let body: unknown;
          try {
            body = r.json();
          } catch {
            body = undefined;
          }
          const shape = body !== null && typeof body === "object" ? Object.keys(body).sort().join(",") : "";
          const dependency = r.statusCode === 503 && r.headers["retry-after"] !== undefined;
          const answered = r.statusCode < 300 || ((r.statusCode < 500 || dependency) && shape === "error,reason");
          if (!answered || r.statusCode === 500 || /\bat .+\.(ts|js):\d+/.test(r.body))
            wrong.push(`${c.name}: ${r.statusCode} ${r.body.slice(0, 120)}`);
          if (r.statusCode >= 400 && r.statusCode < 500) refused++;
        }
        assert.deepEqual(wrong, [], `${wrong.length} of ${cases.length} answered wrongly`);
        assert.ok(cases.length > 250, `${cases.length} cases`);
        assert.ok(refused > cases.length * 0.9, `${refused} of ${cases.length} refused with a 4xx`);
        assert.deepEqual(await counts(app), before, "nothing stored changed");
      } finally {
        await app.close();
      }
    });
  });
}

void test("the signed lead these cases start from is itself accepted (the refusals above are the bad values')", async () => {
  const app = await makeApp({ SITE_ORIGIN: SITE });
  try {
    const r = await app.app.inject({ method: "POST", url: "/api/track/lead", ...json(await signedLead()) });
    assert.equal(r.statusCode, 201, r.body);
  } finally {
    await app.close();
  }
});
