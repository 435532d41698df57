/** Input schemas (zod). Unknown keys are dropped, not rejected, so a newer dapp can send more than we store. */
import type { CardSessionRequest } from "@shaft/card-options";
import { z } from "zod/v4";
import { getAddress, isAddress, zeroAddress } from "viem";

export const address = z
  .string()
  .trim()
  // abort: getAddress throws on what the check refused, so the transform must not see it.
  .refine((s) => isAddress(s, { strict: true }), {
    error: "must be a 0x-prefixed 20-byte address (mixed case must be a valid checksum)",
    abort: true,
  })
  .transform((s) => getAddress(s))
  .refine((a) => a !== zeroAddress, "must not be the zero address");

/**
 * C0 and C1 control characters (NUL, ESC and terminal escapes, DEL...). Stored text is later printed in logs,
 * terminals and spreadsheets, and PostgreSQL refuses NUL in TEXT: refused with a 400 rather than stored.
 */
const CONTROL = /\p{Cc}/u; // Unicode "Control": exactly U+0000-U+001F and U+007F-U+009F
const text = (max: number) =>
  z
    .string()
    .refine((s) => !CONTROL.test(s), "must not contain control characters (NUL, escape sequences, line breaks...)")
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `at most ${max} characters`));
const optText = (max: number) => text(max).optional();

/** Largest accepted amount: 24 integer digits, 18 decimals (a wei-precise ether amount, far above any purchase). */
export const AMOUNT_LIMITS = { integerDigits: 24, fractionDigits: 18 } as const;
const DECIMAL = new RegExp(
  `^(0|[1-9]\\d{0,${AMOUNT_LIMITS.integerDigits - 1}})(\\.\\d{1,${AMOUNT_LIMITS.fractionDigits}})?$`,
);
const DECIMAL_REASON = `must be a non-negative decimal string with at most ${AMOUNT_LIMITS.integerDigits} digits before the point and ${AMOUNT_LIMITS.fractionDigits} after`;

/**
 * A non-negative amount, stored as its decimal text, digit for digit. Strings are taken as sent. JSON numbers too:
 * the body parser (json.ts) hands a number a double cannot hold as written (e.g. 0.1234567890123456789 or
 * 9007199254740993) over as its source text, so what arrives here as a number is exactly what the client wrote;
 * either way exponent notation (1e300, 1e-20) and digits beyond the limits are a 400, never rounded.
 */
const amount = z
  .union([
    z.string().trim().regex(DECIMAL, DECIMAL_REASON),
    z
      .number()
      .nonnegative()
      .refine((v) => DECIMAL.test(String(v)), DECIMAL_REASON.replace("string", "number (no exponent)"))
      .transform((v) => String(v)),
  ])
  .optional();

/** Whole tokens (spec: the token field allows 0 decimals). */
export const wholeTokens = z
  .union([
    z.number().int("must be a whole number of tokens").positive().max(1e15),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, "must be a whole number of tokens"),
  ])
  .transform((v) => BigInt(v));

/** Accepts what the dapp sends (CardSessionRequest, shared with it through @shaft/card-options). */
export const cardSessionBody = z.object({
  address,
  tokenAmount: wholeTokens,
  stake: z.boolean().default(false),
}) satisfies z.ZodType<unknown, CardSessionRequest>;

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

/** Where a visitor came from: the tracking parameters a signed lead carries (server/src/lead.ts). */
export const leadAttribution = z.object({
  iid: optText(128),
  clickId: optText(256),
  source: optText(256),
  pid: optText(256),
  tid: optText(256),
  referrer: optText(1024),
});

/** An EIP-4361 message a wallet signed, and its signature (hex; long for an ERC-6492 account). */
const siweMessage = z.string().max(4096, "at most 4096 characters");
const signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{2,12000}$/, "must be a 0x-prefixed hex signature")
  .transform((h) => h as `0x${string}`);

export const leadBody = z.object({
  walletAddress: address,
  message: siweMessage.optional(),
  signature: signature.optional(),
  event: z.literal("lead_success").default("lead_success"),
  ...attribution,
  ...leadAttribution.shape,
  tsid: optText(256),
  userAgent: optText(1024),
  acceptLanguage: optText(256),
});

/** The owner console's sign-in: the message (naming a nonce of POST /api/owner/nonce) and its signature. */
export const signInBody = z.object({ message: siweMessage, signature });

/**
 * A conversion names a transaction and the wallet's lead session; the amounts and the attribution come from the chain
 * and the wallet's signed lead. The request's amounts, clickId, source, pid, tid and referrer are accepted for
 * compatibility and ignored.
 */
export const conversionBody = z.object({
  publicAddress: address,
  /** The token `POST /api/track/lead` answered with (proof that the wallet itself reports). */
  session: optText(128),
  event: z.enum(["conversion", "revenue"]),
  ...attribution,
  pid: optText(256),
  tid: optText(256),
  referrer: optText(1024),
  hash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte transaction hash")
    .transform((h) => h.toLowerCase() as `0x${string}`),
  chainId: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ]),
  presaleName: optText(128),
  isBW: z.boolean().default(false),
  /** The spec's "one extra tracking parameter": stored as text. */
  extra: optText(512),
});
