// Who owns tokens bought on Ethereum (PRODUCT.md §1 "One ladder on two chains"): every Ethereum purchase names the Base address that
// will claim them. The connected address is that address only where the same key controls it on Base: an account
// without code, or an EIP-7702 account (its code is the delegation designator, the key still signs). Any other code
// (a Safe, a smart account) may not exist on Base, or belong to someone else there: the buyer types the Base address
// and confirms it before Buy is enabled. The confirmed address is remembered per buyer on this device.
// Types only from viem: the buy widget is in the first render (a mixed-case address's checksum is checked by the
// field, with viem loaded then).
import type { Address, Hex } from "viem";

const ZERO = "0x0000000000000000000000000000000000000000";
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Whether a typed address carries an EIP-55 checksum (mixed case) that must then be verified. */
export const hasChecksum = (s: string) => /[a-f]/.test(s.slice(2)) && /[A-F]/.test(s.slice(2));

/** What the connected account is on Ethereum, from its code (`eth_getCode`). */
export type AccountKind = "eoa" | "delegated" | "contract";

/** EIP-7702's delegation designator: 0xef0100 followed by the 20-byte address the account delegates to. */
const DELEGATION = /^0xef0100[0-9a-f]{40}$/i;

export function accountKind(code: Hex | undefined): AccountKind {
  if (!code || code === "0x") return "eoa";
  return DELEGATION.test(code) ? "delegated" : "contract";
}

/** Whether the buyer must type and confirm a Base address (a contract account), or the connected one is used. */
export const needsTypedRecipient = (kind: AccountKind) => kind === "contract";

/** A typed Base address: the checksummed address, or why it cannot receive tokens. */
export type TypedRecipient = { address: Address } | { issue: "invalid" | "zero" };
export function parseRecipient(text: string): TypedRecipient | undefined {
  const s = text.trim();
  if (!s) return undefined;
  if (!HEX_ADDRESS.test(s)) return { issue: "invalid" };
  return s.toLowerCase() === ZERO ? { issue: "zero" } : { address: s as Address };
}

/**
 * The recipient of an Ethereum purchase: the connected address for an account a key controls, the typed and
 * confirmed address for a contract account, undefined while that is missing (Buy stays disabled).
 */
export function recipientFor(
  buyer: Address,
  kind: AccountKind | undefined,
  confirmed: Address | undefined,
): Address | undefined {
  if (kind === undefined) return undefined;
  return needsTypedRecipient(kind) ? confirmed : buyer;
}

/**
 * Tokens the buyer bought on Ethereum that are not relayed yet and go to another address than `recipient`: a purchase
 * for `recipient` re-points them to it (the contract moves every unrelayed token of the buyer to the new recipient).
 */
export function repointedTokens(
  info: { recipient: Address; tokens: number; relayed: number } | undefined,
  recipient: Address | undefined,
): number {
  if (!info || !recipient || info.recipient.toLowerCase() === ZERO) return 0;
  if (info.recipient.toLowerCase() === recipient.toLowerCase()) return 0;
  return Math.max(0, info.tokens - info.relayed);
}

const storageKey = (buyer: Address) => `shaft.recipient.${buyer.toLowerCase()}`;

/** The Base address this buyer confirmed last on this device, if any. */
export function rememberedRecipient(buyer: Address): Address | undefined {
  try {
    const saved = globalThis.localStorage?.getItem(storageKey(buyer));
    const parsed = saved ? parseRecipient(saved) : undefined;
    return parsed && "address" in parsed ? parsed.address : undefined;
  } catch {
    return undefined; // storage disabled: the buyer types it again
  }
}

export function rememberRecipient(buyer: Address, recipient: Address | undefined): void {
  try {
    if (recipient) globalThis.localStorage?.setItem(storageKey(buyer), recipient);
    else globalThis.localStorage?.removeItem(storageKey(buyer));
  } catch {
    // storage disabled: nothing to remember
  }
}
