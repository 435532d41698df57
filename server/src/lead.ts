/**
 * A lead's proof: an EIP-4361 (Sign-In with Ethereum) message signed by the wallet (checked by siwe.ts), naming the
 * site, a nonce, an expiry and, in its one resource, the attribution (the site's URL with the tracking parameters).
 * The attribution recorded is what the wallet signed; a stranger cannot make one for another wallet.
 */
import type { Address, Hex } from "viem";
import type { Chains } from "./chain.ts";
import { HttpError } from "./http.ts";
import { safeOrigin, verifySignedMessage, type SiwePolicy } from "./siwe.ts";

/** The attribution parameters a lead's resource URL may carry (PRODUCT.md §3 "Lead tracking", plus the iid). */
export const ATTRIBUTION_PARAMS = ["iid", "clickId", "source", "pid", "tid", "referrer"] as const;
export type LeadAttribution = Partial<Record<(typeof ATTRIBUTION_PARAMS)[number], string>>;

/** A message older than 10 minutes is refused; a lead message (and the session it opens) runs 24 hours at most. */
export const LEAD_POLICY: SiwePolicy = {
  maxAgeMs: 10 * 60_000,
  maxLifetimeMs: 24 * 3600_000,
  codes: { invalid: "invalid_lead_message", expired: "lead_message_expired" },
};

export interface VerifiedLead {
  wallet: Address;
  chainId: number;
  nonce: string;
  expiresAt: number;
  attribution: LeadAttribution;
}

/** Checks the message and its signature (throws HttpError: 400 malformed, 401 signature, 503 chain unreachable). */
export async function verifyLead(
  input: { walletAddress: Address; message: string; signature: Hex },
  ctx: { siteOrigins: readonly string[]; chains: Chains; now?: number },
): Promise<VerifiedLead> {
  const signed = await verifySignedMessage(input, ctx, LEAD_POLICY, (m, site) =>
    attributionOf(m.resources ?? [], site.origin),
  );
  const { wallet, chainId, nonce, expiresAt } = signed;
  return { wallet, chainId, nonce, expiresAt, attribution: signed.details };
}

/** The attribution in the message's one resource on the site (`https://site/?clickId=…&source=…`). */
function attributionOf(resources: string[], origin: string): LeadAttribution {
  const own = resources.filter((r) => safeOrigin(r) === origin);
  if (own.length !== 1 || resources.length !== 1)
    throw new HttpError(
      400,
      LEAD_POLICY.codes.invalid,
      `the message must name one resource on ${origin}: the page with its tracking`,
    );
  const query = new URL(own[0]).searchParams;
  const out: LeadAttribution = {};
  for (const k of ATTRIBUTION_PARAMS) {
    const v = query.get(k) ?? (k === "tid" ? query.get("tsid") : null);
    if (v) out[k] = v;
  }
  return out;
}
