import { describe, expect, it } from "vitest";
import { errorCode, isContractRevert, isUserRejection } from "./errors.ts";

describe("error classification", () => {
  it("code 4001 anywhere in the cause chain is a rejection", () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new Error("wrapped", { cause: { code: 4001 } }))).toBe(true);
    expect(errorCode(new Error("x", { cause: { code: 4902 } }))).toBe(4902);
  });
  it("a message like 'user rejected' or 'User denied' is a rejection", () => {
    expect(isUserRejection(new Error("MetaMask Tx Signature: User denied transaction signature."))).toBe(true);
    expect(isUserRejection(new Error("user rejected transaction"))).toBe(true);
    expect(isUserRejection({ name: "UserRejectedRequestError" })).toBe(true);
  });
  it("other errors are not", () => {
    expect(isUserRejection(new Error("insufficient funds"))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
  });
  it("recognises contract reverts", () => {
    expect(isContractRevert({ name: "ContractFunctionExecutionError" })).toBe(true);
    expect(isContractRevert(new Error("x", { cause: new Error("execution reverted") }))).toBe(true);
    expect(isContractRevert(new Error("fetch failed"))).toBe(false);
  });
});
