// The one classifier (errors.ts) on the errors viem, wagmi and wallets really raise: each built with viem's own
// classes, wrapped the way viem wraps them on the way out of a write, a simulation or a batch.
import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BaseError,
  BundleTooLargeError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  ExecutionRevertedError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  RpcRequestError,
  TransactionExecutionError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  type Abi,
} from "viem";
import { describe, expect, it } from "vitest";
import { classifyError, ERROR_CODES, errorCode, isKnownRevert, revertMessageKey } from "./errors.ts";

const ABI = [
  { type: "error", name: "SalePaused", inputs: [] },
  { type: "function", name: "deposit", stateMutability: "nonpayable", inputs: [], outputs: [] },
] as const satisfies Abi;
const ERROR_STRING = [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }] as const;

/** A simulation's revert as viem raises it: ContractFunctionExecutionError around ContractFunctionRevertedError. */
const reverted = (inner: ContractFunctionRevertedError) =>
  new ContractFunctionExecutionError(inner, { abi: ABI, functionName: "deposit" });
const customRevert = () =>
  reverted(
    new ContractFunctionRevertedError({
      abi: ABI,
      data: encodeErrorResult({ abi: ABI, errorName: "SalePaused" }),
      functionName: "deposit",
    }),
  );
/** `require(false, "Insufficient balance")`: Solidity's Error(string), decoded by viem. */
const stringRevert = () =>
  reverted(
    new ContractFunctionRevertedError({
      abi: ABI,
      data: encodeErrorResult({ abi: ERROR_STRING, errorName: "Error", args: ["Insufficient balance"] }),
      functionName: "deposit",
    }),
  );
/** The same revert when the node sent only its text (no revert data): viem keeps it as the reason. */
const stringRevertWithoutData = () =>
  reverted(new ContractFunctionRevertedError({ abi: ABI, functionName: "deposit", message: "Insufficient balance" }));
/** A write the wallet refused, as viem raises it (the request error inside the contract-call error). */
const refusedWrite = (cause: Error) =>
  new ContractFunctionExecutionError(cause as BaseError, { abi: ABI, functionName: "deposit" });
/** A wallet's answer that viem did not map to a class of its own: an RPC error with a code and a message. */
const walletAnswer = (code: number, message: string) =>
  new RpcRequestError({ body: { method: "eth_sendTransaction" }, error: { code, message }, url: "wallet" });

describe("classifyError: a refusal in the wallet is rejected, never failed (PRODUCT.md §8)", () => {
  it("EIP-1193 4001, whether viem's UserRejectedRequestError, a bare provider error or a wrapped one", () => {
    expect(classifyError(new UserRejectedRequestError(new Error("User rejected the request.")))).toMatchObject({
      kind: "rejected",
      code: ERROR_CODES.userRejected,
    });
    expect(classifyError({ code: 4001, message: "denied" }).kind).toBe("rejected");
    expect(classifyError(new Error("wrapped", { cause: { code: 4001 } })).kind).toBe("rejected");
    expect(classifyError(refusedWrite(new UserRejectedRequestError(new Error("no")))).kind).toBe("rejected");
  });

  it("wallets' own rejection texts without 4001: WalletConnect 5000, Ledger, ethers, older MetaMask, Trust, Frame", () => {
    for (const err of [
      { code: 5000, message: "User rejected." },
      walletAnswer(5000, "User rejected."),
      new Error("Ledger device: Condition of use not satisfied (denied by the user?) (0x6985)"),
      Object.assign(new Error("user rejected action"), { code: "ACTION_REJECTED" }),
      new Error("MetaMask Tx Signature: User denied transaction signature."),
      walletAnswer(-32000, "The user rejected the request"),
      new Error("User declined transaction"),
      new Error("Request cancelled by user"),
      refusedWrite(new Error("User canceled")),
    ])
      expect(classifyError(err).kind, String((err as Error).message)).toBe("rejected");
  });

  it("nothing else is: the node's words, a transport failure, a revert whose text reads like a refusal", () => {
    expect(classifyError(new Error("request rejected by the node")).kind).toBe("failed");
    expect(classifyError(new Error("insufficient funds for gas * price + value")).kind).toBe("failed");
    expect(classifyError(new Error("fetch failed")).kind).toBe("failed");
    expect(classifyError(undefined).kind).toBe("failed");
    const looksRefused = reverted(
      new ContractFunctionRevertedError({ abi: ABI, functionName: "deposit", message: "User rejected" }),
    );
    expect(classifyError(looksRefused).kind).toBe("reverted");
  });
});

