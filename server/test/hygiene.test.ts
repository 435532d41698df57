/**
 * Client identity behind proxies (TRUST_PROXY), input hygiene (control characters, amounts) and dependency
 * outages (503 + retry-after, one log line per interval): each case as the attack or the failure it guards against.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ConfigError, loadConfig, parseTrustProxy } from "../src/config.ts";
import { json, logLine, makeApp, tempDir, type ErrorBody } from "./helpers/app.ts";
import { signedLead } from "./helpers/lead.ts";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const HASH = "0x" + "ab".repeat(32);
const randomIp = () =>
  `${1 + crypto.randomInt(222)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;

/** The request IPs stored with the wallet's leads (read from the SQLite file, as an operator would). */
function storedLeadIps(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("SELECT ip_address FROM leads ORDER BY first_seen").all() as Array<{ ip_address: string }>).map(
      (r) => r.ip_address,
    );
  } finally {
    db.close();
  }
}

void describe("TRUST_PROXY: the client IP is the one the trusted proxies report", () => {
  void test("`true` is refused at start with the reason; hop counts and address lists are read as such", async () => {
    for (const v of ["true", "TRUE", "yes", "on"]) {
      assert.throws(
        () => parseTrustProxy(v),
        (e: Error) =>
          e instanceof ConfigError && /every X-Forwarded-For hop/.test(e.message) && /rate limit/.test(e.message),
      );
    }
    await assert.rejects(
      loadConfig({ DEPLOYMENTS_DIR: tempDir(), TRUST_PROXY: "true" }),
      /TRUST_PROXY=true would trust every/,
    );
    assert.equal(parseTrustProxy("1"), 1, '"1" is one hop, not "trust everything"');
    assert.equal(parseTrustProxy("2"), 2);
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy("false"), false);
    assert.deepEqual(parseTrustProxy("10.0.0.5, 10.1.0.0/16,::1"), ["10.0.0.5", "10.1.0.0/16", "::1"]);
    for (const bad of ["11", "10.0.0.0/33", "proxy.internal", "10.0.0.1/8/2"])
      assert.throws(() => parseTrustProxy(bad), ConfigError, bad);
  });

  void test("TRUST_PROXY lists that would trust clients are refused at start with the variable named: 0.0.0.0/1,128.0.0.0/1, /0, IPv4-mapped ranges", async () => {
    const refused: Array<[string, RegExp]> = [
      ["0.0.0.0/1,128.0.0.0/1", /TRUST_PROXY: "0.0.0.0\/1" covers 2147483648 IPv4 addresses/],
      ["0.0.0.0/0", /TRUST_PROXY: "0.0.0.0\/0" covers 4294967296 IPv4 addresses/],
      ["10.0.0.0/7", /covers 33554432 IPv4 addresses/],
      ["::/0", /TRUST_PROXY: "::\/0" covers IPv4-mapped addresses/],
      ["::ffff:0:0/96", /covers IPv4-mapped addresses/],
      ["::ffff:0.0.0.0/100", /covers IPv4-mapped addresses/],
      ["2000::/3", /TRUST_PROXY: "2000::\/3" covers more than an IPv6 \/32 of public addresses/],
    ];
    for (const [value, re] of refused) {
      assert.throws(
        () => parseTrustProxy(value),
        (e: Error) => e instanceof ConfigError && re.test(e.message),
        value,
      );
      await assert.rejects(loadConfig({ DEPLOYMENTS_DIR: tempDir(), TRUST_PROXY: value }), re, value);
    }
    for (const ok of [
      "10.0.0.0/8",
      "172.16.0.0/12",
      "203.0.113.7",
      "fd00::/8",
      "fe80::/10",
      "2001:db8::/32",
      "::ffff:10.0.0.0/104",
      "::1",
    ])
      assert.deepEqual(parseTrustProxy(ok), [ok], ok);
  });

  const forgingClient = async (
    env: Record<string, string>,
    hops: (forged: string) => { remoteAddress: string; xff: string },
    realIp: string,
  ) => {
    const file = path.join(tempDir(), "db.sqlite");
    const t = await makeApp({ SQLITE_PATH: file, RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000", ...env });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const { remoteAddress, xff } = hops(randomIp());
        const r = await t.app.inject({
          method: "POST",
          url: "/api/track/lead",
          remoteAddress,
          ...json(await signedLead({ attribution: { clickId: `c${i}` } })),
          headers: { "content-type": "application/json", "x-forwarded-for": xff },
        });
        codes.push(r.statusCode);
      }
      assert.deepEqual(
        codes,
        [...Array<number>(5).fill(201), ...Array<number>(7).fill(429)],
        "a new forged X-Forwarded-For on every request does not reset the limit",
      );
      assert.deepEqual(
        [...new Set(storedLeadIps(file))],
        [realIp],
        "the stored IP is the one the proxy saw, never the forged one",
      );
    } finally {
      await t.close();
    }
  };

  void test("one proxy (TRUST_PROXY=1) appending the real IP: a client forging X-Forwarded-For is still limited by its real IP", async () => {
    await forgingClient(
      { TRUST_PROXY: "1" },
      (forged) => ({ remoteAddress: "10.0.0.1", xff: `${forged}, 203.0.113.7` }),
      "203.0.113.7",
    );
  });

  void test("two proxies (TRUST_PROXY=2): the address the outer proxy saw is the client", async () => {
    await forgingClient(
      { TRUST_PROXY: "2" },
      (forged) => ({ remoteAddress: "10.0.0.2", xff: `${forged}, 203.0.113.8, 10.0.0.1` }),
      "203.0.113.8",
    );
  });

  void test("two proxies by address (TRUST_PROXY=10.0.0.1,10.0.0.2): the first untrusted address from the right is the client", async () => {
    await forgingClient(
      { TRUST_PROXY: "10.0.0.1,10.0.0.2" },
      (forged) => ({ remoteAddress: "10.0.0.2", xff: `${forged}, 203.0.113.9, 10.0.0.1` }),
      "203.0.113.9",
    );
  });

  void test("a client connecting directly, past an address-listed proxy, cannot choose its IP", async () => {
    await forgingClient(
      { TRUST_PROXY: "10.0.0.0/8" },
      (forged) => ({ remoteAddress: "198.51.100.4", xff: forged }),
      "198.51.100.4",
    );
  });

  void test("a hop count with a client connecting directly: text in X-Forwarded-For is never taken for its IP (the socket's is)", async () => {
    const file = path.join(tempDir(), "db.sqlite");
    const t = await makeApp({ SQLITE_PATH: file, TRUST_PROXY: "1" });
    try {
      for (const xff of ["<script>alert(1)</script>", "not-an-ip", "203.0.113.7, <img src=x>", "999.1.1.1"]) {
        const r = await t.app.inject({
          method: "POST",
          url: "/api/track/lead",
          remoteAddress: "198.51.100.6",
          ...json(await signedLead({ attribution: { clickId: crypto.randomUUID() } })),
          headers: { "content-type": "application/json", "x-forwarded-for": xff },
        });
        assert.equal(r.statusCode, 201, r.body);
      }
      assert.deepEqual([...new Set(storedLeadIps(file))], ["198.51.100.6"]);
    } finally {
      await t.close();
    }
  });

  void test("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
    await forgingClient({}, (forged) => ({ remoteAddress: "198.51.100.5", xff: forged }), "198.51.100.5");
  });
});

