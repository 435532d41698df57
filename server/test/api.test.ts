/** Every endpoint's input handling and the HTTP policies (CORS, limits, errors), without a chain. */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import {
  SITE,
  json,
  makeApp,
  tempDir,
  type ErrorBody,
  type ReadyBody,
  type RecordedBody,
  type ReferralBody,
  type TestApp,
} from "./helpers/app.ts";
import { KEYS, signedLead, type LeadAnswer } from "./helpers/lead.ts";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"; // Hardhat #3
const WALLET2 = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"; // Hardhat #4
const HASH = "0x" + "ab".repeat(32);

/** Every error is `{error, reason}` and nothing else: no stack, no internals. */
function assertError(r: LightMyRequestResponse, status: number, code?: string) {
  assert.equal(r.statusCode, status, r.body);
  const body = r.json<ErrorBody>();
  assert.deepEqual(Object.keys(body).sort(), ["error", "reason"]);
  assert.equal(typeof body.reason, "string");
  assert.ok(body.reason.length > 0);
  assert.doesNotMatch(r.body, /\bat .+\.(ts|js):\d+/);
  if (code) assert.equal(body.error, code);
}

void describe("API without a chain", () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(async () => t.close());
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, ...json(body), headers: { "content-type": "application/json", ...headers } });

  void test("GET /healthz is live", async () => {
    const r = await t.app.inject("/healthz");
    assert.equal(r.statusCode, 200);
    assert.equal(r.json<ReadyBody>().status, "ok");
  });

  void test("GET /readyz reports the unreachable RPC (503) with the database ok", async () => {
    const r = await t.app.inject("/readyz");
    assert.equal(r.statusCode, 503);
    assert.deepEqual(r.json(), {
      status: "not_ready",
      db: "sqlite",
      checks: { db: "ok", rpc: { "31338": "unavailable" } },
    });
  });

  void test("unknown routes are a JSON 404", async () => {
    assertError(await t.app.inject("/api/nope"), 404, "not_found");
    assertError(await t.app.inject({ method: "GET", url: "/api/referral" }), 404, "not_found");
  });

  void describe("POST /api/referral", () => {
    void test("creates a link once, then returns the same one", async () => {
      const a = await post("/api/referral", { walletAddress: WALLET, iid: "campaign-7" });
      assert.equal(a.statusCode, 201);
      const { url, code } = a.json<ReferralBody>().data;
      assert.match(code, /^[2-9a-z]{10}$/);
      assert.equal(url, `${SITE}/?referrer=${code}`);
      const b = await post("/api/referral", { walletAddress: WALLET.toLowerCase() });
      assert.equal(b.statusCode, 200);
      assert.equal(b.json<ReferralBody>().data.url, url);
      const c = await post("/api/referral", { walletAddress: WALLET2 });
      assert.notEqual(c.json<ReferralBody>().data.url, url);
    });

    void test("unknown fields are ignored", async () => {
      const r = await post("/api/referral", { walletAddress: WALLET, extra: 1 });
      assert.equal(r.statusCode, 200);
    });

    const bad: Array<[string, unknown, string]> = [
      ["missing wallet", {}, "invalid_input"],
      ["not an address", { walletAddress: "0x1234" }, "invalid_input"],
      ["bad checksum", { walletAddress: WALLET.replace("F79", "f79") }, "invalid_input"],
      ["zero address", { walletAddress: "0x0000000000000000000000000000000000000000" }, "invalid_input"],
      ["number wallet", { walletAddress: 5 }, "invalid_input"],
      ["iid too long", { walletAddress: WALLET, iid: "x".repeat(129) }, "invalid_input"],
      ["array body", [WALLET], "invalid_body"],
      ["string body", "hello", "invalid_body"],
    ];
    for (const [name, body, code] of bad) {
      void test(`400 for ${name}`, async () => assertError(await post("/api/referral", body), 400, code));
    }

    void test("400 for malformed JSON and an empty JSON body", async () => {
      assertError(
        await t.app.inject({
          method: "POST",
          url: "/api/referral",
          payload: "{bad",
          headers: { "content-type": "application/json" },
        }),
        400,
        "invalid_json",
      );
      assertError(
        await t.app.inject({
          method: "POST",
          url: "/api/referral",
          payload: "",
          headers: { "content-type": "application/json" },
        }),
        400,
        "invalid_body",
      );
    });

    void test("415 for a non-JSON body", async () => {
      assertError(
        await t.app.inject({
          method: "POST",
          url: "/api/referral",
          payload: "walletAddress=x",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        415,
        "unsupported_media_type",
      );
      assertError(
        await t.app.inject({
          method: "POST",
          url: "/api/referral",
          payload: "x",
          headers: { "content-type": "text/plain" },
        }),
        415,
        "unsupported_media_type",
      );
    });

    void test("400 {error, reason} for a URL that cannot be decoded (GET /%)", async () => {
      for (const url of ["/%", "/api/%zz", "/api/referral%"])
        assertError(await t.app.inject({ method: "GET", url }), 400, "bad_url");
    });

    void test("valid JSON nested 3,000 levels deep is refused for its depth, not called invalid JSON", async () => {
      const deep = `{"walletAddress":"${WALLET}","x":${"[".repeat(3000)}${"]".repeat(3000)}}`;
      const r = await t.app.inject({
        method: "POST",
        url: "/api/referral",
        payload: deep,
        headers: { "content-type": "application/json" },
      });
      assertError(r, 400, "invalid_body");
      assert.match(r.json<ErrorBody>().reason, /nested 3001 levels deep; at most 32/);
      // Brackets inside strings are text, not nesting; 32 levels are read (the unknown key is dropped).
      const shallow = `{"walletAddress":"${WALLET}","iid":"${"[".repeat(100)}","x":${"[".repeat(31)}${"]".repeat(31)}}`;
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/referral",
        payload: shallow,
        headers: { "content-type": "application/json" },
      });
      assert.ok(ok.statusCode < 300, ok.body);
    });

    void test("413 for a body over the limit", async () => {
      assertError(
        await post("/api/referral", { walletAddress: WALLET, pad: "x".repeat(20_000) }),
        413,
        "payload_too_large",
      );
    });
  });

  void describe("POST /api/track/lead", () => {
    const attribution = {
      iid: "iid-1",
      clickId: "click-1",
      source: "newsletter",
      pid: "p1",
      tid: "t1",
      referrer: "4kpu7v2mw6",
    };
    const extra = {
      event: "lead_success",
      purchaseType: "ETH",
      purchaseTokens: "1000",
      purchaseTypeAmount: 0.25,
      purchaseUsdAmount: "6.5",
      ipAddress: "203.0.113.9",
      userAgent: "Mozilla/5.0",
      acceptLanguage: "en-US",
    };
    void test("a lead signed by its wallet is recorded with a session; the same attribution signed again is a duplicate", async () => {
      const a = await post("/api/track/lead", await signedLead({ attribution, body: { ...attribution, ...extra } }));
      assert.equal(a.statusCode, 201, a.body);
      const first = a.json<LeadAnswer>().data;
      assert.deepEqual([first.status, first.seenCount], ["recorded", 1]);
      assert.match(first.session, /^[A-Za-z0-9_-]{43}$/);
      assert.ok(Date.parse(first.sessionExpiresAt) > Date.now());
      const b = await post("/api/track/lead", await signedLead({ attribution, body: { purchaseTokens: "5" } }));
      assert.equal(b.statusCode, 200);
      assert.deepEqual([b.json<LeadAnswer>().data.status, b.json<LeadAnswer>().data.seenCount], ["duplicate", 2]);
      const c = await post(
        "/api/track/lead",
        await signedLead({ attribution: { ...attribution, clickId: "click-2" } }),
      );
      assert.equal(c.statusCode, 201);
      const minimal = await post("/api/track/lead", await signedLead({ key: KEYS.buyer2 }));
      assert.equal(minimal.statusCode, 201, minimal.body);
      assert.equal(await t.repo.countLeads(), 3);
    });
    void test("401 signature_required for an unsigned lead, which stores nothing", async () => {
      const before = await t.repo.countLeads();
      assertError(await post("/api/track/lead", { walletAddress: WALLET, clickId: "x" }), 401, "signature_required");
      assert.equal(await t.repo.countLeads(), before);
    });
    void test("a stranger's lead for another wallet is refused (401 invalid_signature) and stores nothing", async () => {
      const before = await t.repo.countLeads();
      const forged = await signedLead({ key: KEYS.stranger, wallet: WALLET, attribution: { clickId: "stolen" } });
      assertError(await post("/api/track/lead", forged), 401, "invalid_signature");
      // Signed by the stranger for itself, then posted for the victim: the message names the stranger.
      const own = await signedLead({ key: KEYS.stranger, attribution: { clickId: "stolen" } });
      assertError(await post("/api/track/lead", { ...own, walletAddress: WALLET }), 400, "invalid_lead_message");
      assert.equal(await t.repo.countLeads(), before);
    });
    void test("a replayed signed message is refused (409 nonce_used)", async () => {
      const lead = await signedLead({ attribution: { clickId: "replay" } });
      assert.equal((await post("/api/track/lead", lead)).statusCode, 201);
      assertError(await post("/api/track/lead", lead), 409, "nonce_used");
    });
    void test("the attribution is the signed one: a body that says otherwise is refused (400 attribution_mismatch)", async () => {
      const lead = await signedLead({ attribution: { clickId: "signed" }, body: { clickId: "other" } });
      assertError(await post("/api/track/lead", lead), 400, "attribution_mismatch");
    });
    const refusals: Array<[string, () => Promise<unknown>, number, string]> = [
      ["another site's message", () => signedLead({ site: "https://evil.example" }), 400, "invalid_lead_message"],
      [
        "an expired message",
        () => signedLead({ issuedAt: new Date(Date.now() - 7200_000) }),
        400,
        "lead_message_expired",
      ],
      [
        "a message issued 11 minutes ago",
        () => signedLead({ issuedAt: new Date(Date.now() - 660_000) }),
        400,
        "lead_message_expired",
      ],
      ["a message running 2 days", () => signedLead({ expiresInMs: 2 * 86400_000 }), 400, "lead_message_expired"],
      ["a short nonce", () => signedLead({ nonce: "abc12345" }), 400, "invalid_lead_message"],
      ["a chain the server does not know", () => signedLead({ chainId: 1 }), 400, "unsupported_chain"],
      [
        "a signature over another message",
        async () => ({ ...(await signedLead()), signature: (await signedLead()).signature }),
        401,
        "invalid_signature",
      ],
      [
        "a message that is not EIP-4361",
        async () => ({ ...(await signedLead()), message: "hello" }),
        400,
        "invalid_lead_message",
      ],
      [
        "control characters in the signed attribution",
        () => signedLead({ attribution: { clickId: "a\u001b[31m" } }),
        400,
        "invalid_input",
      ],
    ];
    for (const [name, make, status, code] of refusals)
      void test(`${status} for ${name}`, async () =>
        assertError(await post("/api/track/lead", await make()), status, code));
    const bad: Array<[string, unknown]> = [
      ["no wallet", { event: "lead_success" }],
      ["bad wallet", { walletAddress: "nope" }],
      ["wrong event", { walletAddress: WALLET, event: "conversion" }],
      ["negative amount", { walletAddress: WALLET, purchaseUsdAmount: -1 }],
      ["text amount", { walletAddress: WALLET, purchaseTokens: "12abc" }],
      ["long referrer", { walletAddress: WALLET, referrer: "r".repeat(1025) }],
      ["object source", { walletAddress: WALLET, source: { a: 1 } }],
      ["a signature that is not hex", { walletAddress: WALLET, message: "m", signature: "0xzz" }],
      ["an overlong message", { walletAddress: WALLET, message: "m".repeat(5000), signature: "0x00" }],
    ];
    for (const [name, body] of bad)
      void test(`400 for ${name}`, async () => assertError(await post("/api/track/lead", body), 400, "invalid_input"));
  });

  void describe("POST /api/track/conversion", () => {
    const conv = {
      publicAddress: WALLET,
      event: "conversion",
      purchaseType: "CARD",
      purchaseTokens: "100",
      hash: HASH,
      chainId: 31338,
      presaleName: "shaft",
      isBW: false,
    };
    const bad: Array<[string, unknown]> = [
      ["no hash", { ...conv, hash: undefined }],
      ["short hash", { ...conv, hash: "0x1234" }],
      ["bad event", { ...conv, event: "lead_success" }],
      ["bad address", { ...conv, publicAddress: "0x12" }],
      ["chainId not a number", { ...conv, chainId: "base" }],
      ["isBW not boolean", { ...conv, isBW: "yes" }],
    ];
    for (const [name, body] of bad)
      void test(`400 for ${name}`, async () =>
        assertError(await post("/api/track/conversion", body), 400, "invalid_input"));
    void test("400 for a chain the server does not know", async () =>
      assertError(await post("/api/track/conversion", { ...conv, chainId: 1 }), 400, "unsupported_chain"));
    void test("503 when the chain has no presale address", async () =>
      assertError(await post("/api/track/conversion", conv), 503, "chain_unavailable"));
    void test("400 for a session that is not text", async () =>
      assertError(await post("/api/track/conversion", { ...conv, session: 12 }), 400, "invalid_input"));
  });

  void describe("POST /api/card/session", () => {
    const ok = { address: WALLET, tokenAmount: 1000, stake: false };
    const bad: Array<[string, unknown]> = [
      ["no address", { tokenAmount: 1000 }],
      ["bad address", { ...ok, address: "0xzz" }],
      ["fractional tokens", { ...ok, tokenAmount: 10.5 }],
      ["zero tokens", { ...ok, tokenAmount: 0 }],
      ["negative tokens", { ...ok, tokenAmount: -5 }],
      ["tokens as words", { ...ok, tokenAmount: "ten" }],
      ["absurd tokens", { ...ok, tokenAmount: "1".repeat(30) }],
      ["stake not boolean", { ...ok, stake: "true" }],
      [
        "a client price (not accepted: unknown keys are dropped, but the amount is still required)",
        { address: WALLET, commodity_amount: 0.0001 },
      ],
    ];
    for (const [name, body] of bad)
      void test(`400 for ${name}`, async () =>
        assertError(await post("/api/card/session", body), 400, "invalid_input"));
    void test("400 below the minimum token amount", async () => {
      const r = await post("/api/card/session", { ...ok, tokenAmount: 9 });
      assertError(r, 400, "invalid_input");
      assert.match(r.json<ErrorBody>().reason, /at least 10/);
    });
    void test("503 when no presale is configured", async () =>
      assertError(await post("/api/card/session", ok), 503, "card_unavailable"));
  });

  void describe("CORS", () => {
    void test("preflight from the site origin is allowed", async () => {
      const r = await t.app.inject({
        method: "OPTIONS",
        url: "/api/referral",
        headers: {
          origin: SITE,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      assert.equal(r.statusCode, 204);
      assert.equal(r.headers["access-control-allow-origin"], SITE);
    });
    void test("a request from the site origin carries the CORS header", async () => {
      const r = await post("/api/referral", { walletAddress: WALLET }, { origin: SITE });
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers["access-control-allow-origin"], SITE);
    });
    void test("any other origin is refused with 403 and no CORS header", async () => {
      for (const method of ["OPTIONS", "POST"] as const) {
        const r = await t.app.inject({
          method,
          url: "/api/referral",
          ...json({ walletAddress: WALLET }),
          headers: {
            "content-type": "application/json",
            origin: "https://evil.example",
            "access-control-request-method": "POST",
          },
        });
        assertError(r, 403, "origin_not_allowed");
        assert.equal(r.headers["access-control-allow-origin"], undefined);
      }
    });
  });
});

