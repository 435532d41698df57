// Asks the wallet to sign its lead (an EIP-4361 message with the page's tracking parameters in its one resource) and
// records it on the server. Loaded on demand by useLeadSignature; a refusal is remembered for the browser session and
// changes nothing else (buying never waits for it).
import type { Hex } from "viem";
import { generateSiweNonce } from "viem/siwe";
import { siteMessage } from "../../shared/siwe.ts";
import { classifyError } from "../../chain/index.ts";
import { readLead, writeLead, type SessionStore } from "../../shared/leadSession.ts";

/** The message runs this long: its session covers a browser session (the server takes at most 24 hours). */
export const LEAD_LIFETIME_MS = 12 * 3600_000;

export interface LeadRequestDeps {
  store: SessionStore;
  /** The site's origin (window.location.origin). */
  site: string;
  /** The short explanation shown in the wallet, in the visitor's language. */
  statement: string;
  /** The tracking parameters the visitor came with (cookies) and the site's iid. */
  attribution: Record<string, string | undefined>;
  sign: (message: string) => Promise<Hex>;
  post: (body: Record<string, unknown>) => Promise<{ session: string; sessionExpiresAt: string }>;
  now?: () => Date;
  nonce?: () => string;
}

export function leadMessage(p: {
  address: Hex;
  chainId: number;
  site: string;
  statement: string;
  attribution: Record<string, string | undefined>;
  issuedAt: Date;
  nonce: string;
}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(p.attribution)) if (v) query.set(k, v);
  return siteMessage({ ...p, lifetimeMs: LEAD_LIFETIME_MS, resources: [`${p.site}/?${query.toString()}`] });
}

export type LeadOutcome = "signed" | "refused" | "failed" | "skipped";

/** Signs and records the wallet's lead once per browser session. */
export async function requestLead(address: Hex, chainId: number, deps: LeadRequestDeps): Promise<LeadOutcome> {
  if (readLead(address, deps.store) !== undefined) return "skipped";
  writeLead(address, { state: "asking" }, deps.store);
  const message = leadMessage({
    address,
    chainId,
    site: deps.site,
    statement: deps.statement,
    attribution: deps.attribution,
    issuedAt: (deps.now ?? (() => new Date()))(),
    nonce: (deps.nonce ?? generateSiweNonce)(),
  });
  let signature: Hex;
  try {
    signature = await deps.sign(message);
  } catch (err) {
    const refused = classifyError(err).kind === "rejected";
    writeLead(address, { state: refused ? "refused" : "failed" }, deps.store);
    return refused ? "refused" : "failed";
  }
  try {
    const r = await deps.post({ walletAddress: address, message, signature });
    writeLead(address, { state: "signed", session: r.session, expiresAt: r.sessionExpiresAt }, deps.store);
    return "signed";
  } catch {
    writeLead(address, { state: "failed" }, deps.store);
    return "failed";
  }
}
