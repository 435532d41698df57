// Error classification for the transaction machines (PRODUCT.md §8): a wallet rejection by its code, a contract
// refusal by its custom error name (viem's error walk down to ContractFunctionRevertedError's decoded data).
type ErrLike = {
  code?: unknown;
  name?: string;
  message?: string;
  cause?: unknown;
  data?: { errorName?: string };
  walk?: (fn: (e: unknown) => boolean) => unknown;
};

function* chain(err: unknown): Generator<ErrLike> {
  let cur = err as ErrLike | undefined;
  for (let i = 0; cur && i < 10; i++) {
    yield cur;
    cur = cur.cause as ErrLike | undefined;
  }
}

export function errorCode(err: unknown): number | undefined {
  for (const e of chain(err)) if (typeof e.code === "number") return e.code;
  return undefined;
}

/** A refusal in the wallet: EIP-1193 code 4001 (viem's UserRejectedRequestError carries it). Nothing else. */
export function isUserRejection(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
  return false;
}

/**
 * The contract's custom error name ("SalePaused", "MaxTokensExceeded", ...) when `err` is a revert viem decoded
 * against the ABI; undefined for anything else (transport, wallet, undecodable revert).
 */
export function revertName(err: unknown): string | undefined {
  const isRevert = (e: unknown) => (e as ErrLike | undefined)?.name === "ContractFunctionRevertedError";
  const found = (
    typeof (err as ErrLike | undefined)?.walk === "function"
      ? (err as ErrLike).walk!(isRevert)
      : [...chain(err)].find(isRevert)
  ) as ErrLike | undefined;
  return found?.data?.errorName;
}

/** A revert raised by the contract (as opposed to a transport or wallet failure), decoded or not. */
export function isContractRevert(err: unknown): boolean {
  for (const e of chain(err))
    if (e.name === "ContractFunctionRevertedError" || e.name === "ContractFunctionExecutionError") return true;
  return false;
}

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

/** The i18n key explaining a failed call: the revert's own text when known, else a generic one. */
export function revertMessageKey(name: string | undefined): string {
  return name && (KNOWN_REVERTS as readonly string[]).includes(name) ? `errors.${name}` : "errors.unknown_revert";
}
