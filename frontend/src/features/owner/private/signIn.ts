// Sign-in with Ethereum for the owner console: a nonce from the server, an EIP-4361 message for this site naming the
// Base chain (where the owner role is held, and where a smart account's signature is checked) and one hour of
// validity, the wallet's signature, then the server's session (granted to the owner only).
import type { Hex } from "viem";
import { siteMessage } from "../../../shared/siwe.ts";
import { fetchNonce, openSession, type OwnerSession } from "./api.ts";

/** The server accepts at most an hour (server/src/owner.ts): the session ends with the message. */
export const SIGN_IN_LIFETIME_MS = 3600_000;
export const SIGN_IN_STATEMENT =
  "Sign in to the Shaft owner console to see referral data and export purchases. No transaction, no cost.";

export function signInMessage(p: { address: Hex; chainId: number; nonce: string; site: string; now: Date }): string {
  return siteMessage({ ...p, issuedAt: p.now, lifetimeMs: SIGN_IN_LIFETIME_MS, statement: SIGN_IN_STATEMENT });
}

export interface SignInDeps {
  /** The site's origin (window.location.origin). */
  site: string;
  sign: (message: string) => Promise<Hex>;
  now?: () => Date;
  nonce?: typeof fetchNonce;
  session?: typeof openSession;
}

/** Asks the wallet to sign in; throws the wallet's refusal or the server's (ApiRefusal) as they come. */
export async function signIn(address: Hex, deps: SignInDeps): Promise<OwnerSession> {
  const issued = await (deps.nonce ?? fetchNonce)();
  const message = signInMessage({
    address,
    chainId: issued.chainId,
    nonce: issued.nonce,
    site: deps.site,
    now: deps.now?.() ?? new Date(),
  });
  const signature = await deps.sign(message);
  return (deps.session ?? openSession)(message, signature);
}
