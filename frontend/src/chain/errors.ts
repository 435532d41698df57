// The one classifier of failed wallet and chain calls (PRODUCT.md §8), used by every flow: a refusal in the wallet
// is "rejected", never "failed"; a wallet that will not run a request (the method, or EIP-5792's atomic batch) is
// "unavailable", and the flow takes the next route as if the wallet had never offered it; a contract's refusal is
// "reverted" and named by its custom error. It walks an error the way viem does (BaseError.walk: the error, then
// each cause) and recognises viem's errors by their names and the EIP-1193 / EIP-5792 codes rather than by
// `instanceof`: this module is in the first render, and viem's error classes would bring viem's ABI decoding into it
// (errors.test.ts builds each of them and checks the names and codes below against viem's own).
import type { BaseError } from "viem";

/** What a failed call means to a flow; `message` is the short text kept with the status (and the logs). */
export type Failure =
  | { kind: "rejected"; code?: number; message: string }
  | { kind: "unavailable"; code?: number; message: string }
  /** `revert`: the contract's custom error; undefined for a text reason (`reason`) or none. */
  | { kind: "reverted"; code?: number; message: string; revert?: string; reason?: string }
  | { kind: "failed"; code?: number; message: string };

/** EIP-1193 and EIP-5792 codes, as viem's errors carry them. */
export const ERROR_CODES = {
  /** UserRejectedRequestError. */
  userRejected: 4001,
  /** UnsupportedProviderMethodError; MethodNotFoundRpcError is JSON-RPC's -32601. */
  unsupportedMethod: 4200,
  methodNotFound: -32601,
  /** wallet_switchEthereumChain: the wallet does not know the chain (add it, then switch). */
  unknownChain: 4902,
  /** EIP-5792: a required capability (atomic) is unsupported, the chain is unsupported, the batch is too large. */
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  bundleTooLarge: 5740,
  /** EIP-5792: the wallet could run the batch atomically after upgrading the account, and the user declined that. */
  upgradeRejected: 5750,
  atomicityNotSupported: 5760,
} as const;

const UNAVAILABLE_CODES: readonly number[] = [
  ERROR_CODES.unsupportedMethod,
  ERROR_CODES.methodNotFound,
  ERROR_CODES.unsupportedCapability,
  ERROR_CODES.unsupportedChain,
  ERROR_CODES.bundleTooLarge,
  ERROR_CODES.upgradeRejected,
  ERROR_CODES.atomicityNotSupported,
];
const UNAVAILABLE_NAMES = [
  "UnsupportedProviderMethodError",
  "MethodNotSupportedRpcError",
  "MethodNotFoundRpcError",
  "UnsupportedNonOptionalCapabilityError",
  "UnsupportedChainIdError",
  "BundleTooLargeError",
  "AtomicReadyWalletRejectedUpgradeError",
  "AtomicityNotSupportedError",
];

/**
 * How wallets word a refusal when they send no 4001 (WalletConnect relays answer 5000 "User rejected.", Ledger
 * "denied by the user", ethers' ACTION_REJECTED, older MetaMask "User denied transaction signature"). Read only
 * from errors that are not a contract's revert, whose reason text is the contract's.
 */
const REJECTION_TEXTS = [
  /\buser (?:rejected|denied|declined|disapproved|cancell?ed)\b/i,
  /\b(?:rejected|denied|declined|cancell?ed) by (?:the )?user\b/i,
  /\bACTION_REJECTED\b/,
];

type ErrLike = {
  code?: unknown;
  name?: string;
  message?: string;
  shortMessage?: string;
  details?: string;
  cause?: unknown;
  /** ContractFunctionRevertedError: the decoded revert ("Error" and "Panic" are Solidity's built-in ones). */
  data?: { errorName?: string };
  reason?: string;
  walk?: BaseError["walk"];
};

/** The error and its causes, as viem's BaseError.walk visits them (at most 10 deep: a cycle ends there). */
function walk(err: unknown): ErrLike[] {
  const out: ErrLike[] = [];
  const visit = (e: unknown) => {
    if (e && typeof e === "object") out.push(e);
    return out.length >= 10;
  };
  const first = err as ErrLike | undefined;
  if (typeof first?.walk === "function") {
    first.walk(visit);
    return out;
  }
  for (let cur: unknown = err; cur && !visit(cur); cur = (cur as ErrLike).cause);
  return out;
}

const isRevert = (e: ErrLike) => e.name === "ContractFunctionRevertedError" || e.name === "ExecutionRevertedError";
const texts = (e: ErrLike) => [e.shortMessage, e.details, e.message].filter((t): t is string => typeof t === "string");

/** Classifies a failed wallet or chain call (see the top of this file). */
export function classifyError(err: unknown): Failure {
  const chain = walk(err);
  const code = chain.map((e) => e.code).find((c): c is number => typeof c === "number");
  const outer = chain[0];
  const message = (outer?.shortMessage ?? outer?.message ?? String(err)).slice(0, 300);
  const revert = chain.find(isRevert);
  if (revert) {
    const name = revert.data?.errorName;
    const custom = name && name !== "Error" && name !== "Panic" ? name : undefined;
    return { kind: "reverted", code, message, revert: custom, reason: revert.reason };
  }
  if (chain.some((e) => e.code === ERROR_CODES.userRejected || e.name === "UserRejectedRequestError"))
    return { kind: "rejected", code, message };
  // Before the texts: viem words 5750 "...but the user rejected the upgrade", which is no refusal of the action.
  if (chain.some((e) => UNAVAILABLE_CODES.includes(e.code as number) || UNAVAILABLE_NAMES.includes(e.name ?? "")))
    return { kind: "unavailable", code, message };
  if (chain.some((e) => texts(e).some((t) => REJECTION_TEXTS.some((r) => r.test(t)))))
    return { kind: "rejected", code, message };
  return { kind: "failed", code, message };
}

/** The first numeric code along the error's causes (4902 on a chain switch, for one). */
export const errorCode = (err: unknown): number | undefined => classifyError(err).code;

/** Custom errors the dapp explains in the buyer's language (`errors.<name>`); any other revert gets the generic text. */
export const KNOWN_REVERTS = [
  "SalePaused",
  "SaleNotActive",
  "SaleClosed",
  "SoldOut",
  "MaxTokensExceeded",
  "InsufficientPayment",
  "MaxCostExceeded",
  "AccountBlacklisted",
  "AccountSanctioned",
  "NotWhitelisted",
  "StakingUnavailable",
  "StalePrice",
  "InvalidPrice",
  "SequencerDown",
  "SequencerGracePeriod",
  "ZeroAmount",
  "NotCardProvider",
  "DepositsLocked",
  "DepositLimitExceeded",
  "StakingEnded",
  "ClaimNotStarted",
  "NothingToClaim",
  "WithdrawalsLocked",
  "ClaimsLocked",
  "StillLocked",
  "NothingStaked",
  "NoRewards",
] as const;

/** Whether the dapp explains this custom error in the buyer's language. */
export const isKnownRevert = (name: string | undefined): name is (typeof KNOWN_REVERTS)[number] =>
  !!name && (KNOWN_REVERTS as readonly string[]).includes(name);

/** The i18n key explaining a failed call: the revert's own text when known, else a generic one. */
export function revertMessageKey(name: string | undefined): string {
  return isKnownRevert(name) ? `errors.${name}` : "errors.unknown_revert";
}
