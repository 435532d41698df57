/**
 * The owner console's sign-in and private data against a real local Base (the owner role read live) on SQLite and on
 * PostgreSQL: every refusal (no session, a replayed, expired or foreign nonce, another site or chain, a stranger, the
 * pause-only admin), the owner's session, the referral conversions and the CSV export, two instances on one database,
 * and a smart-account owner (ERC-1271) that loses its session's data as soon as it loses the role.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encodeFunctionData, getAddress, keccak256, toHex, zeroAddress, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { presaleAbi } from "../src/contracts.ts";
import { CSV_HEADER, type IndexedPurchase } from "../src/exports.ts";
import { SITE, json, makeApp, type ErrorBody, type TestApp } from "./helpers/app.ts";
import { ACCOUNTS, artifact, chainUnavailable, startChain, type TestChain } from "./helpers/chain.ts";
import { KEYS } from "./helpers/lead.ts";
import { startPostgres, type TestPostgres } from "./helpers/postgres.ts";

const skip = chainUnavailable();
const signingWallet = () => artifact("test-support/SigningWallet.sol", "SigningWallet");

interface NonceBody {
  data: { nonce: string; chainId: number; expiresAt: string };
}
interface SessionBody {
  data: { token: string; wallet: Address; role: string; expiresAt: string };
}
interface ConversionsBody {
  data: {
    conversions: {
      chainId: number;
      txHash: string;
      buyer: string;
      referrerCode: string;
      referrerWallet: string | null;
      tokens: string | null;
      usd: string | null;
    }[];
  };
}

/** A sign-in message as the console makes it, signed by `key` (for `wallet`: the key's own, or a smart account). */
async function signIn(o: {
  key: Hex;
  nonce: string;
  wallet?: Address;
  chainId?: number;
  site?: string;
  issuedAt?: Date;
  lifetimeMs?: number;
}) {
  const account = privateKeyToAccount(o.key);
  const site = o.site ?? SITE;
  const issuedAt = o.issuedAt ?? new Date();
  const message = createSiweMessage({
    address: o.wallet ?? account.address,
    chainId: o.chainId ?? 31338,
    domain: new URL(site).host,
    uri: site,
    version: "1",
    nonce: o.nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + (o.lifetimeMs ?? 3600_000)),
    statement: "Sign in to the owner console.",
  });
  return { message, signature: await account.signMessage({ message }) };
}

/** A stand-in for the indexer's `GET /purchases` (its paging: `after`, `limit`, `next`), two rows per page. */
async function standInIndexer(rows: IndexedPurchase[]) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname !== "/purchases") return void res.writeHead(404).end();
    const after = url.searchParams.get("after");
    const from = after ? rows.findIndex((r) => r.id === after) + 1 : 0;
    const limit = Math.min(Number(url.searchParams.get("limit")), 2);
    const page = rows.slice(from, from + limit);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ purchases: page, next: page.length === limit ? page.at(-1)!.id : null }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

