/** Card session pricing, conversion verification and the stand-in widget against a real local chain. */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import {
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  isHex,
  parseEther,
  serializeErc6492Signature,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { commodityAmount, publicKeyOf, verifyCardSignature } from "../src/card.ts";
import { presaleAbi } from "../src/contracts.ts";
import { createWidgetServer } from "../src/widget/server.ts";
import { loadWidgetConfig } from "../src/widget/config.ts";
import {
  json,
  makeApp,
  TEST_SIGNER_KEY,
  type ErrorBody,
  type ReadyBody,
  type RecordedBody,
  type SessionBody,
  type TestApp,
} from "./helpers/app.ts";
import { ACCOUNTS, MAX_TOKENS, artifact, chainUnavailable, startChain, type TestChain } from "./helpers/chain.ts";
import { KEYS, signedLead, type LeadAnswer, type LeadOptions } from "./helpers/lead.ts";

const skip = chainUnavailable();

/** The test smart account and its factory (contracts/test-support/SigningWallet.sol), ABIs from their artifacts. */
const smartWallet = () => artifact("test-support/SigningWallet.sol", "SigningWallet");
const walletFactory = () => artifact("test-support/SigningWallet.sol", "SigningWalletFactory");

/** Hex text from an answer, as viem's type for it (asserted, not assumed). */
const hex = (s: string): Hex => {
  assert.ok(isHex(s), `${s} is not 0x hex`);
  return s;
};

void describe("with a local chain", { skip }, () => {
  let chain: TestChain;
  let t: TestApp;
  before(async () => {
    chain = await startChain();
    t = await makeApp({
      RPC_URL_31338: chain.rpcUrl,
      PRESALE_ADDRESS_31338: chain.presale,
      WERT_ORIGIN: "http://127.0.0.1:8788",
    });
  });
  after(async () => {
    await t?.close();
    await chain?.stop();
  });

  const post = (url: string, body: unknown) => t.app.inject({ method: "POST", url, ...json(body) });
  const session = async (body: unknown) => {
    const r = await post("/api/card/session", body);
    // The same JSON read as an answer and as a refusal: each test asserts the status first.
    return { status: r.statusCode, body: r.json<SessionBody>(), refusal: r.json<ErrorBody>() };
  };
  const quote = (tokens: bigint) =>
    chain.publicClient.readContract({
      address: chain.presale,
      abi: presaleAbi,
      functionName: "ethBuyHelper",
      args: [tokens],
    });
  /** Sends a transaction and returns its hash once mined (reverted ones included). */
  const sendTx = async (from: Address, to: Address, data: Hex, value = 0n) => {
    const hash = await chain
      .wallet(from)
      .sendTransaction({ account: from, chain: chain.chain, to, data, value, gas: 1_000_000n });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };

  void test("readyz is ready when the database and the RPC answer", async () => {
    const r = await t.app.inject("/readyz");
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json<ReadyBody>().checks, { db: "ok", rpc: { "31338": "ok" } });
  });

  void describe("POST /api/card/session", () => {
    void test("prices from ethBuyHelper +1% rounded up to 8 decimals, encodes and signs the purchase", async () => {
      const { status, body } = await session({ address: ACCOUNTS.buyer, tokenAmount: 1000, stake: false });
      assert.equal(status, 200, JSON.stringify(body));
      const d = body.data;
      const needed = await quote(1000n);
      assert.equal(needed, parseEther("0.002"), "1000 tokens x $0.006 at $3000/ETH");
      assert.equal(d.commodity_amount, 0.00202);
      assert.equal(d.commodity_amount, commodityAmount(needed).value);
      assert.equal(body.meta.ethNeededWei, needed.toString());
      assert.equal(d.partner_id, "test-partner");
      assert.equal(d.origin, "http://127.0.0.1:8788");
      assert.equal(d.commodity, "ETH");
      assert.equal(d.network, "base_sepolia");
      assert.equal(d.address, ACCOUNTS.buyer);
      assert.equal(d.sc_address, getAddress(chain.presale));
      assert.match(d.click_id, /^[0-9a-f-]{36}$/);
      assert.equal(d.lang, "en");
      assert.equal(d.theme, "dark");
      assert.equal(d.currency, "USD");
      assert.equal(d.extra.item_info.name, "SHAFT");
      const call = decodeFunctionData({ abi: presaleAbi, data: hex(d.sc_input_data) });
      assert.equal(call.functionName, "buyWithETHWert");
      assert.deepEqual(call.args, [ACCOUNTS.buyer, 1000n, false]);
      assert.ok(
        verifyCardSignature(d, d.signature, publicKeyOf(TEST_SIGNER_KEY)),
        "signature verifies against the signer's public key",
      );
      assert.ok(!verifyCardSignature({ ...d, commodity_amount: 0.002 }, d.signature, publicKeyOf(TEST_SIGNER_KEY)));
      assert.ok((await t.repo.countCardSessions()) >= 1);
    });

    void test("a price sent by the client is ignored", async () => {
      const { body } = await session({
        address: ACCOUNTS.buyer,
        tokenAmount: "1000",
        commodity_amount: 0.0000001,
        ethNeeded: "1",
      });
      assert.equal(body.data.commodity_amount, 0.00202);
    });

    void test("a purchase the contract would refuse is a 422 with the revert reason, and nothing is signed", async () => {
      const over = await session({ address: ACCOUNTS.buyer, tokenAmount: (MAX_TOKENS + 1n).toString() });
      assert.equal(over.status, 422);
      assert.equal(over.refusal.error, "purchase_not_possible");
      assert.match(over.refusal.reason, /MaxTokensExceeded/);
      const stake = await session({ address: ACCOUNTS.buyer, tokenAmount: 100, stake: true });
      assert.equal(stake.status, 422, "no staking contract linked in this deployment");
      assert.match(stake.refusal.reason, /StakingUnavailable/);
      assert.equal(stake.body.data, undefined);
    });

    void test("a paused sale is refused", async () => {
      const owner = chain.wallet(ACCOUNTS.deployer);
      const tx = async (fn: "pause" | "unpause") => {
        const hash = await owner.writeContract({
          address: chain.presale,
          abi: presaleAbi,
          functionName: fn,
          account: ACCOUNTS.deployer,
          chain: chain.chain,
        });
        await chain.publicClient.waitForTransactionReceipt({ hash });
      };
      await tx("pause");
      try {
        const r = await session({ address: ACCOUNTS.buyer, tokenAmount: 100 });
        assert.equal(r.status, 422);
        assert.match(r.refusal.reason, /SalePaused/);
      } finally {
        await tx("unpause");
      }
    });

    void test("the signed session, executed by the card provider, credits the buyer", async () => {
      const { body } = await session({ address: ACCOUNTS.buyer2, tokenAmount: 2500 });
      const before = await chain.publicClient.readContract({
        address: chain.presale,
        abi: presaleAbi,
        functionName: "userDeposits",
        args: [ACCOUNTS.buyer2],
      });
      const hash = await sendTx(
        ACCOUNTS.cardProvider,
        getAddress(body.data.sc_address),
        hex(body.data.sc_input_data),
        parseEther(body.data.commodity_amount.toFixed(8)),
      );
      const r = await chain.publicClient.getTransactionReceipt({ hash });
      assert.equal(r.status, "success");
      const afterDeposits = await chain.publicClient.readContract({
        address: chain.presale,
        abi: presaleAbi,
        functionName: "userDeposits",
        args: [ACCOUNTS.buyer2],
      });
      assert.equal(afterDeposits - before, 2500n * 10n ** 18n);
    });
  });

  void describe("POST /api/track/conversion", () => {
    let cardTx: Hex;
    /** Each wallet's lead session (its signed lead, recorded before its purchases). */
    const sessions: Record<string, string> = {};
    const lead = async (o: LeadOptions) => {
      const r = await post("/api/track/lead", await signedLead(o));
      assert.ok(r.statusCode === 201 || r.statusCode === 200, r.body);
      return r.json<LeadAnswer>().data.session;
    };
    const buyEth = async (from: Address, tokens: bigint) =>
      sendTx(
        from,
        chain.presale,
        encodeFunctionData({ abi: presaleAbi, functionName: "buyWithEth", args: [tokens, false] }),
        await quote(tokens),
      );
    before(async () => {
      sessions.buyer = await lead({ key: KEYS.buyer, attribution: { clickId: "card-click", source: "ads" } });
      sessions.buyer2 = await lead({
        key: KEYS.buyer2,
        attribution: { clickId: "buyer-click", source: "newsletter", pid: "p-1", referrer: "refcode001" },
      });
      sessions.stranger = await lead({
        key: KEYS.stranger,
        attribution: { clickId: "attacker-click", source: "attacker" },
      });
      const { body } = await session({ address: ACCOUNTS.buyer, tokenAmount: 1200 });
      cardTx = await sendTx(
        ACCOUNTS.cardProvider,
        chain.presale,
        hex(body.data.sc_input_data),
        parseEther(body.data.commodity_amount.toFixed(8)),
      );
    });
    // The request's figures are deliberately wrong: the stored ones are the chain's.
    const conv = (over: Record<string, unknown> = {}) => ({
      publicAddress: ACCOUNTS.buyer,
      session: sessions.buyer,
      event: "conversion",
      purchaseType: "ETH",
      purchaseTokens: "999999",
      purchaseTypeAmount: "50",
      purchaseUsdAmount: "99999999",
      clickId: "request-click",
      source: "request-source",
      hash: cardTx,
      chainId: 31338,
      presaleName: "shaft",
      isBW: false,
      ...over,
    });
    /** The stored conversion row, as an operator reads it. */
    const stored = async (hash: Hex) => (await t.repo.findConversion(31338, hash.toLowerCase()))!;

    void test("a card purchase (sent by the provider) counts for the customer, with the chain's figures; repeats are duplicates", async () => {
      const a = await post("/api/track/conversion", conv());
      assert.equal(a.statusCode, 201, a.body);
      const data = a.json<RecordedBody>().data;
      assert.deepEqual([data.status, data.tokens, data.purchaseType], ["recorded", "1200", "CARD"]);
      assert.equal(data.usdValue, "7.2", "1,200 tokens at $0.006, not the 99,999,999 the request said");
      assert.equal(data.attribution, "wallet_signed_lead");
      const b = await post(
        "/api/track/conversion",
        conv({ hash: cardTx.toUpperCase().replace("0X", "0x"), event: "revenue" }),
      );
      assert.equal(b.statusCode, 200);
      assert.equal(b.json<RecordedBody>().data.status, "duplicate");
      assert.equal(await t.repo.countConversions(), 1);
      assert.equal((await stored(cardTx)).attribution.clickId, "card-click");
    });

    void test("without the wallet's lead session, or with another wallet's, nothing is recorded (401)", async () => {
      const hash = await buyEth(ACCOUNTS.buyer2, 110n);
      const before = await t.repo.countConversions();
      for (const [session, code] of [
        [undefined, "session_required"],
        [sessions.stranger, "invalid_session"],
        ["forged-session-token", "invalid_session"],
      ] as const) {
        const r = await post("/api/track/conversion", conv({ publicAddress: ACCOUNTS.buyer2, hash, session }));
        assert.equal(r.statusCode, 401, r.body);
        assert.equal(r.json<ErrorBody>().error, code);
      }
      assert.equal(await t.repo.countConversions(), before);
    });

    void test("a stranger cannot report another buyer's purchase as its own (422 not_credited), nor claim a recorded one (409)", async () => {
      const hash = await buyEth(ACCOUNTS.buyer2, 130n);
      const r = await post(
        "/api/track/conversion",
        conv({ publicAddress: ACCOUNTS.stranger, session: sessions.stranger, hash }),
      );
      assert.equal(r.statusCode, 422, r.body);
      assert.equal(r.json<ErrorBody>().error, "not_credited");
      const claimed = await post(
        "/api/track/conversion",
        conv({ publicAddress: ACCOUNTS.stranger, session: sessions.stranger }),
      );
      assert.equal(claimed.statusCode, 409);
      assert.equal(claimed.json<ErrorBody>().error, "conflict");
    });

    void test("a direct ETH purchase counts for its buyer, with the paid amount and USD value of the event", async () => {
      const hash = await buyEth(ACCOUNTS.buyer2, 100n);
      const r = await post(
        "/api/track/conversion",
        conv({ publicAddress: ACCOUNTS.buyer2, session: sessions.buyer2, hash }),
      );
      assert.equal(r.statusCode, 201, r.body);
      const data = r.json<RecordedBody>().data;
      assert.deepEqual([data.tokens, data.purchaseType, data.usdValue], ["100", "ETH", "0.6"]);
      const cost = await quote(100n);
      assert.ok(Number(data.paid) > 0 && parseEther(data.paid!) <= cost, `${data.paid} of at most ${cost} wei`);
    });

    void test("attribution is the wallet's own signed lead from before the purchase: later leads and a stranger's report change nothing", async () => {
      const hash = await buyEth(ACCOUNTS.buyer2, 150n);
      // After the purchase: the wallet signs again with another click id; a stranger cannot sign for it at all.
      await lead({ key: KEYS.buyer2, attribution: { clickId: "late-click", source: "late" } });
      const forged = await post(
        "/api/track/lead",
        await signedLead({ key: KEYS.stranger, wallet: ACCOUNTS.buyer2, attribution: { clickId: "attacker-click" } }),
      );
      assert.equal(forged.statusCode, 401);
      const r = await post(
        "/api/track/conversion",
        conv({ publicAddress: ACCOUNTS.buyer2, session: sessions.buyer2, hash }),
      );
      assert.equal(r.statusCode, 201, r.body);
      assert.deepEqual(
        { ...(await stored(hash)).attribution, leadKey: undefined },
        {
          leadKey: undefined,
          clickId: "buyer-click",
          source: "newsletter",
          pid: "p-1",
          tid: undefined,
          referrer: "refcode001",
        },
      );
    });

    void test("a wallet whose only signed lead came after its purchase has no attribution", async () => {
      const hash = await buyEth(ACCOUNTS.deployer, 120n);
      const late = await lead({ key: KEYS.deployer, attribution: { clickId: "late-only" } });
      const r = await post("/api/track/conversion", conv({ publicAddress: ACCOUNTS.deployer, session: late, hash }));
      assert.equal(r.statusCode, 201, r.body);
      assert.equal(r.json<RecordedBody>().data.attribution, "none");
      assert.equal((await stored(hash)).attribution.clickId, undefined);
    });

    void test("a reverted purchase is refused", async () => {
      const data = encodeFunctionData({ abi: presaleAbi, functionName: "buyWithEth", args: [100n, false] });
      // Hardhat refuses to send a transaction that reverts under automine: queue it, then mine it.
      await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
      let hash: Hex;
      try {
        hash = await chain.wallet(ACCOUNTS.buyer).sendTransaction({
          account: ACCOUNTS.buyer,
          chain: chain.chain,
          to: chain.presale,
          data,
          value: 1n,
          gas: 500_000n,
        });
        await chain.publicClient.request({ method: "evm_mine" as never, params: [] as never });
      } finally {
        await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [true] as never });
      }
      assert.equal((await chain.publicClient.getTransactionReceipt({ hash })).status, "reverted");
      const r = await post("/api/track/conversion", conv({ hash }));
      assert.equal(r.statusCode, 422);
      assert.equal(r.json<ErrorBody>().error, "tx_failed");
    });

    void test("a transaction that bought nothing from the presale is refused", async () => {
      const hash = await sendTx(ACCOUNTS.buyer, ACCOUNTS.buyer2, "0x", 1n);
      const r = await post("/api/track/conversion", conv({ hash }));
      assert.equal(r.statusCode, 422);
      assert.equal(r.json<ErrorBody>().error, "wrong_contract");
    });

    void test("an unknown hash is refused after a short wait", async () => {
      const r = await post("/api/track/conversion", conv({ hash: "0x" + "12".repeat(32) }));
      assert.equal(r.statusCode, 422);
      assert.equal(r.json<ErrorBody>().error, "tx_not_found");
    });

    void test("smart accounts: a deployed ERC-1271 wallet signs its lead and its purchase through the wallet counts for it", async () => {
      const owner = privateKeyToAccount(KEYS.stranger).address;
      const wallet = await chain.deploy(smartWallet(), [owner]);
      const walletSession = await lead({ key: KEYS.stranger, wallet, attribution: { clickId: "smart-click" } });
      // A signature by another key for the same wallet is refused.
      const wrong = await post("/api/track/lead", await signedLead({ key: KEYS.buyer2, wallet }));
      assert.equal(wrong.statusCode, 401, wrong.body);
      assert.equal(wrong.json<ErrorBody>().error, "invalid_signature");
      await sendTx(owner, wallet, "0x", parseEther("1"));
      const buy = encodeFunctionData({ abi: presaleAbi, functionName: "buyWithEth", args: [140n, false] });
      const cost = await quote(140n);
      const hash = await sendTx(
        owner,
        wallet,
        encodeFunctionData({
          abi: smartWallet().abi,
          functionName: "execute",
          args: [chain.presale, cost + cost / 100n, buy],
        }),
      );
      const r = await post("/api/track/conversion", conv({ publicAddress: wallet, session: walletSession, hash }));
      assert.equal(r.statusCode, 201, r.body);
      assert.equal(r.json<RecordedBody>().data.tokens, "140");
      assert.equal(r.json<RecordedBody>().data.attribution, "wallet_signed_lead");
    });

    void test("smart accounts: an account not deployed yet signs its lead with ERC-6492", async () => {
      const owner = privateKeyToAccount(KEYS.buyer2).address;
      const factory = await chain.deploy(walletFactory());
      const salt: Hex = `0x${"07".repeat(32)}`;
      const wallet = (await chain.publicClient.readContract({
        address: factory,
        abi: walletFactory().abi,
        functionName: "addressOf",
        args: [owner, salt],
      })) as Address;
      assert.equal(await chain.publicClient.getCode({ address: wallet }), undefined, "not deployed");
      const data = encodeFunctionData({ abi: walletFactory().abi, functionName: "deploy", args: [owner, salt] });
      const r = await post(
        "/api/track/lead",
        await signedLead({
          key: KEYS.buyer2,
          wallet,
          wrap: (signature) => serializeErc6492Signature({ address: factory, data, signature }),
        }),
      );
      assert.equal(r.statusCode, 201, r.body);
      assert.equal(await chain.publicClient.getCode({ address: wallet }), undefined, "verified without deploying it");
    });
  });

  void describe("stand-in card widget", () => {
    let server: Server;
    let base: string;
    before(async () => {
      const cfg = loadWidgetConfig({
        WIDGET_RPC_URL: chain.rpcUrl,
        WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY,
        WERT_PARTNER_ID: "test-partner",
        WIDGET_PRESALE_ADDRESS: chain.presale,
        WIDGET_PORT: "0",
      });
      server = createWidgetServer(cfg);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((r) => server.close(() => r())));

    /** The iframe URL exactly as @wert-io/widget-initializer builds it: scalar options as query parameters. */
    const embedUrl = (o: SessionBody["data"]) => {
      const q = Object.entries({ ...o, widget_layout_mode: "Modal" })
        .filter(
          (e): e is [string, string | number] =>
            (typeof e[1] === "string" || typeof e[1] === "number") && e[0] !== "origin" && e[0] !== "partner_id",
        )
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        .join("&");
      return `${base}/${o.partner_id}/widget?${q}`;
    };

    void test("the page loads with the verified options; Pay executes the purchase on chain", async () => {
      const { body } = await session({ address: ACCOUNTS.buyer, tokenAmount: 777 });
      const url = embedUrl(body.data);
      const page = await fetch(url);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /"ok":true/);
      assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors/);
      for (const type of [
        "loaded",
        "payment-status",
        "3ds-start",
        "3ds-end",
        "close",
        "rate-update",
        "position",
        "error",
      ])
        assert.ok(html.includes(`"${type}"`), type);

      const before = await chain.publicClient.readContract({
        address: chain.presale,
        abi: presaleAbi,
        functionName: "userDeposits",
        args: [ACCOUNTS.buyer],
      });
      const pay = await fetch(url.replace("/widget?", "/widget/pay?"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: new URL(url).search }),
      });
      assert.equal(pay.status, 200, await pay.clone().text());
      const { tx_id } = (await pay.json()) as { tx_id: Hex };
      const st = (await (await fetch(`${base}/test-partner/widget/tx/${tx_id}`)).json()) as { status: string };
      assert.equal(st.status, "success");
      const tx = await chain.publicClient.getTransaction({ hash: tx_id });
      assert.equal(tx.from.toLowerCase(), ACCOUNTS.cardProvider.toLowerCase());
      assert.equal(tx.value, parseEther(body.data.commodity_amount.toFixed(8)));
      const afterDeposits = await chain.publicClient.readContract({
        address: chain.presale,
        abi: presaleAbi,
        functionName: "userDeposits",
        args: [ACCOUNTS.buyer],
      });
      assert.equal(afterDeposits - before, 777n * 10n ** 18n);
    });

    void test("tampered options are shown as problems and never paid", async () => {
      const { body } = await session({ address: ACCOUNTS.buyer, tokenAmount: 500 });
      for (const change of [
        { commodity_amount: 0.0001 },
        { sc_input_data: body.data.sc_input_data.replace(/01f4(0{64})$/, "01f5$1") },
        { signature: "00".repeat(64) },
        { partner_id: "someone-else" },
      ]) {
        const url = embedUrl({ ...body.data, ...change });
        const html = await (await fetch(url)).text();
        assert.match(html, /"ok":false/);
        const pay = await fetch(url.replace("/widget?", "/widget/pay?"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: new URL(url).search }),
        });
        assert.equal(pay.status, 400, JSON.stringify(change));
        assert.equal(((await pay.json()) as { error: string }).error, "refused");
      }
    });

    void test("only the widget's own page may ask it to pay", async () => {
      const { body } = await session({ address: ACCOUNTS.buyer, tokenAmount: 500 });
      const url = embedUrl(body.data);
      const r = await fetch(url.replace("/widget?", "/widget/pay?"), {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ query: new URL(url).search }),
      });
      assert.equal(r.status, 403);
    });
  });
});
