/** POST /api/track/lead and /api/track/conversion: attribution records, deduplicated; conversions checked on-chain. */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { getAddress, parseEventLogs, type TransactionReceipt } from "viem";
import { presaleAbi } from "../contracts.ts";
import { HttpError, parse, UnavailableError } from "../http.ts";
import { conversionBody, leadBody } from "../schemas.ts";
import type { Deps } from "../app.ts";
import type { Attribution } from "../db/repository.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type AttributionBody = Omit<Attribution, "ipAddress" | "clientIpAddress"> & { ipAddress?: string };

/** The attribution fields of a lead or conversion body; the request's own IP is kept beside the reported one. */
function attribution(b: AttributionBody, requestIp: string): Attribution {
  return {
    purchaseType: b.purchaseType,
    purchaseTokens: b.purchaseTokens,
    purchaseTypeAmount: b.purchaseTypeAmount,
    purchaseUsdAmount: b.purchaseUsdAmount,
    ipAddress: requestIp,
    clientIpAddress: b.ipAddress,
    clickId: b.clickId,
    source: b.source,
  };
}

export default function trackRoutes(app: FastifyInstance, deps: Deps, done: (err?: Error) => void) {
  const { repo, chains, config } = deps;

  app.post("/api/track/lead", async (req, reply) => {
    const b = parse(leadBody, req.body);
    const wallet = b.walletAddress.toLowerCase();
    const tid = b.tid ?? b.tsid;
    // One lead per wallet and attribution: reconnecting with the same click/source only bumps last_seen.
    const dedupKey = crypto
      .createHash("sha256")
      .update(
        JSON.stringify([
          b.event,
          wallet,
          b.iid ?? "",
          b.clickId ?? "",
          b.source ?? "",
          b.pid ?? "",
          tid ?? "",
          b.referrer ?? "",
        ]),
      )
      .digest("hex");
    const r = await repo.recordLead({
      dedupKey,
      walletAddress: wallet,
      event: b.event,
      iid: b.iid,
      ...attribution(b, req.ip),
      pid: b.pid,
      tid,
      referrer: b.referrer,
      userAgent: b.userAgent ?? headerText(req.headers["user-agent"], 1024),
      acceptLanguage: b.acceptLanguage ?? headerText(req.headers["accept-language"], 256),
    });
    return reply
      .code(r.duplicate ? 200 : 201)
      .send({ data: { status: r.duplicate ? "duplicate" : "recorded", seenCount: r.seenCount } });
  });

  app.post("/api/track/conversion", async (req, reply) => {
    const b = parse(conversionBody, req.body);
    if (!chains.has(b.chainId))
      throw new HttpError(400, "unsupported_chain", `chainId: ${b.chainId} is not a chain this server knows`);
    const presale = chains.presale(b.chainId);
    if (!presale)
      throw new HttpError(503, "chain_unavailable", `no presale address is configured for chain ${b.chainId}`);
    const user = b.publicAddress.toLowerCase();

    const existing = await repo.findConversion(b.chainId, b.hash);
    if (existing) {
      if (existing.publicAddress !== user)
        throw new HttpError(409, "conflict", "this transaction is already recorded for another address");
      return reply.code(200).send({ data: { status: "duplicate" } });
    }

    const receipt = await fetchReceipt(b.chainId, b.hash);
    if (receipt.status !== "success") throw new HttpError(422, "tx_failed", "the transaction reverted");
    if (!receipt.to || getAddress(receipt.to) !== presale)
      throw new HttpError(422, "wrong_contract", "the transaction was not sent to the presale contract");
    // The credited buyer is the `user` of the presale's TokensBought event (the card provider buys for the user).
    const logs = parseEventLogs({ abi: presaleAbi, eventName: "TokensBought", logs: receipt.logs, strict: true });
    const bought = logs.filter((l) => getAddress(l.address) === presale && l.args.user.toLowerCase() === user);
    if (bought.length === 0)
      throw new HttpError(422, "not_credited", "the transaction bought no tokens for publicAddress");
    const tokens = bought.reduce((s, l) => s + l.args.tokens, 0n);

    // Attribution belongs to the buyer: it is the wallet's own first lead, never what this request says, so whoever
    // posts the conversion (the buyer's dapp or anyone who saw the transaction) records the same attribution.
    const lead = await repo.firstTouch(user);
    const r = await repo.recordConversion({
      chainId: b.chainId,
      txHash: b.hash,
      publicAddress: user,
      event: b.event,
      purchaseType: b.purchaseType,
      purchaseTokens: b.purchaseTokens,
      purchaseTypeAmount: b.purchaseTypeAmount,
      purchaseUsdAmount: b.purchaseUsdAmount,
      ipAddress: req.ip,
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
      onchainTokens: tokens.toString(),
    });
    if (!r.duplicate)
      req.log.info({ chainId: b.chainId, hash: b.hash, user, tokens: tokens.toString() }, "conversion recorded");
    return reply.code(r.duplicate ? 200 : 201).send({
      data: {
        status: r.duplicate ? "duplicate" : "recorded",
        tokens: tokens.toString(),
        blockNumber: receipt.blockNumber.toString(),
        attribution: lead ? "wallet_first_lead" : "none",
      },
    });
  });
  done();

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
