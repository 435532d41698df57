/**
 * The owner console's sign-in and private data (PRODUCT.md §2 "Owner console"):
 *   POST /api/owner/nonce        a single-use nonce for the sign-in message (stored: every instance knows it)
 *   POST /api/owner/session      the signed message → a session token, for the owner only
 *   GET  /api/owner/session      the session's wallet and expiry
 *   POST /api/owner/signout      ends the session
 *   GET  /api/owner/conversions  referral conversions (who referred whom, where, for how much)
 *   GET  /api/owner/purchases.csv every purchase of both chains, from the indexer
 * The session is a bearer token the console keeps in memory (docs/DECISIONS.md, "Owner console sign-in"); every
 * private request reads the owner role again, so a wallet that lost it loses the data at once.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getAddress, type Address } from "viem";
import { z } from "zod/v4";
import type { Deps } from "../app.ts";
import { indexedPurchases, purchasesCsv } from "../exports.ts";
import { HttpError, parse, UnavailableError } from "../http.ts";
import { newNonce, newToken, OWNER_NONCE_TTL_MS, requireOwner, roleOf, tokenHash, verifySignIn } from "../owner.ts";
import { signInBody } from "../schemas.ts";

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;
const conversionsQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, "must be a whole number from 1 to 1000")
    .transform(Number)
    .refine((n) => n <= 1000, "must be a whole number from 1 to 1000")
    .default(500),
});

export default function ownerRoutes(app: FastifyInstance, deps: Deps, done: (err?: Error) => void) {
  const { repo, chains, config } = deps;
  const ownerChainId = config.owner.chainId;
  const available = () => {
    if (!chains.has(ownerChainId) || !chains.presale(ownerChainId))
      throw new UnavailableError(
        "owner_unavailable",
        `the owner chain ${ownerChainId} has no RPC URL or presale address configured`,
      );
  };

  /** The signed-in owner of the request: 401 without a live session, 403 when the wallet no longer holds the role. */
  async function owner(req: FastifyRequest): Promise<{ wallet: Address; expiresAt: number; hash: string }> {
    const header = req.headers.authorization;
    if (header === undefined)
      throw new HttpError(401, "session_required", "sign in on the owner console: send Authorization: Bearer <token>");
    const token = BEARER.exec(header)?.[1];
    const session = token && (await repo.ownerSession(tokenHash(token)));
    if (!session) throw new HttpError(401, "invalid_session", "the session is unknown or has expired: sign in again");
    const wallet = getAddress(session.walletAddress);
    available();
    requireOwner(await roleOf(chains, ownerChainId, wallet), wallet);
    return { wallet, expiresAt: session.expiresAt, hash: tokenHash(token) };
  }

  app.post("/api/owner/nonce", async (_req, reply) => {
    available();
    const nonce = newNonce();
    const expiresAt = Date.now() + OWNER_NONCE_TTL_MS;
    await repo.issueOwnerNonce(nonce, expiresAt);
    return reply
      .code(201)
      .send({ data: { nonce, chainId: ownerChainId, expiresAt: new Date(expiresAt).toISOString() } });
  });

  app.post("/api/owner/session", async (req, reply) => {
    available();
    const b = parse(signInBody, req.body);
    const signed = await verifySignIn(b, { siteOrigins: config.siteOrigins, chains, ownerChainId });
    const nonce = await repo.useOwnerNonce(signed.nonce);
    if (nonce === "used")
      throw new HttpError(409, "nonce_used", "this sign-in message was used already: sign in again");
    if (nonce === "expired") throw new HttpError(401, "nonce_expired", "the nonce has expired: sign in again");
    if (nonce === "unknown")
      throw new HttpError(401, "unknown_nonce", "the nonce was not issued by this server: ask POST /api/owner/nonce");
    requireOwner(await roleOf(chains, ownerChainId, signed.wallet), signed.wallet);
    const token = newToken();
    await repo.createOwnerSession(tokenHash(token), signed.wallet.toLowerCase(), signed.expiresAt);
    req.log.info({ wallet: signed.wallet }, "owner signed in");
    return reply.code(201).send({
      data: { token, wallet: signed.wallet, role: "owner", expiresAt: new Date(signed.expiresAt).toISOString() },
    });
  });

  app.get("/api/owner/session", async (req) => {
    const o = await owner(req);
    return { data: { wallet: o.wallet, role: "owner", expiresAt: new Date(o.expiresAt).toISOString() } };
  });

  app.post("/api/owner/signout", async (req) => {
    const token = BEARER.exec(req.headers.authorization ?? "")?.[1];
    if (!token) throw new HttpError(401, "session_required", "send the session to end: Authorization: Bearer <token>");
    await repo.endOwnerSession(tokenHash(token));
    return { data: { status: "signed_out" } };
  });

  app.get("/api/owner/conversions", async (req) => {
    await owner(req);
    const q = parse(conversionsQuery, req.query);
    return { data: { conversions: await repo.referralConversions(q.limit) } };
  });

  app.get("/api/owner/purchases.csv", async (req, reply) => {
    await owner(req);
    const csv = await purchasesCsv(await indexedPurchases(config.owner.indexerUrl), chains, ownerChainId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="purchases-${day}.csv"`)
      .send(csv);
  });
  done();
}
