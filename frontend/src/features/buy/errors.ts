// Error classification for the transaction machines (spec section 8).
type ErrLike = { code?: unknown; name?: string; message?: string; shortMessage?: string; details?: string; cause?: unknown };

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

/** Code 4001, viem's UserRejectedRequestError, or a message like "user rejected" / "user denied". */
export function isUserRejection(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
    const text = `${e.message ?? ""} ${e.shortMessage ?? ""} ${e.details ?? ""}`;
    if (/user (rejected|denied)|rejected by user|request rejected/i.test(text)) return true;
  }
  return false;
}

/** A revert raised by the contract (as opposed to a transport or wallet failure). */
export function isContractRevert(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.name === "ContractFunctionRevertedError" || e.name === "ContractFunctionExecutionError") return true;
    if (/execution reverted|reverted with/i.test(e.message ?? "")) return true;
  }
  return false;
}
