// The real ChainIO: wagmi actions against the connected wallet on one chain.
import { readContract, simulateContract, waitForTransactionReceipt, writeContract } from "wagmi/actions";
import type { Address } from "viem";
import { RPC, TIMINGS } from "../../config/constants.ts";
import { wagmiConfig } from "../wallet/wagmiConfig.ts";
import type { ChainIO } from "./purchase.ts";

export function wagmiIO(chainId: number, account: Address): ChainIO {
  return {
    read: (a) => readContract(wagmiConfig, { ...a, chainId } as never),
    simulate: async (a) => (await simulateContract(wagmiConfig, { ...a, chainId, account } as never)).request,
    write: (prepared) => writeContract(wagmiConfig, prepared as never),
    waitForReceipt: (hash) =>
      waitForTransactionReceipt(wagmiConfig, { hash, chainId, retryCount: RPC.receiptRetries, pollingInterval: TIMINGS.widgetPollMs }),
  };
}