void describe("rate limiting", () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ RATE_LIMIT_MAX: "3", CARD_RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "60000" });
  });
  after(async () => t.close());
  const from = (ip: string, url = "/api/referral", body: unknown = { walletAddress: WALLET }) =>
    t.app.inject({ method: "POST", url, remoteAddress: ip, ...json(body) });

  void test("per IP: the 4th request in the window is a 429 with a reason; another IP is unaffected", async () => {
    for (let i = 0; i < 3; i++) assert.ok((await from("10.0.0.1")).statusCode < 300);
    const r = await from("10.0.0.1");
    assertError(r, 429, "rate_limited");
    assert.ok(Number(r.headers["retry-after"]) > 0);
    assert.ok((await from("10.0.0.2")).statusCode < 300);
  });

  void test("the card session route has its own, stricter limit", async () => {
    const body = { address: WALLET, tokenAmount: 5 };
    for (let i = 0; i < 2; i++) assert.equal((await from("10.0.0.3", "/api/card/session", body)).statusCode, 400);
    assertError(await from("10.0.0.3", "/api/card/session", body), 429, "rate_limited");
  });

  void test("health checks are not limited", async () => {
    for (let i = 0; i < 6; i++)
      assert.equal((await t.app.inject({ url: "/healthz", remoteAddress: "10.0.0.1" })).statusCode, 200);
  });
});

