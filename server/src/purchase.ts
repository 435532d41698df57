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
 * by the presale count: another contract emitting an event of the same shape buys nothing. The event is the same on
 * both chains (`IPresale.TokensBought`): `buyer` is the account that made the purchase call (msg.sender), `recipient`
 * who owns the tokens on Base.
 */
export function purchasesIn(receipt: TransactionReceipt, chainId: number, presale: Address): VerifiedPurchase[] {
  if (receipt.status !== "success") return [];
  const logs = parseEventLogs({ abi: presaleAbi, eventName: "TokensBought", logs: receipt.logs, strict: true });
  return logs
    .filter((l) => getAddress(l.address) === presale)
    .map((l) => ({
      chainId,
      txHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      sender: getAddress(receipt.from),
      buyer: getAddress(l.args.buyer),
      recipient: getAddress(l.args.recipient),
      paymentToken: getAddress(l.args.paymentToken),
      tokens: l.args.tokens,
      paid: l.args.paid,
      usdValue: l.args.usdValue,
      staked: l.args.staked,
    }));
}

/**
 * The wallet a purchase's conversion belongs to: the buyer who paid, never the recipient it named (an Ethereum purchase
 * for a Base address is the payer's conversion); only when the buyer is a card provider is it the recipient, the card
 * customer who paid the on-ramp (docs/DECISIONS.md, "Server").
 */
export function customerOf(p: VerifiedPurchase, cardProviders: ReadonlySet<string>): Address {
  return cardProviders.has(p.buyer.toLowerCase()) ? p.recipient : p.buyer;
}

export const isNativePayment = (p: VerifiedPurchase): boolean => p.paymentToken === zeroAddress;
