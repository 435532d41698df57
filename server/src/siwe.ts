/**
 * Sign-In with Ethereum (EIP-4361), the one place its messages are parsed and their signatures verified: a lead's
 * proof (lead.ts) and the owner console's sign-in (owner.ts) differ only in their limits, their error codes and what
 * they read from the message besides. Smart accounts sign through ERC-1271, and accounts not deployed yet through
 * ERC-6492, as viem verifies them on the chain the message names.
 */
import { getAddress, type Address, type Hex } from "viem";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { Chains } from "./chain.ts";
import { HttpError, UnavailableError } from "./http.ts";

/** Clocks differ: a message issued up to this far in the future is taken. */
const CLOCK_SKEW_MS = 60_000;
const NONCE = /^[A-Za-z0-9]{16,128}$/;
/**
 * verifySiweMessage hands this on to verifyHash (its type leaves it out): a plain key's signature is recovered here,
 * and only anything else (ERC-1271, ERC-6492) is asked of the chain.
 */
const EOA_FIRST = { mode: "eoa" } as const;

/** What one use of sign-in accepts, and the codes its refusals carry. */
export interface SiwePolicy {
  /** A message issued longer ago than this is refused: a signature is used at once or not at all. */
  maxAgeMs: number;
  /** The longest a message (and the session it opens) may run. */
  maxLifetimeMs: number;
  /** 400 codes: a message that is not acceptable, and one outside its time window. */
  codes: { invalid: string; expired: string };
}

/** A message whose signature is the wallet's: who, on which chain, with which nonce, until when (ms). */
export interface SignedMessage<T> {
  wallet: Address;
  chainId: number;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
  /** What the caller's `inspect` read from the message. */
  details: T;
}

/**
 * Checks a signed EIP-4361 message: every field present, for this site (domain, scheme and URI one of `siteOrigins`),
 * for `walletAddress` when one is given, on a chain the server knows, a well-formed nonce, inside the policy's time
 * window; then `inspect` (the caller's own checks, before any chain is asked), then the signature.
 * Throws HttpError: 400 malformed, 401 signature, 503 chain unreachable.
 */
export async function verifySignedMessage<T>(
  input: { walletAddress?: Address; message: string; signature: Hex },
  ctx: { siteOrigins: readonly string[]; chains: Chains; now?: number },
  policy: SiwePolicy,
  inspect: (m: ReturnType<typeof parseSiweMessage>, site: URL) => T,
): Promise<SignedMessage<T>> {
  const now = ctx.now ?? Date.now();
  const refuse = (reason: string) => new HttpError(400, policy.codes.invalid, reason);
  const m = parseSiweMessage(input.message);
  const missing = (["address", "chainId", "domain", "nonce", "uri", "version", "issuedAt", "expirationTime"] as const)
    .filter((k) => m[k] === undefined)
    .join(", ");
  if (missing) throw refuse(`the signed message is not EIP-4361 or lacks: ${missing}`);
  const wallet = getAddress(m.address!);
  if (input.walletAddress !== undefined && getAddress(input.walletAddress) !== wallet)
    throw refuse(`the message is signed for ${m.address}, not for walletAddress ${getAddress(input.walletAddress)}`);
  const origins = ctx.siteOrigins.map((o) => new URL(o));
  const site = origins.find((o) => o.host === m.domain && (m.scheme === undefined || `${m.scheme}:` === o.protocol));
  if (!site || !origins.some((o) => safeOrigin(m.uri!) === o.origin))
    throw refuse(`the message is for ${m.domain} (${m.uri}), not for this site`);
  if (!ctx.chains.has(m.chainId!))
    throw new HttpError(
      400,
      "unsupported_chain",
      `the message names chain ${m.chainId}, which this server does not know`,
    );
  if (!NONCE.test(m.nonce!)) throw refuse("the nonce must be 16 to 128 letters and digits");
  const issued = m.issuedAt!.getTime();
  const expires = m.expirationTime!.getTime();
  if (!(issued <= now + CLOCK_SKEW_MS && issued >= now - policy.maxAgeMs))
    throw new HttpError(
      400,
      policy.codes.expired,
      `the message was issued at ${m.issuedAt!.toISOString()}: sign a new one`,
    );
  if (!(expires > now) || expires - issued > policy.maxLifetimeMs || (m.notBefore && m.notBefore.getTime() > now))
    throw new HttpError(
      400,
      policy.codes.expired,
      `the message has expired, is not valid yet, or runs longer than ${duration(policy.maxLifetimeMs)}`,
    );
  const details = inspect(m, site);

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
  return { wallet, chainId: m.chainId!, nonce: m.nonce!, issuedAt: issued, expiresAt: expires, details };
}

/** A URI's origin, or undefined when it is not a URL. */
export function safeOrigin(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

/** "24 hours", "1 hour", "10 minutes": a limit as a reason text says it. */
function duration(ms: number): string {
  const [n, unit] = ms % 3600_000 === 0 ? [ms / 3600_000, "hour"] : [Math.round(ms / 60_000), "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