void describe("persistence across a restart", () => {
  void test("the referral link and leads survive a new process on the same SQLite file", async () => {
    const file = path.join(tempDir(), "persist.sqlite");
    const a = await makeApp({ SQLITE_PATH: file });
    const r1 = await a.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: WALLET }) });
    const lead = () => signedLead({ attribution: { clickId: "x" } });
    await a.app.inject({ method: "POST", url: "/api/track/lead", ...json(await lead()) });
    await a.close();
    const b = await makeApp({ SQLITE_PATH: file });
    try {
      const r2 = await b.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: WALLET }) });
      assert.equal(r2.statusCode, 200);
      assert.equal(r2.json<ReferralBody>().data.url, r1.json<ReferralBody>().data.url);
      const l = await b.app.inject({ method: "POST", url: "/api/track/lead", ...json(await lead()) });
      assert.equal(l.json<RecordedBody>().data.status, "duplicate");
    } finally {
      await b.close();
    }
  });
});

void describe("failures inside the server", () => {
  void test("a broken database gives 503 {error, reason} with retry-after, without internals, and readyz reports it", async () => {
    const t = await makeApp();
    try {
      await t.repo.close();
      const r = await t.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: WALLET }) });
      assertError(r, 503, "db_unavailable");
      assert.ok(Number(r.headers["retry-after"]) > 0);
      const ready = await t.app.inject("/readyz");
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json<ReadyBody>().checks.db, "unavailable");
    } finally {
      await t.app.close();
    }
  });
});
