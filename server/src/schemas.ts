/** Input schemas (zod). Unknown keys are dropped, not rejected, so a newer dapp can send more than we store. */
import { z } from "zod";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";

export const address = z
  .string()
  .trim()
  .refine((s) => isAddress(s, { strict: true }), "must be a 0x-prefixed 20-byte address (mixed case must be a valid checksum)")
  .transform((s) => getAddress(s) as Address)
  .refine((a) => a !== zeroAddress, "must not be the zero address");

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const optText = (max: number) => text(max).optional();

/** A non-negative decimal amount, as a JSON number or a string; stored as its decimal text. */
const amount = z
  .union([z.number().finite().nonnegative(), z.string().trim().regex(/^\d{1,40}(\.\d{1,36})?$/, "must be a non-negative decimal")])
  .transform((v) => (typeof v === "number" ? numberToDecimal(v) : v))
  .optional();

function numberToDecimal(v: number): string {
  // Avoid exponent notation for large/small JSON numbers.
  return Number.isInteger(v) ? BigInt(v).toString() : v.toFixed(18).replace(/0+$/, "").replace(/\.$/, "");
}

/** Whole tokens (spec: the token field allows 0 decimals). */
export const wholeTokens = z
  .union([z.number().int("must be a whole number of tokens").positive().max(1e15), z.string().trim().regex(/^[1-9]\d{0,14}$/, "must be a whole number of tokens")])
  .transform((v) => BigInt(v));

export const cardSessionBody = z.object({
  address,
  tokenAmount: wholeTokens,
  stake: z.boolean().default(false),
});

export const referralBody = z.object({
  walletAddress: address,
  iid: optText(128),
});

const attribution = {
  purchaseType: optText(32),
  purchaseTokens: amount,
  purchaseTypeAmount: amount,
  purchaseUsdAmount: amount,
  ipAddress: optText(64),
  clickId: optText(256),
  source: optText(256),
};

export const leadBody = z.object({
  walletAddress: address,
  iid: optText(128),
  event: z.literal("lead_success").default("lead_success"),
  ...attribution,
  pid: optText(256),
  tid: optText(256),
  tsid: optText(256),
  referrer: optText(1024),
  userAgent: optText(1024),
  acceptLanguage: optText(256),
});

export const conversionBody = z.object({
  publicAddress: address,
  event: z.enum(["conversion", "revenue"]),
  ...attribution,
  hash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte transaction hash")
    .transform((h) => h.toLowerCase() as `0x${string}`),
  chainId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/).transform(Number)]),
  presaleName: optText(128),
  isBW: z.boolean().default(false),
  /** The spec's "one extra tracking parameter": stored as text. */
  extra: optText(512),
});
