// The real WalletIO: wagmi's EIP-5792 and EIP-712 actions against the connected wallet on one chain.
import { getBlock, sendCalls, signTypedData, waitForCallsStatus } from "wagmi/actions";
import type { Address } from "viem";
import { TIMINGS } from "../config/constants.ts";
import { canBatch, canSignTypedData, noteUnavailable } from "./capabilities.ts";
import { wagmiConfig } from "./wagmiConfig.ts";
import type { WalletIO } from "./walletIO.ts";

/** A batch is final within this long on the chains we sell on (a few blocks); the receipts decide after that. */
const BATCH_TIMEOUT_MS = 5 * 60_000;

export function wagmiWalletIO(chainId: number, account: Address): WalletIO {
  return {
    canBatch: () => canBatch(account, chainId),
    canSignTypedData: () => canSignTypedData(account),
    sendCalls: async (calls) => (await sendCalls(wagmiConfig, { account, chainId, calls, forceAtomic: true })).id,
    waitForCalls: async (id) => {
      const r = await waitForCallsStatus(wagmiConfig, {
        id,
        pollingInterval: TIMINGS.widgetPollMs,
        timeout: BATCH_TIMEOUT_MS,
      });
      return { status: r.status, receipts: r.receipts ?? [] };
    },
    signTypedData: (data) => signTypedData(wagmiConfig, { account, ...data }),
    noteUnavailable: (what) => noteUnavailable(account, what),
    chainTime: async () => (await getBlock(wagmiConfig, { chainId })).timestamp,
  };
}
