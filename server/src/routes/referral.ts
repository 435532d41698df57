/** POST /api/referral: the wallet's referral link, created once and stable afterwards. */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { parse } from "../http.ts";
import { referralBody } from "../schemas.ts";
import type { Deps } from "../app.ts";

const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"; // no 0/1/i/l/o: easy to read aloud and type
const CODE_LENGTH = 10; // 31^10 ≈ 8e14 codes

export function newReferralCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH * 2);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < CODE_LENGTH; i++) {
    // Rejection sampling keeps the distribution uniform (248 = 8 * 31).
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % ALPHABET.length];
  }
  return out.length === CODE_LENGTH ? out : newReferralCode();
}

export function referralUrl(base: string, param: string, code: string): string {
  const u = new URL(base);
  u.searchParams.set(param, code);
  return u.toString();
}

export default function referralRoutes(app: FastifyInstance, deps: Deps, done: (err?: Error) => void) {
  app.post("/api/referral", async (req, reply) => {
    const body = parse(referralBody, req.body);
    const { referral, created } = await deps.repo.getOrCreateReferral(
      body.walletAddress.toLowerCase(),
      body.iid,
      newReferralCode,
    );
    if (created) req.log.info({ wallet: body.walletAddress, code: referral.code }, "referral created");
    return reply.code(created ? 201 : 200).send({
      data: {
        url: referralUrl(deps.config.referralBaseUrl, deps.config.referralParam, referral.code),
        code: referral.code,
        walletAddress: body.walletAddress,
        createdAt: new Date(referral.createdAt).toISOString(),
      },
    });
  });
  done();
}
