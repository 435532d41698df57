// What the purchase and staking flows need from the wallet beyond single transactions: EIP-5792 batches and EIP-712
// signatures. Injected like ChainIO (wagmiWalletIO.ts is the real adapter), so the flows are unit-tested with fakes.
import type { Address, Hash, Hex } from "viem";

/** One call of a batch: already encoded. */
export type Call = { to: Address; data: Hex; value?: bigint };
/** A batch's receipts: one per call, or a single one when the wallet ran the calls as one transaction. */
type CallsReceipt = { transactionHash: Hash; status: "success" | "reverted"; gasUsed?: bigint };
export type CallsResult = { status: "pending" | "success" | "failure" | undefined; receipts: CallsReceipt[] };

/** EIP-2612 typed data as eth_signTypedData_v4 takes it (EIP712Domain is derived from the domain). */
export type PermitTypedData = {
  domain: { name: string; version: string; chainId: number; verifyingContract: Address };
  types: { Permit: readonly { name: string; type: string }[] };
  primaryType: "Permit";
  message: { owner: Address; spender: Address; value: bigint; nonce: bigint; deadline: bigint };
};

export type WalletIO = {
  /** The wallet runs a batch on this chain atomically (its EIP-5792 capabilities said so). */
  canBatch: () => Promise<boolean>;
  /** False once the wallet answered a typed-data request as unavailable (noteUnavailable). */
  canSignTypedData: () => boolean;
  /** wallet_sendCalls: resolves to the batch id once the user confirmed (one prompt). */
  sendCalls: (calls: Call[]) => Promise<string>;
  /** Waits for the batch to be final; its receipts decide complete or failed. */
  waitForCalls: (id: string) => Promise<CallsResult>;
  signTypedData: (data: PermitTypedData) => Promise<Hex>;
  /** Remembers for the session that the wallet answered a batch or a typed-data request as unavailable
   * (classifyError): canBatch / canSignTypedData say no from then on, as if the wallet had never offered it. */
  noteUnavailable: (what: "batch" | "typedData") => void;
  /** The chain's latest block time in seconds (a permit's deadline follows the chain's clock, not the browser's). */
  chainTime: () => Promise<bigint>;
};