void describe("owner console sign-in", { skip }, () => {
  let chain: TestChain;
  let pgServer: TestPostgres | undefined;
  let pgSkip: string | undefined;
  let indexer: Awaited<ReturnType<typeof standInIndexer>>;
  let rows: IndexedPurchase[];
  before(async () => {
    chain = await startChain();
    const pgStart = await startPostgres();
    if ("skip" in pgStart) pgSkip = pgStart.skip;
    else pgServer = pgStart;
    const usdc = await chain.publicClient.readContract({
      address: chain.presale,
      abi: presaleAbi,
      functionName: "usdc",
    });
    const row = (n: number, chainId: number, payToken: string, paid: string): IndexedPurchase => ({
      id: `${chainId}:0x${String(n).repeat(64)}:0`,
      chainId,
      txHash: `0x${String(n).repeat(64)}`,
      logIndex: 0,
      blockNumber: String(100 + n),
      timestamp: String(1_790_000_000 + n),
      buyer: ACCOUNTS.buyer.toLowerCase(),
      recipient: ACCOUNTS.buyer2.toLowerCase(),
      payToken: payToken.toLowerCase(),
      paid,
      tokens: String(1000 * n),
      usd: `${6 * n}000000000000000000`,
    });
    rows = [
      row(1, 31338, zeroAddress, "2000000000000000"),
      row(2, 31338, usdc, "12000000"),
      row(3, 31338, zeroAddress, "6000000000000000"),
    ];
    indexer = await standInIndexer(rows);
    // The pause-only admin of the 403 case.
    const grant = await chain.wallet(ACCOUNTS.deployer).writeContract({
      address: chain.presale,
      abi: presaleAbi,
      functionName: "grantRole",
      args: [keccak256(toHex("ADMIN_ROLE")), ACCOUNTS.buyer2],
      account: ACCOUNTS.deployer,
      chain: chain.chain,
    });
    assert.equal((await chain.publicClient.waitForTransactionReceipt({ hash: grant })).status, "success");
  });
  after(async () => {
    await indexer?.close();
    await pgServer?.stop();
    await chain?.stop();
  });

  /** The app on the local Base, with a temporary SQLite file unless `env` names a PostgreSQL database. */
  const appOn = (env: Record<string, string> = {}) =>
    makeApp({
      RPC_URL_31338: chain.rpcUrl,
      // Another known chain, for the message that names the wrong one.
      RPC_URL_31337: chain.rpcUrl,
      PRESALE_ADDRESS_31338: chain.presale,
      INDEXER_URL: indexer.url,
      ...env,
    });

  for (const store of ["sqlite", "postgres"] as const) {
    void describe(`on ${store}`, () => {
      let t: TestApp;
      before(async () => {
        if (store === "postgres" && pgSkip) return;
        t = await appOn(store === "postgres" ? { DATABASE_URL: await pgServer!.newDatabase() } : {});
      });
      after(async () => t?.close());
      /** A test of this store (skipped with the reason when PostgreSQL is not available here). */
      const it = (name: string, fn: () => Promise<void>) => test(name, async (ctx) => (t ? fn() : ctx.skip(pgSkip)));

      const post = (url: string, body: unknown) => t.app.inject({ method: "POST", url, ...json(body) });
      const get = (url: string, token?: string) =>
        t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const nonce = async () => {
        const r = await post("/api/owner/nonce", {});
        assert.equal(r.statusCode, 201, r.body);
        return r.json<NonceBody>().data;
      };
      const refused = (r: { statusCode: number; body: string }, status: number, code: string) => {
        assert.equal(r.statusCode, status, r.body);
        const body = JSON.parse(r.body) as ErrorBody;
        assert.equal(body.error, code, r.body);
        assert.ok(body.reason.length > 0);
      };
      const ownerSession = async () => {
        const r = await post("/api/owner/session", await signIn({ key: KEYS.deployer, nonce: (await nonce()).nonce }));
        assert.equal(r.statusCode, 201, r.body);
        return r.json<SessionBody>().data;
      };

      void it("a nonce names the owner chain, expires in minutes, and is never handed out twice", async () => {
        const [a, b] = [await nonce(), await nonce()];
        assert.match(a.nonce, /^[0-9a-f]{32}$/);
        assert.notEqual(a.nonce, b.nonce);
        assert.equal(a.chainId, 31338);
        const minutes = (Date.parse(a.expiresAt) - Date.now()) / 60_000;
        assert.ok(minutes > 9 && minutes <= 10, `${minutes} minutes`);
      });

      void it("no session: 401 on every private route, and nothing private in the answer", async () => {
        for (const url of ["/api/owner/session", "/api/owner/conversions", "/api/owner/purchases.csv"]) {
          refused(await get(url), 401, "session_required");
          refused(await get(url, "made-up-token-0123456789"), 401, "invalid_session");
          const r = await t.app.inject({ method: "GET", url, headers: { authorization: "Basic abc" } });
          refused(r, 401, "invalid_session");
        }
      });

      void it("the owner signs in: a session until the message expires, the conversions and the CSV", async () => {
        await t.repo.getOrCreateReferral(ACCOUNTS.buyer2.toLowerCase(), undefined, () => "k7m2p9q4rx");
        const conversion = (n: number, referrer?: string) => ({
          chainId: 31338,
          txHash: `0x${String(n).repeat(64)}`,
          publicAddress: ACCOUNTS.buyer.toLowerCase(),
          event: "conversion",
          isBw: false,
          txFrom: ACCOUNTS.buyer.toLowerCase(),
          blockNumber: BigInt(100 + n),
          blockTime: 1_790_000_000_000 + n * 1000,
          onchainTokens: String(1000 * n),
          purchaseUsdAmount: String(6 * n),
          purchaseType: "ETH",
          referrer,
          buyer: ACCOUNTS.buyer.toLowerCase(),
          recipient: ACCOUNTS.buyer.toLowerCase(),
          paymentToken: zeroAddress,
        });
        await t.repo.recordConversion(conversion(1, "k7m2p9q4rx"));
        await t.repo.recordConversion(conversion(2)); // no referral: not a referral conversion
        await t.repo.recordConversion(conversion(3, "unknowncode")); // a code this server never issued

        const s = await ownerSession();
        assert.equal(s.wallet, ACCOUNTS.deployer);
        const lifetime = Date.parse(s.expiresAt) - Date.now();
        assert.ok(lifetime > 3500_000 && lifetime <= 3600_000, `${lifetime} ms`);
        const me = await get("/api/owner/session", s.token);
        assert.equal(me.statusCode, 200, me.body);
        assert.equal(me.json<SessionBody>().data.wallet, ACCOUNTS.deployer);

        const c = await get("/api/owner/conversions", s.token);
        assert.equal(c.statusCode, 200, c.body);
        assert.equal(c.headers["cache-control"], "no-store");
        const list = c.json<ConversionsBody>().data.conversions;
        assert.deepEqual(
          list.map((x) => [x.txHash.slice(0, 4), x.referrerCode, x.referrerWallet, x.tokens, x.usd]),
          [
            ["0x33", "unknowncode", null, "3000", "18"],
            ["0x11", "k7m2p9q4rx", ACCOUNTS.buyer2.toLowerCase(), "1000", "6"],
          ],
        );
        refused(await get("/api/owner/conversions?limit=0", s.token), 400, "invalid_input");

        // The console is on another origin locally: the session's header may be sent, the file name read.
        const preflight = await t.app.inject({
          method: "OPTIONS",
          url: "/api/owner/purchases.csv",
          headers: {
            origin: SITE,
            "access-control-request-method": "GET",
            "access-control-request-headers": "authorization",
          },
        });
        assert.equal(preflight.statusCode, 204);
        assert.match(String(preflight.headers["access-control-allow-headers"]), /authorization/);
        const csv = await t.app.inject({
          method: "GET",
          url: "/api/owner/purchases.csv",
          headers: { origin: SITE, authorization: `Bearer ${s.token}` },
        });
        assert.match(String(csv.headers["access-control-expose-headers"]), /content-disposition/);
        assert.equal(csv.statusCode, 200, csv.body);
        assert.match(String(csv.headers["content-type"]), /^text\/csv/);
        assert.match(
          String(csv.headers["content-disposition"]),
          /^attachment; filename="purchases-\d{4}-\d\d-\d\d\.csv"$/,
        );
        const lines = csv.body.trimEnd().split("\r\n");
        assert.equal(lines[0], CSV_HEADER.join(","));
        // Every page of the indexer (two rows each), the pay token named by the presale, amounts in its units.
        assert.deepEqual(
          lines.slice(1).map((l) => l.split(",")),
          [
            ["ETH", "0.002", "1000", "6"],
            ["USDC", "12", "2000", "12"],
            ["ETH", "0.006", "3000", "18"],
          ].map(([token, paid, tokens, usd], i) => [
            "Base",
            "31338",
            rows[i].txHash,
            "0",
            rows[i].blockNumber,
            new Date(Number(rows[i].timestamp) * 1000).toISOString(),
            ACCOUNTS.buyer.toLowerCase(),
            ACCOUNTS.buyer2.toLowerCase(),
            token,
            paid,
            tokens,
            usd,
          ]),
        );

        // Signed out: the token opens nothing any more.
        const out = await t.app.inject({
          method: "POST",
          url: "/api/owner/signout",
          headers: { authorization: `Bearer ${s.token}` },
        });
        assert.equal(out.statusCode, 200, out.body);
        refused(await get("/api/owner/conversions", s.token), 401, "invalid_session");
      });

      void it("a replayed, expired or foreign nonce opens no session", async () => {
        const signed = await signIn({ key: KEYS.deployer, nonce: (await nonce()).nonce });
        assert.equal((await post("/api/owner/session", signed)).statusCode, 201);
        refused(await post("/api/owner/session", signed), 409, "nonce_used");

        const stale = "0123456789abcdef0123456789abcdef";
        await t.repo.issueOwnerNonce(stale, Date.now() - 1);
        refused(
          await post("/api/owner/session", await signIn({ key: KEYS.deployer, nonce: stale })),
          401,
          "nonce_expired",
        );
        const foreign = await signIn({ key: KEYS.deployer, nonce: "fedcba9876543210fedcba9876543210" });
        refused(await post("/api/owner/session", foreign), 401, "unknown_nonce");
      });

      void it("another site, another chain, an old or long message, another key: refused before any session", async () => {
        const cases: [string, Parameters<typeof signIn>[0], number, string][] = [
          [
            "another site",
            { key: KEYS.deployer, nonce: "", site: "https://evil.example" },
            400,
            "invalid_signin_message",
          ],
          ["Ethereum instead of Base", { key: KEYS.deployer, nonce: "", chainId: 31337 }, 400, "wrong_chain"],
          ["a chain the server does not know", { key: KEYS.deployer, nonce: "", chainId: 1 }, 400, "unsupported_chain"],
          [
            "issued 20 minutes ago",
            { key: KEYS.deployer, nonce: "", issuedAt: new Date(Date.now() - 20 * 60_000) },
            400,
            "signin_message_expired",
          ],
          [
            "running 2 hours",
            { key: KEYS.deployer, nonce: "", lifetimeMs: 2 * 3600_000 },
            400,
            "signin_message_expired",
          ],
          // The owner's address, another key's signature.
          ["another key", { key: KEYS.stranger, nonce: "", wallet: ACCOUNTS.deployer }, 401, "invalid_signature"],
        ];
        for (const [name, o, status, code] of cases) {
          const n = (await nonce()).nonce;
          const r = await post("/api/owner/session", await signIn({ ...o, nonce: n }));
          assert.equal(r.statusCode, status, `${name}: ${r.body}`);
          assert.equal(r.json<ErrorBody>().error, code, name);
          // The refused message did not use the nonce: the owner can still sign in with it.
          const ok = await post("/api/owner/session", await signIn({ key: KEYS.deployer, nonce: n }));
          assert.equal(ok.statusCode, 201, `${name}, then the owner: ${ok.body}`);
        }
        refused(
          await post("/api/owner/session", { message: "hello", signature: "0x01" }),
          400,
          "invalid_signin_message",
        );
        refused(await post("/api/owner/session", { message: "hello" }), 400, "invalid_input");
      });

      void it("a stranger and the pause-only admin are refused with 403 and the reason", async () => {
        const stranger = await post(
          "/api/owner/session",
          await signIn({ key: KEYS.stranger, nonce: (await nonce()).nonce }),
        );
        refused(stranger, 403, "not_owner");
        assert.match(stranger.json<ErrorBody>().reason, /does not hold the owner role/);
        const admin = await post(
          "/api/owner/session",
          await signIn({ key: KEYS.buyer2, nonce: (await nonce()).nonce }),
        );
        refused(admin, 403, "not_owner");
        assert.match(admin.json<ErrorBody>().reason, /ADMIN_ROLE only/);
      });

      void it("an unreachable indexer makes the export a 503, not a half file", async () => {
        const s = await ownerSession();
        await indexer.close();
        try {
          refused(await get("/api/owner/purchases.csv", s.token), 503, "indexer_unavailable");
        } finally {
          indexer = await standInIndexer(rows);
        }
        // The next test's apps read the new stand-in; this one keeps the old URL.
      });
    });
  }

  void test("two instances on one PostgreSQL database agree on nonces and sessions", async (ctx) => {
    if (pgSkip) return ctx.skip(pgSkip);
    const url = await pgServer!.newDatabase();
    const [a, b] = [await appOn({ DATABASE_URL: url }), await appOn({ DATABASE_URL: url })];
    try {
      const n = (await a.app.inject({ method: "POST", url: "/api/owner/nonce" })).json<NonceBody>().data.nonce;
      const signed = await signIn({ key: KEYS.deployer, nonce: n });
      // The same message on both at once: exactly one session.
      const answers = await Promise.all(
        [a, b].map((x) => x.app.inject({ method: "POST", url: "/api/owner/session", ...json(signed) })),
      );
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 409]);
      const token = answers.find((r) => r.statusCode === 201)!.json<SessionBody>().data.token;
      for (const x of [a, b]) {
        const r = await x.app.inject({
          method: "GET",
          url: "/api/owner/session",
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(r.statusCode, 200, r.body);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  void test("a smart-account owner signs in (ERC-1271) and loses the data when it loses the role", async () => {
    const t = await appOn();
    const owner = ACCOUNTS.buyer; // KEYS.buyer's address: the account's one key
    const account = getAddress(await chain.deploy(signingWallet(), [owner]));
    const call = async (from: Address, to: Address, data: Hex) => {
      const hash = await chain.wallet(from).sendTransaction({ account: from, chain: chain.chain, to, data });
      assert.equal((await chain.publicClient.waitForTransactionReceipt({ hash })).status, "success");
    };
    const viaAccount = (data: Hex) =>
      call(
        owner,
        account,
        encodeFunctionData({ abi: signingWallet().abi, functionName: "execute", args: [chain.presale, 0n, data] }),
      );
    const transferTo = (to: Address) =>
      encodeFunctionData({ abi: presaleAbi, functionName: "beginDefaultAdminTransfer", args: [to] });
    const accept = encodeFunctionData({ abi: presaleAbi, functionName: "acceptDefaultAdminTransfer" });
    try {
      // The owner role moves to the account (two steps, no delay on this chain).
      await call(ACCOUNTS.deployer, chain.presale, transferTo(account));
      await viaAccount(accept);
      const n = (await t.app.inject({ method: "POST", url: "/api/owner/nonce" })).json<NonceBody>().data.nonce;
      const r = await t.app.inject({
        method: "POST",
        url: "/api/owner/session",
        ...json(await signIn({ key: KEYS.buyer, wallet: account, nonce: n })),
      });
      assert.equal(r.statusCode, 201, r.body);
      const s = r.json<SessionBody>().data;
      assert.equal(s.wallet, account);
      const read = () =>
        t.app.inject({ method: "GET", url: "/api/owner/conversions", headers: { authorization: `Bearer ${s.token}` } });
      assert.equal((await read()).statusCode, 200);
      // The role goes back to the deployer: the account's session, still unexpired, opens nothing.
      await viaAccount(transferTo(ACCOUNTS.deployer));
      await call(ACCOUNTS.deployer, chain.presale, accept);
      const after = await read();
      assert.equal(after.statusCode, 403, after.body);
      assert.equal(after.json<ErrorBody>().error, "not_owner");
    } finally {
      await t.close();
    }
  });
});