describe("classifyError: a request the wallet will not run is unavailable (the next route, as without it)", () => {
  it("EIP-5792 5750, the user declined the account upgrade a batch needs, and every other missing capability", () => {
    const upgrade = classifyError(new AtomicReadyWalletRejectedUpgradeError(new Error("declined the upgrade")));
    expect(upgrade).toMatchObject({ kind: "unavailable", code: ERROR_CODES.upgradeRejected });
    for (const err of [
      new AtomicityNotSupportedError(new Error("no")),
      new UnsupportedNonOptionalCapabilityError(new Error("no")),
      new UnsupportedChainIdError(new Error("no")),
      new BundleTooLargeError(new Error("no")),
      walletAnswer(5750, "Upgrade rejected"),
      { code: 5760 },
    ])
      expect(classifyError(err).kind).toBe("unavailable");
  });

  it("the method unsupported (4200, -32601): a wallet without wallet_sendCalls or eth_signTypedData_v4", () => {
    for (const err of [
      new UnsupportedProviderMethodError(new Error("no")),
      new MethodNotSupportedRpcError(new Error("no")),
      new MethodNotFoundRpcError(new Error("no")),
      { code: 4200 },
      new Error("wrapped", { cause: { code: -32601 } }),
    ])
      expect(classifyError(err).kind).toBe("unavailable");
  });

  it("a refusal stays a refusal even from a wallet that also lacks the capability", () => {
    const both = new UserRejectedRequestError(new AtomicReadyWalletRejectedUpgradeError(new Error("no")));
    expect(classifyError(both).kind).toBe("rejected");
  });
});

describe("classifyError: a contract's refusal is named by its custom error", () => {
  it("the custom error through viem's walk, however deep", () => {
    expect(classifyError(customRevert())).toMatchObject({ kind: "reverted", revert: "SalePaused" });
    expect(classifyError(new TransactionExecutionError(customRevert(), { account: null })).kind).toBe("reverted");
    expect(revertMessageKey(classifyError(customRevert()).kind === "reverted" ? "SalePaused" : undefined)).toBe(
      "errors.SalePaused",
    );
  });

  it('a string revert ("Insufficient balance") is a revert without a custom error, with its reason, data or not', () => {
    for (const err of [stringRevert(), stringRevertWithoutData()]) {
      const f = classifyError(err);
      expect(f).toMatchObject({ kind: "reverted", reason: "Insufficient balance" });
      // Neither "Insufficient" (a word of the text) nor "Error" (Solidity's built-in) is a custom error's name.
      expect(f.kind === "reverted" && f.revert).toBeUndefined();
    }
  });

  it("the node's plain execution-reverted error is a revert too, unnamed", () => {
    const f = classifyError(new ExecutionRevertedError({ message: "execution reverted" }));
    expect(f).toMatchObject({ kind: "reverted", revert: undefined });
  });

  it("the dapp explains the custom errors it knows; anything else gets the generic text", () => {
    expect(isKnownRevert("SalePaused")).toBe(true);
    expect(isKnownRevert("Error")).toBe(false);
    expect(revertMessageKey("SomethingNew")).toBe("errors.unknown_revert");
    expect(revertMessageKey(undefined)).toBe("errors.unknown_revert");
  });
});

describe("what the classifier keeps", () => {
  it("the first code on the way down (a chain switch looks for 4902) and viem's short message", () => {
    expect(errorCode(new Error("x", { cause: { code: 4902 } }))).toBe(4902);
    expect(errorCode(new Error("x"))).toBeUndefined();
    expect(classifyError(customRevert()).message).toBe(customRevert().shortMessage);
    expect(classifyError(new Error("x".repeat(500))).message).toHaveLength(300);
  });

  it("its codes are viem's (the classes are not imported by the first render, their numbers are)", () => {
    expect(ERROR_CODES.userRejected).toBe(UserRejectedRequestError.code);
    expect(ERROR_CODES.unsupportedMethod).toBe(UnsupportedProviderMethodError.code);
    expect(ERROR_CODES.methodNotFound).toBe(MethodNotFoundRpcError.code);
    expect(ERROR_CODES.unsupportedCapability).toBe(UnsupportedNonOptionalCapabilityError.code);
    expect(ERROR_CODES.unsupportedChain).toBe(UnsupportedChainIdError.code);
    expect(ERROR_CODES.bundleTooLarge).toBe(BundleTooLargeError.code);
    expect(ERROR_CODES.upgradeRejected).toBe(AtomicReadyWalletRejectedUpgradeError.code);
    expect(ERROR_CODES.atomicityNotSupported).toBe(AtomicityNotSupportedError.code);
  });
});
