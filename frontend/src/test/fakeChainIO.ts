// A fake ChainIO for unit tests (not shipped: only test files import it). The handlers see each call widened to
// `ErasedCall`; a simulation records the call as the prepared request. A read's answer goes through the call's ABI
// (encoded, then decoded, as the chain's answer would be), so a fake answering with the wrong type fails.
import {
  decodeFunctionResult,
  encodeFunctionResult,
  type Abi,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
} from "viem";
import {
  erase,
  type ChainIO,
  type ErasedCall,
  type ReadCall,
  type ReadMutability,
  type ReadResult,
} from "../chain/index.ts";

export type FakeChain = {
  read: (call: ErasedCall) => unknown;
  /** Throws to refuse the call as the contract would; resolves otherwise. */
  simulate?: (call: ErasedCall) => void | Promise<void>;
  write: (call: ErasedCall) => Hash | Promise<Hash>;
  waitForReceipt: (hash: Hash) => { status: "success" | "reverted" } | Promise<{ status: "success" | "reverted" }>;
};

export function fakeChainIO(f: FakeChain): ChainIO<ErasedCall> {
  return {
    async read<
      const abi extends Abi,
      fn extends ContractFunctionName<abi, ReadMutability>,
      const args extends ContractFunctionArgs<abi, ReadMutability, fn>,
    >(call: ReadCall<abi, fn, args>) {
      const c = erase(call);
      const answer: unknown = await f.read(c);
      const data = encodeFunctionResult({ abi: c.abi, functionName: c.functionName, result: answer });
      const decoded: unknown = decodeFunctionResult({ abi: c.abi, functionName: c.functionName, args: c.args, data });
      // Decoded with this very ABI and function: it has that function's output type.
      return decoded as ReadResult<abi, fn, args>;
    },
    async simulate(call) {
      const c = erase(call);
      await f.simulate?.(c);
      return c;
    },
    write: async (c) => f.write(c),
    waitForReceipt: async (hash) => f.waitForReceipt(hash),
  };
}
