// Chain access of the purchase, staking and card flows, injected so the flows are unit-tested with fakes
// (wagmiIO.ts is the real adapter). Every call is checked against its ABI at compile time, viem's way: the function
// name must exist with that mutability, the arguments must fit its inputs, and a read returns the decoded output type.
import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionParameters,
  ContractFunctionReturnType,
  GetValue,
  Hash,
} from "viem";

export type ReadMutability = "pure" | "view";
export type WriteMutability = "nonpayable" | "payable";

/** A view call of `abi`: `{ address, abi, functionName, args }`, args required when the function takes any. */
export type ReadCall<
  abi extends Abi = Abi,
  fn extends ContractFunctionName<abi, ReadMutability> = ContractFunctionName<abi, ReadMutability>,
  args extends ContractFunctionArgs<abi, ReadMutability, fn> = ContractFunctionArgs<abi, ReadMutability, fn>,
> = ContractFunctionParameters<abi, ReadMutability, fn, args>;

/** A state-changing call of `abi`, with the native value it sends (payable functions only). */
export type WriteCall<
  abi extends Abi = Abi,
  fn extends ContractFunctionName<abi, WriteMutability> = ContractFunctionName<abi, WriteMutability>,
  args extends ContractFunctionArgs<abi, WriteMutability, fn> = ContractFunctionArgs<abi, WriteMutability, fn>,
> = ContractFunctionParameters<abi, WriteMutability, fn, args> & GetValue<abi, fn, bigint>;

/** The decoded result of a view call. */
export type ReadResult<
  abi extends Abi,
  fn extends ContractFunctionName<abi, ReadMutability>,
  args extends ContractFunctionArgs<abi, ReadMutability, fn>,
> = ContractFunctionReturnType<abi, ReadMutability, fn, args>;

/**
 * One chain, one account. `Prepared` is what a simulation hands to `write` (the real adapter: the simulated request;
 * a fake: whatever it records).
 */
export type ChainIO<Prepared = unknown> = {
  read<
    const abi extends Abi,
    fn extends ContractFunctionName<abi, ReadMutability>,
    const args extends ContractFunctionArgs<abi, ReadMutability, fn>,
  >(
    call: ReadCall<abi, fn, args>,
  ): Promise<ReadResult<abi, fn, args>>;
  /** Simulates (a revert fails here, before the wallet is asked); resolves to the request for `write`. */
  simulate<
    const abi extends Abi,
    fn extends ContractFunctionName<abi, WriteMutability>,
    const args extends ContractFunctionArgs<abi, WriteMutability, fn>,
  >(
    call: WriteCall<abi, fn, args>,
  ): Promise<Prepared>;
  write(prepared: Prepared): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<{ status: "success" | "reverted" }>;
};

/** A call as the wire sees it: the ABI and the name only select the encoding. */
export type ErasedCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
};

/**
 * Widens a checked call (ReadCall / WriteCall) to viem's plain `Abi` for an adapter: the same fields, nothing
 * converted. (A checked call's `args` is a conditional type of its ABI that TypeScript cannot relate to an array
 * while the ABI is generic; the runtime check below is what it always is.)
 */
export function erase(call: {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: unknown;
  value?: bigint;
}): ErasedCall {
  const { address, abi, functionName, args, value } = call;
  const erased: ErasedCall = { address, abi, functionName };
  if (isArgs(args)) erased.args = args;
  if (value !== undefined) erased.value = value;
  return erased;
}

const isArgs = (args: unknown): args is readonly unknown[] => Array.isArray(args);
