// The site's EIP-4361 (Sign-In with Ethereum) messages: the lead's (features/tracking) and the owner console's
// sign-in (features/owner). Both are for this site (its host and origin), version 1, with an expiry; the server
// checks them in one module too (server/src/siwe.ts). Imported by lazily loaded code only: viem's SIWE helpers stay
// out of the first render.
import type { Hex } from "viem";
import { createSiweMessage } from "viem/siwe";

export function siteMessage(p: {
  address: Hex;
  chainId: number;
  /** The site's origin (window.location.origin). */
  site: string;
  nonce: string;
  issuedAt: Date;
  lifetimeMs: number;
  statement: string;
  resources?: string[];
}): string {
  return createSiweMessage({
    address: p.address,
    chainId: p.chainId,
    domain: new URL(p.site).host,
    uri: p.site,
    version: "1",
    nonce: p.nonce,
    issuedAt: p.issuedAt,
    expirationTime: new Date(p.issuedAt.getTime() + p.lifetimeMs),
    statement: p.statement,
    resources: p.resources,
  });
}