void describe("input hygiene", () => {
  const post = async (url: string, body: unknown) => {
    const t = await makeApp();
    try {
      return await t.app.inject({ method: "POST", url, ...json(body) });
    } finally {
      await t.close();
    }
  };

  void test("NUL, escape sequences and other control characters in any text field are a 400, never stored", async () => {
    const t = await makeApp();
    try {
      const cases: Array<[string, Record<string, unknown>]> = [
        ["/api/track/lead", { walletAddress: WALLET, clickId: "a\u0000b" }],
        ["/api/track/lead", { walletAddress: WALLET, source: "\u001b[2J\u001b[31mowned" }],
        ["/api/track/lead", { walletAddress: WALLET, referrer: "line\nbreak" }],
        ["/api/track/lead", { walletAddress: WALLET, userAgent: "ua\u009b31m" }],
        ["/api/track/lead", { walletAddress: WALLET, iid: "x\u007f" }],
        ["/api/referral", { walletAddress: WALLET, iid: "i\u0000d" }],
        [
          "/api/track/conversion",
          { publicAddress: WALLET, event: "conversion", hash: HASH, chainId: 31338, extra: "e\u0000" },
        ],
        [
          "/api/track/conversion",
          { publicAddress: WALLET, event: "conversion", hash: HASH, chainId: 31338, presaleName: "p\u001b" },
        ],
      ];
      for (const [url, body] of cases) {
        const r = await t.app.inject({ method: "POST", url, ...json(body) });
        assert.equal(r.statusCode, 400, `${url} ${JSON.stringify(body)}: ${r.body}`);
        assert.equal(r.json<ErrorBody>().error, "invalid_input");
        assert.match(r.json<ErrorBody>().reason, /control characters/);
      }
      assert.equal(await t.repo.countLeads(), 0);
      assert.equal(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/track/lead",
            ...json(await signedLead({ attribution: { source: "ünïcødé 广告" } })),
          })
        ).statusCode,
        201,
        "printable Unicode is fine",
      );
    } finally {
      await t.close();
    }
  });

  void test("amounts: decimal strings and JSON numbers within the limits, taken digit for digit; exponents and excess digits refused", async () => {
    const file = path.join(tempDir(), "db.sqlite");
    const t = await makeApp({ SQLITE_PATH: file });
    /** The amount is spliced into the JSON text as is, so the request carries exactly these characters. */
    const lead = async (amountJson: string) => {
      const signed = JSON.stringify(await signedLead({ attribution: { clickId: crypto.randomUUID() } }));
      return t.app.inject({
        method: "POST",
        url: "/api/track/lead",
        payload: `${signed.slice(0, -1)},"purchaseUsdAmount":${amountJson}}`,
        headers: { "content-type": "application/json" },
      });
    };
    try {
      const bad = [
        "1e300",
        "1e-20",
        "1E5",
        "-1",
        '"1e5"',
        '"0x10"',
        `"${"1".repeat(25)}"`,
        "1" + "0".repeat(24),
        `"1.${"1".repeat(19)}"`,
        "0.1234567890123456789",
        '"007"',
        '" "',
        '"NaN"',
        "true",
      ];
      for (const v of bad) {
        const r = await lead(v);
        assert.equal(r.statusCode, 400, `${v}: ${r.body}`);
        assert.equal(r.json<ErrorBody>().error, "invalid_input");
      }
      // Each accepted value is stored as the exact text sent (JSON numbers included: no float in between).
      const good: Array<[string, string]> = [
        ["0", "0"],
        ["150", "150"],
        ["150.25", "150.25"],
        ["2.1645000000000003", "2.1645000000000003"], // what a dapp's float arithmetic sends
        ["0.123456789012345678", "0.123456789012345678"], // more digits than a double holds
        ["9007199254740993", "9007199254740993"], // above 2^53
        ["1.50", "1.50"],
        ['"123456789012345678901234"', "123456789012345678901234"],
        ['"0.000000000000000001"', "0.000000000000000001"],
      ];
      for (const [sent] of good) assert.equal((await lead(sent)).statusCode, 201, sent);
      assert.equal(await t.repo.countLeads(), good.length);
    } finally {
      await t.close();
    }
    const db = new DatabaseSync(file, { readOnly: true });
    const stored = (
      db.prepare("SELECT purchase_usd_amount AS v FROM leads ORDER BY first_seen, rowid").all() as Array<{ v: string }>
    ).map((r) => r.v);
    db.close();
    assert.deepEqual(
      stored.sort(),
      [
        "0",
        "150",
        "150.25",
        "2.1645000000000003",
        "0.123456789012345678",
        "9007199254740993",
        "1.50",
        "123456789012345678901234",
        "0.000000000000000001",
      ].sort(),
    );
  });

  void test("prototype-poisoning keys in a body are refused", async () => {
    const t = await makeApp();
    try {
      for (const payload of [
        `{"walletAddress":"${WALLET}","__proto__":{"x":1}}`,
        `{"walletAddress":"${WALLET}","constructor":{"prototype":{"x":1}}}`,
      ]) {
        const r = await t.app.inject({
          method: "POST",
          url: "/api/referral",
          payload,
          headers: { "content-type": "application/json" },
        });
        assert.equal(r.statusCode, 400, payload);
        assert.equal(r.json<ErrorBody>().error, "invalid_json");
      }
    } finally {
      await t.close();
    }
  });

  void test("an empty body and a non-object are 400 with a reason", async () => {
    assert.equal((await post("/api/referral", [])).statusCode, 400);
  });
});

