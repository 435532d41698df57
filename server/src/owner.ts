/**
 * The owner console's sign-in (PRODUCT.md §2 "Owner console"): an EIP-4361 message naming a nonce this server issued,
 * the Base chain and at most an hour of validity, signed by a wallet that holds the owner role on the Base presale,
 * read live on chain. `ADMIN_ROLE` alone (it only pauses) is not enough: docs/DECISIONS.md, "Owner console sign-in".
 */
import crypto from "node:crypto";
import { keccak256, toHex, zeroHash, type Address, type Hex } from "viem";
import type { Chains } from "./chain.ts";
import { presaleAbi } from "./contracts.ts";
import { HttpError, UnavailableError } from "./http.ts";
import { verifySignedMessage, type SiwePolicy } from "./siwe.ts";

/** A sign-in message is signed within 10 minutes of its nonce and opens a session of at most an hour. */
export const OWNER_POLICY: SiwePolicy = {
  maxAgeMs: 10 * 60_000,
  maxLifetimeMs: 3600_000,
  codes: { invalid: "invalid_signin_message", expired: "signin_message_expired" },
};
/** How long a nonce handed out may wait for its signature. */
export const OWNER_NONCE_TTL_MS = OWNER_POLICY.maxAgeMs;

const DEFAULT_ADMIN_ROLE = zeroHash;
const ADMIN_ROLE = keccak256(toHex("ADMIN_ROLE"));

export const newToken = () => crypto.randomBytes(32).toString("base64url");
/** Nonces are letters and digits (EIP-4361): 128 random bits in base 62 would do; hex is simpler and 32 long. */
export const newNonce = () => crypto.randomBytes(16).toString("hex");
export const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export type OwnerRole = "owner" | "admin" | "none";

/** The wallet's role on the chain's presale, read now: the owner (default admin), the pause-only admin, or none. */
export async function roleOf(chains: Chains, chainId: number, wallet: Address): Promise<OwnerRole> {
  const presale = chains.presale(chainId);
  if (!presale)
    throw new UnavailableError("owner_unavailable", `no presale address is configured for chain ${chainId}`);
  const has = (role: Hex) =>
    chains
      .client(chainId)
      .readContract({ address: presale, abi: presaleAbi, functionName: "hasRole", args: [role, wallet] });
  try {
    const [owner, admin] = await Promise.all([has(DEFAULT_ADMIN_ROLE), has(ADMIN_ROLE)]);
    return owner ? "owner" : admin ? "admin" : "none";
  } catch {
    throw new UnavailableError("rpc_unavailable", `chain ${chainId} could not be reached to read the owner role`);
  }
}

/** 403 unless the role is the owner's, with the reason. */
export function requireOwner(role: OwnerRole, wallet: Address): void {
  if (role === "owner") return;
  throw new HttpError(
    403,
    "not_owner",
    role === "admin"
      ? `${wallet} holds ADMIN_ROLE only (it pauses the sale): referral data and exports need the owner role on Base`
      : `${wallet} does not hold the owner role on the Base presale`,
  );
}

/** Checks a sign-in message and its signature for the owner chain (throws HttpError as verifySignedMessage does). */
export function verifySignIn(
  input: { message: string; signature: Hex },
  ctx: { siteOrigins: readonly string[]; chains: Chains; ownerChainId: number; now?: number },
) {
  return verifySignedMessage(input, ctx, OWNER_POLICY, (m) => {
    if (m.chainId !== ctx.ownerChainId)
      throw new HttpError(
        400,
        "wrong_chain",
        `the message names chain ${m.chainId}: sign in on chain ${ctx.ownerChainId}, where the owner role is held`,
      );
  });
}
