/**
 * POST /api/track/lead and /api/track/conversion. A lead is signed by its wallet (lead.ts) and opens a lead session; a
 * conversion is reported with that session and recorded from the chain: the purchase event's figures, and the
 * attribution of the wallet's own signed lead recorded before the purchase's block.
 */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { formatUnits, type TransactionReceipt } from "viem";
import { HttpError, parse, UnavailableError } from "../http.ts";
import { clientIp } from "../ip.ts";
import { verifyLead } from "../lead.ts";
import { customerOf, isNativePayment, purchasesIn, type VerifiedPurchase } from "../purchase.ts";
import { conversionBody, leadAttribution, leadBody } from "../schemas.ts";
import type { Deps } from "../app.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

export default function trackRoutes(app: FastifyInstance, deps: Deps, done: (err?: Error) => void) {
  const { repo, chains, config } = deps;
  const cardProviders = new Set(config.card.providerAddress ? [config.card.providerAddress.toLowerCase()] : []);

  app.post("/api/track/lead", async (req, reply) => {
    const b = parse(leadBody, req.body);
    if (b.message === undefined || b.signature === undefined)
      throw new HttpError(
        401,
        "signature_required",
        "a lead is recorded only when its wallet signs it: send the EIP-4361 message and its signature",
      );
    const lead = await verifyLead(
      { walletAddress: b.walletAddress, message: b.message, signature: b.signature },
      { siteOrigins: config.siteOrigins, chains },
    );
    // The attribution is what the wallet signed; the body may repeat it, never change it.
    const signed = parse(leadAttribution, lead.attribution);
    for (const k of ["iid", "clickId", "source", "pid", "referrer"] as const) {
      if (b[k] !== undefined && b[k] !== signed[k])
        throw new HttpError(400, "attribution_mismatch", `${k} differs from the signed message's`);
    }
    if ((b.tid ?? b.tsid) !== undefined && (b.tid ?? b.tsid) !== signed.tid)
      throw new HttpError(400, "attribution_mismatch", "tid differs from the signed message's");
    if (!(await repo.useLeadNonce(lead.nonce, lead.wallet.toLowerCase(), lead.expiresAt)))
      throw new HttpError(409, "nonce_used", "this signed message was used already: sign a new one");

    const wallet = lead.wallet.toLowerCase();
    // One lead per wallet and attribution: signing again with the same click/source only bumps last_seen.
    const dedupKey = sha256(
      JSON.stringify([
        b.event,
        wallet,
        signed.iid ?? "",
        signed.clickId ?? "",
        signed.source ?? "",
        signed.pid ?? "",
        signed.tid ?? "",
        signed.referrer ?? "",
      ]),
    );
    const r = await repo.recordLead({
      dedupKey,
      walletAddress: wallet,
      event: b.event,
      ...signed,
      purchaseType: b.purchaseType,
      purchaseTokens: b.purchaseTokens,
      purchaseTypeAmount: b.purchaseTypeAmount,
      purchaseUsdAmount: b.purchaseUsdAmount,
      ipAddress: clientIp(req),
      clientIpAddress: b.ipAddress,
      userAgent: b.userAgent ?? headerText(req.headers["user-agent"], 1024),
      acceptLanguage: b.acceptLanguage ?? headerText(req.headers["accept-language"], 256),
      chainId: lead.chainId,
      signedMessage: b.message,
      signature: b.signature,
      chainHeads: await chainHeads(),
    });
    // The session lets the wallet's own dapp report its conversions; it ends when the signed message expires.
    const session = crypto.randomBytes(32).toString("base64url");
    await repo.createLeadSession(sha256(session), wallet, lead.expiresAt);
    return reply.code(r.duplicate ? 200 : 201).send({
      data: {
        status: r.duplicate ? "duplicate" : "recorded",
        seenCount: r.seenCount,
        session,
        sessionExpiresAt: new Date(lead.expiresAt).toISOString(),
      },
    });
  });

  app.post("/api/track/conversion", async (req, reply) => {
    const b = parse(conversionBody, req.body);
    if (!chains.has(b.chainId))
      throw new HttpError(400, "unsupported_chain", `chainId: ${b.chainId} is not a chain this server knows`);
    const presale = chains.presale(b.chainId);
    if (!presale)
      throw new HttpError(503, "chain_unavailable", `no presale address is configured for chain ${b.chainId}`);
    const user = b.publicAddress.toLowerCase();
    if (b.session === undefined)
      throw new HttpError(401, "session_required", "report conversions with the session of the wallet's signed lead");
    if ((await repo.leadSessionWallet(sha256(b.session))) !== user)
      throw new HttpError(401, "invalid_session", "the session is unknown, expired, or another wallet's");

    const existing = await repo.findConversion(b.chainId, b.hash);
    if (existing) {
      if (existing.publicAddress !== user)
        throw new HttpError(409, "conflict", "this transaction is already recorded for another address");
      return reply.code(200).send({ data: { status: "duplicate" } });
    }

    const receipt = await fetchReceipt(b.chainId, b.hash);
    if (receipt.status !== "success") throw new HttpError(422, "tx_failed", "the transaction reverted");
    const all = purchasesIn(receipt, b.chainId, presale);
    if (all.length === 0)
      throw new HttpError(422, "wrong_contract", "the transaction bought nothing from the presale contract");
    const mine = all.filter((p) => customerOf(p, cardProviders).toLowerCase() === user);
    if (mine.length === 0)
      throw new HttpError(422, "not_credited", "the transaction's purchases are not publicAddress's own");

    const block = await chainCall(b.chainId, (c) => c.getBlock({ blockNumber: receipt.blockNumber }));
    const blockTime = Number(block.timestamp) * 1000;
    // Attribution belongs to the buyer: its own signed lead, recorded before the purchase's block.
    const lead = await repo.firstTouch(user, { chainId: b.chainId, blockNumber: receipt.blockNumber, blockTime });
    const figures = await purchaseFigures(mine);
    const r = await repo.recordConversion({
      chainId: b.chainId,
      txHash: b.hash,
      publicAddress: user,
      event: b.event,
      ...figures,
      ipAddress: clientIp(req),
      clientIpAddress: b.ipAddress,
      clickId: lead?.clickId,
      source: lead?.source,
      pid: lead?.pid,
      tid: lead?.tid,
      referrer: lead?.referrer,
      attributionLead: lead?.leadKey,
      presaleName: b.presaleName,
      isBw: b.isBW,
      extra: b.extra,
      txFrom: receipt.from.toLowerCase(),
      blockNumber: receipt.blockNumber,
      blockTime,
      buyer: mine[0].buyer.toLowerCase(),
      recipient: mine[0].recipient.toLowerCase(),
      paymentToken: mine[0].paymentToken.toLowerCase(),
    });
    if (!r.duplicate)
      req.log.info({ chainId: b.chainId, hash: b.hash, user, tokens: figures.onchainTokens }, "conversion recorded");
    return reply.code(r.duplicate ? 200 : 201).send({
      data: {
        status: r.duplicate ? "duplicate" : "recorded",
        tokens: figures.onchainTokens,
        blockNumber: receipt.blockNumber.toString(),
        purchaseType: figures.purchaseType,
        paid: figures.purchaseTypeAmount,
        usdValue: figures.purchaseUsdAmount,
        attribution: lead ? "wallet_signed_lead" : "none",
      },
    });
  });
  done();

  /** The figures a conversion stores, from the purchase events only (the request's numbers are ignored). */
  async function purchaseFigures(ps: VerifiedPurchase[]) {
    const p = ps[0];
    const sum = (f: (x: VerifiedPurchase) => bigint) => ps.reduce((a, x) => a + f(x), 0n);
    const card = cardProviders.has(p.buyer.toLowerCase());
    // In the token's own decimals (USDT and USDC 6; the zero address is ETH); a token the presale does not name
    // keeps its address and base units, as in the CSV export.
    const token = await chainCall(p.chainId, () => chains.payToken(p.chainId, p.paymentToken));
    return {
      purchaseType: card ? "CARD" : isNativePayment(p) ? "ETH" : (token?.symbol ?? p.paymentToken.toLowerCase()),
      onchainTokens: sum((x) => x.tokens).toString(),
      purchaseTokens: sum((x) => x.tokens).toString(),
      purchaseTypeAmount: formatUnits(
        sum((x) => x.paid),
        token?.decimals ?? 0,
      ),
      purchaseUsdAmount: formatUnits(
        sum((x) => x.usdValue),
        18,
      ),
    };
  }

  /** Each chain's latest block now (a chain that does not answer within 2 s is left out). */
  async function chainHeads(): Promise<Record<number, bigint>> {
    const heads = await Promise.all(
      chains.ids().map(async (id) => {
        const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), 2000).unref());
        const head = chains
          .client(id)
          .getBlockNumber({ cacheTime: 0 }) // viem keeps a block number for 4 s by default: stale here
          .catch(() => undefined);
        return [id, await Promise.race([head, timeout])] as const;
      }),
    );
    return Object.fromEntries(heads.filter((h): h is readonly [number, bigint] => h[1] !== undefined));
  }

  /** A read from the chain; an unreachable RPC is a 503. */
  async function chainCall<T>(chainId: number, read: (c: ReturnType<typeof chains.client>) => Promise<T>): Promise<T> {
    try {
      return await read(chains.client(chainId));
    } catch {
      throw new UnavailableError("rpc_unavailable", "the chain could not be reached to verify the transaction");
    }
  }

  /** The receipt, waiting briefly for a just-sent transaction to show up on this server's RPC. */
  async function fetchReceipt(chainId: number, hash: `0x${string}`): Promise<TransactionReceipt> {
    const client = chains.client(chainId);
    const { receiptAttempts, receiptDelayMs } = config.conversion;
    for (let i = 0; i < receiptAttempts; i++) {
      try {
        return await client.getTransactionReceipt({ hash });
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name !== "TransactionReceiptNotFoundError")
          throw new UnavailableError("rpc_unavailable", "the chain could not be reached to verify the transaction");
      }
      if (i + 1 < receiptAttempts) await sleep(receiptDelayMs);
    }
    throw new HttpError(422, "tx_not_found", "no mined transaction with this hash on this chain (yet)");
  }
}

/** A request header as stored text: control characters dropped (they are refused in bodies), length capped. */
function headerText(v: string | string[] | undefined, max: number): string | undefined {
  const s = (Array.isArray(v) ? v[0] : v)?.replace(/\p{Cc}/gu, "");
  return s ? s.slice(0, max) : undefined;
}