void describe("dependency outages", () => {
  void test("database down: every write is a 503 db_unavailable with retry-after; identical errors are logged once per interval with a count", async () => {
    const logLines: string[] = [];
    const t = await makeApp({ ERROR_LOG_INTERVAL_MS: "60000" }, { logLines });
    try {
      await t.repo.close();
      for (let i = 0; i < 50; i++) {
        const r = await t.app.inject({
          method: "POST",
          url: "/api/track/lead",
          ...json(await signedLead({ attribution: { clickId: `x${i}` } })),
        });
        assert.equal(r.statusCode, 503, r.body);
        assert.deepEqual(r.json(), { error: "db_unavailable", reason: "the database is unavailable; retry shortly" });
        assert.ok(Number(r.headers["retry-after"]) > 0);
      }
      const failures = logLines
        .map((l) => logLine(l))
        .filter((l) => l.msg === "request failed" || l.msg === "unhandled error");
      assert.equal(failures.length, 1, "one log line for 50 identical failures");
      assert.equal(failures[0].code, "db_unavailable");
      assert.doesNotMatch(JSON.stringify(failures[0]), /\bat .+\.(ts|js):\d+/, "no stack trace");
      const ready = await t.app.inject("/readyz");
      assert.equal(ready.statusCode, 503);
      assert.ok(Number(ready.headers["retry-after"]) > 0);
    } finally {
      await t.app.close();
    }
  });

  void test("after the interval the next identical error is logged with the number folded into it", async () => {
    const logLines: string[] = [];
    const t = await makeApp({ ERROR_LOG_INTERVAL_MS: "200" }, { logLines });
    try {
      await t.repo.close();
      const hit = () => t.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: WALLET }) });
      for (let i = 0; i < 5; i++) await hit();
      await new Promise((r) => setTimeout(r, 250));
      await hit();
      const failures = logLines.map((l) => logLine(l)).filter((l) => l.msg === "request failed");
      assert.deepEqual(
        failures.map((f) => f.suppressed),
        [0, 4],
      );
    } finally {
      await t.app.close();
    }
  });
});
