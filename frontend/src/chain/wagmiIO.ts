// The real ChainIO: wagmi actions against the connected wallet on one chain. The calls arrive checked against
// their ABIs (chainIO.ts); here they are widened to viem's plain `Abi` for wagmi, and a simulation resolves to the
// function that sends exactly the simulated request.
import { readContract, simulateContract, waitForTransactionReceipt, writeContract } from "wagmi/actions";
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hash } from "viem";
import { RPC, TIMINGS } from "../config/constants.ts";
import { wagmiConfig } from "./wagmiConfig.ts";
import { erase, type ChainIO, type ReadCall, type ReadMutability, type ReadResult } from "./chainIO.ts";

export type SendPrepared = () => Promise<Hash>;

export function wagmiIO(chainId: number, account: Address): ChainIO<SendPrepared> {
  return {
    async read<
      const abi extends Abi,
      fn extends ContractFunctionName<abi, ReadMutability>,
      const args extends ContractFunctionArgs<abi, ReadMutability, fn>,
    >(call: ReadCall<abi, fn, args>) {
      const result: unknown = await readContract(wagmiConfig, { ...erase(call), chainId });
      // viem decoded `result` with this very ABI and function, so it has that function's output type.
      return result as ReadResult<abi, fn, args>;
    },
    simulate: async (call) => {
      const { request } = await simulateContract(wagmiConfig, { ...erase(call), chainId, account });
      return () => writeContract(wagmiConfig, request);
    },
    write: (send) => send(),
    waitForReceipt: (hash) =>
      waitForTransactionReceipt(wagmiConfig, {
        hash,
        chainId,
        retryCount: RPC.receiptRetries,
        pollingInterval: TIMINGS.widgetPollMs,
      }),
  };
}
