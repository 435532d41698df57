/**
 * Signed leads as the dapp makes them: an EIP-4361 message for the site, signed by a wallet's key (or by a smart
 * account's owner key, for ERC-1271 / ERC-6492), with the attribution in its one resource URL.
 */
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, generateSiweNonce } from "viem/siwe";
import { localKey } from "../../../scripts/local/accounts.ts";
import { SITE } from "./app.ts";

/** Hardhat's well-known local accounts #0, #3, #4, #5 (scripts/local/accounts.ts): public, local only. */
export const KEYS = {
  deployer: localKey(0),
  buyer: localKey(3),
  buyer2: localKey(4),
  stranger: localKey(5),
} as const satisfies Record<string, Hex>;

export interface LeadOptions {
  /** The signing key (default the buyer's). */
  key?: Hex;
  /** The wallet the lead is for: the key's address, or a smart account the key owns. */
  wallet?: `0x${string}`;
  attribution?: Record<string, string>;
  chainId?: number;
  site?: string;
  issuedAt?: Date;
  expiresInMs?: number;
  nonce?: string;
  /** Turns the key's signature into the one the server gets (e.g. an ERC-6492 wrapper). */
  wrap?: (signature: Hex) => Hex;
  /** More body fields (attribution repeated, user agent…). */
  body?: Record<string, unknown>;
}

/** A lead request body: the wallet, the signed message, its signature and any extra fields. */
export async function signedLead(o: LeadOptions = {}) {
  const account = privateKeyToAccount(o.key ?? KEYS.buyer);
  const wallet = o.wallet ?? account.address;
  const site = o.site ?? SITE;
  const issuedAt = o.issuedAt ?? new Date();
  const message = createSiweMessage({
    address: wallet,
    chainId: o.chainId ?? 31338,
    domain: new URL(site).host,
    uri: site,
    version: "1",
    nonce: o.nonce ?? generateSiweNonce(),
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + (o.expiresInMs ?? 3600_000)),
    statement: "Confirm this wallet for referral tracking. No transaction, no cost.",
    resources: [`${site}/?${new URLSearchParams(o.attribution ?? {}).toString()}`],
  });
  const signature = await account.signMessage({ message });
  return { walletAddress: wallet, message, signature: o.wrap ? o.wrap(signature) : signature, ...o.body };
}

/** The lead answer's fields the tests read. */
export interface LeadAnswer {
  data: { status: "recorded" | "duplicate"; seenCount: number; session: string; sessionExpiresAt: string };
}
