import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  UserRejectedRequestError,
  type Abi,
} from "viem";
import { describe, expect, it } from "vitest";
import { errorCode, isContractRevert, isUserRejection, revertMessageKey, revertName } from "./errors.ts";

const ABI = [{ type: "error", name: "SalePaused", inputs: [] }] as const satisfies Abi;
const paused = () =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({
      abi: ABI,
      data: encodeErrorResult({ abi: ABI, errorName: "SalePaused" }),
      functionName: "buyWithEth",
    }),
    { abi: ABI, functionName: "buyWithEth" },
  );

describe("error classification", () => {
  it("code 4001 anywhere in the cause chain is a rejection, and viem's UserRejectedRequestError", () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new Error("wrapped", { cause: { code: 4001 } }))).toBe(true);
    expect(isUserRejection(new UserRejectedRequestError(new Error("no")))).toBe(true);
    expect(errorCode(new Error("x", { cause: { code: 4902 } }))).toBe(4902);
  });
  it("a contract refusal is never a rejection, whatever its message says", () => {
    expect(isUserRejection(paused())).toBe(false);
    expect(isUserRejection(new Error("request rejected by the node"))).toBe(false);
    expect(isUserRejection(new Error("insufficient funds"))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
  });
  it("names the custom error through viem's error walk", () => {
    expect(revertName(paused())).toBe("SalePaused");
    expect(revertMessageKey(revertName(paused()))).toBe("errors.SalePaused");
    expect(revertName(new Error("execution reverted: SalePaused"))).toBeUndefined();
    expect(revertMessageKey(undefined)).toBe("errors.unknown_revert");
    expect(revertMessageKey("SomethingNew")).toBe("errors.unknown_revert");
  });
  it("recognises contract reverts", () => {
    expect(isContractRevert(paused())).toBe(true);
    expect(isContractRevert(new Error("fetch failed"))).toBe(false);
  });
});
