/**
 * A lead's proof: an EIP-4361 (Sign-In with Ethereum) message signed by the wallet, naming the site, a nonce, an
 * expiry and, in its one resource, the attribution (the site's URL with the tracking parameters). The attribution
 * recorded is what the wallet signed; a stranger cannot make one for another wallet. Smart accounts sign through
 * ERC-1271, and accounts not deployed yet through ERC-6492, as viem verifies them on the chain the message names.
 */
import { getAddress, type Address, type Hex } from "viem";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { Chains } from "./chain.ts";
import { HttpError, UnavailableError } from "./http.ts";

/** The attribution parameters a lead's resource URL may carry (PRODUCT.md §3 "Lead tracking", plus the iid). */
export const ATTRIBUTION_PARAMS = ["iid", "clickId", "source", "pid", "tid", "referrer"] as const;
export type LeadAttribution = Partial<Record<(typeof ATTRIBUTION_PARAMS)[number], string>>;

/** A message older than this is refused: a signature is used at once or not at all. */
export const LEAD_MESSAGE_MAX_AGE_MS = 10 * 60_000;
/** The longest a message (and the session it opens) may run. */
export const LEAD_MESSAGE_MAX_LIFETIME_MS = 24 * 3600_000;
/** Clocks differ: a message issued up to this far in the future is taken. */
const CLOCK_SKEW_MS = 60_000;
const NONCE = /^[A-Za-z0-9]{16,128}$/;
/**
 * verifySiweMessage hands this on to verifyHash (its type leaves it out): a plain key's signature is recovered here,
 * and only anything else (ERC-1271, ERC-6492) is asked of the chain.
 */
const EOA_FIRST = { mode: "eoa" } as const;

export interface VerifiedLead {
  wallet: Address;
  chainId: number;
  nonce: string;
  expiresAt: number;
  attribution: LeadAttribution;
}

const refuse = (code: string, reason: string) => new HttpError(400, code, reason);

/** Checks the message and its signature (throws HttpError: 400 malformed, 401 signature, 503 chain unreachable). */
export async function verifyLead(
  input: { walletAddress: Address; message: string; signature: Hex },
  ctx: { siteOrigins: readonly string[]; chains: Chains; now?: number },
): Promise<VerifiedLead> {
  const now = ctx.now ?? Date.now();
  const m = parseSiweMessage(input.message);
  const missing = (["address", "chainId", "domain", "nonce", "uri", "version", "issuedAt", "expirationTime"] as const)
    .filter((k) => m[k] === undefined)
    .join(", ");
  if (missing) throw refuse("invalid_lead_message", `the signed message is not EIP-4361 or lacks: ${missing}`);
  const wallet = getAddress(input.walletAddress);
  if (getAddress(m.address!) !== wallet)
    throw refuse("invalid_lead_message", `the message is signed for ${m.address}, not for walletAddress ${wallet}`);
  const origins = ctx.siteOrigins.map((o) => new URL(o));
  const site = origins.find((o) => o.host === m.domain && (m.scheme === undefined || `${m.scheme}:` === o.protocol));
  if (!site || !origins.some((o) => safeOrigin(m.uri!) === o.origin))
    throw refuse("invalid_lead_message", `the message is for ${m.domain} (${m.uri}), not for this site`);
  if (!ctx.chains.has(m.chainId!))
    throw refuse("unsupported_chain", `the message names chain ${m.chainId}, which this server does not know`);
  if (!NONCE.test(m.nonce!)) throw refuse("invalid_lead_message", "the nonce must be 16 to 128 letters and digits");
  const issued = m.issuedAt!.getTime();
  const expires = m.expirationTime!.getTime();
  if (!(issued <= now + CLOCK_SKEW_MS && issued >= now - LEAD_MESSAGE_MAX_AGE_MS))
    throw refuse("lead_message_expired", `the message was issued at ${m.issuedAt!.toISOString()}: sign a new one`);
  if (
    !(expires > now) ||
    expires - issued > LEAD_MESSAGE_MAX_LIFETIME_MS ||
    (m.notBefore && m.notBefore.getTime() > now)
  )
    throw refuse("lead_message_expired", "the message has expired, is not valid yet, or runs longer than 24 hours");
  const attribution = attributionOf(m.resources ?? [], site.origin);

  let valid: boolean;
  try {
    valid = await verifySiweMessage(ctx.chains.client(m.chainId!), {
      message: input.message,
      signature: input.signature,
      address: wallet,
      domain: m.domain,
      nonce: m.nonce,
      time: new Date(now),
      ...EOA_FIRST,
    });
  } catch {
    throw new UnavailableError("rpc_unavailable", `chain ${m.chainId} could not be reached to check the signature`);
  }
  if (!valid) throw new HttpError(401, "invalid_signature", "the signature is not the wallet's for this message");
  return { wallet, chainId: m.chainId!, nonce: m.nonce!, expiresAt: expires, attribution };
}

function safeOrigin(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

/** The attribution in the message's one resource on the site (`https://site/?clickId=…&source=…`). */
function attributionOf(resources: string[], origin: string): LeadAttribution {
  const own = resources.filter((r) => safeOrigin(r) === origin);
  if (own.length !== 1 || resources.length !== 1)
    throw refuse("invalid_lead_message", `the message must name one resource on ${origin}: the page with its tracking`);
  const query = new URL(own[0]).searchParams;
  const out: LeadAttribution = {};
  for (const k of ATTRIBUTION_PARAMS) {
    const v = query.get(k) ?? (k === "tid" ? query.get("tsid") : null);
    if (v) out[k] = v;
  }
  return out;
}
