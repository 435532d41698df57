/**
 * What a mined transaction bought from a presale, read from the presale's own purchase events: the one place that
 * decodes them (the contracts' purchase event changes in one place here).
 */
import { getAddress, parseEventLogs, zeroAddress, type Address, type Hex, type TransactionReceipt } from "viem";
import { presaleAbi } from "./contracts.ts";

export interface VerifiedPurchase {
  chainId: number;
  txHash: Hex;
  blockNumber: bigint;
  /** The transaction's sender (an EOA; for a smart account, its bundler or relayer). */
  sender: Address;
  /** The account that made the purchase call (msg.sender): a wallet, a smart account, the card provider. */
  buyer: Address;
  /** Who owns the tokens on Base (the card customer for a card purchase). */
  recipient: Address;
  /** The zero address for ETH. */
  paymentToken: Address;
  /** Whole tokens. */
  tokens: bigint;
  /** In the payment token's units (wei for ETH, 6 decimals for the stablecoins). */
  paid: bigint;
  /** USD with 18 decimals. */
  usdValue: bigint;
  staked: boolean;
}

/**
 * Every purchase the presale at `presale` logged in this receipt (none if the transaction reverted). Only logs emitted
 * by the presale count: another contract emitting an event of the same shape buys nothing.
 * Today's event names one account, `user`: the one credited, who made the call for every purchase but a card
 * purchase (there the card provider calls for the customer). It is the recipient; the buyer is the transaction's
 * sender when the transaction called the presale itself (a card provider's purchase too), else `user` (a contract
 * wallet's purchase, whose caller is the wallet).
 */
export function purchasesIn(receipt: TransactionReceipt, chainId: number, presale: Address): VerifiedPurchase[] {
  if (receipt.status !== "success") return [];
  const logs = parseEventLogs({ abi: presaleAbi, eventName: "TokensBought", logs: receipt.logs, strict: true });
  const direct = receipt.to !== null && getAddress(receipt.to) === presale;
  return logs
    .filter((l) => getAddress(l.address) === presale)
    .map((l) => ({
      chainId,
      txHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      sender: getAddress(receipt.from),
      buyer: direct ? getAddress(receipt.from) : getAddress(l.args.user),
      recipient: getAddress(l.args.user),
      paymentToken: getAddress(l.args.paymentToken),
      tokens: l.args.tokens,
      paid: l.args.paid,
      usdValue: l.args.usdValue,
      staked: l.args.staked,
    }));
}

/**
 * The wallet a purchase's conversion belongs to: the buyer, or the recipient when the buyer is a card provider (the
 * on-ramp buys for its customer).
 */
export function customerOf(p: VerifiedPurchase, cardProviders: ReadonlySet<string>): Address {
  return cardProviders.has(p.buyer.toLowerCase()) ? p.recipient : p.buyer;
}

export const isNativePayment = (p: VerifiedPurchase): boolean => p.paymentToken === zeroAddress;
