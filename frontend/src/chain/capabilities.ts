// What the connected wallet can do beyond plain transactions (wallet layer, lazy):
// - atomic batches (EIP-5792 `wallet_getCapabilities` -> `atomic.status`), read once per connector, account and
//   session through TanStack Query and never assumed: a wallet that does not answer has no batching;
// - typed-data signatures (EIP-712, for permits): assumed until the wallet says the method is unsupported, then
//   remembered for the connector and account.
import type { Address } from "viem";
import { getCapabilities, getConnection } from "wagmi/actions";
import { queryClient } from "../shared/queryClient.ts";
import { atomicSupport, isUnsupportedMethod, type CapabilityMap } from "./capabilityRules.ts";
import { wagmiConfig } from "./wagmiConfig.ts";

export { atomicSupport, type AtomicSupport, type CapabilityMap } from "./capabilityRules.ts";

const CAPABILITIES_STALE_MS = 10 * 60_000;
const connectorUid = () => getConnection(wagmiConfig).connector?.uid ?? "none";
const capabilitiesKey = (account: Address) => ["walletCapabilities", connectorUid(), account.toLowerCase()] as const;

async function readCapabilities(account: Address): Promise<CapabilityMap> {
  try {
    return await getCapabilities(wagmiConfig, { account });
  } catch (err) {
    // Not implemented (4200 / -32601), not authorised (4100), malformed answers: no batching for this wallet.
    console.info("wallet_getCapabilities unavailable: sequential flows", (err as Error)?.message?.slice(0, 120));
    return {};
  }
}

/** The wallet's capabilities for `account` (cached per connector and account; a failed read counts as none). */
export function walletCapabilities(account: Address): Promise<CapabilityMap> {
  return queryClient.fetchQuery({
    queryKey: capabilitiesKey(account),
    queryFn: () => readCapabilities(account),
    staleTime: CAPABILITIES_STALE_MS,
    retry: false,
  });
}

/** Whether one wallet_sendCalls runs `chainId`'s calls atomically for `account` (after connecting: from the cache). */
export async function canBatch(account: Address, chainId: number): Promise<boolean> {
  return atomicSupport(await walletCapabilities(account), chainId) !== "none";
}

/** Called once a wallet is connected: the capabilities are then ready before the first purchase. */
export function prefetchCapabilities(account: Address): void {
  void walletCapabilities(account);
}

const noTypedData = new Set<string>();
const typedDataKey = (account: Address) => `${connectorUid()}:${account.toLowerCase()}`;

/** False once this wallet answered eth_signTypedData_v4 with "unsupported method". */
export const canSignTypedData = (account: Address) => !noTypedData.has(typedDataKey(account));

/** Records the wallet's answer to a typed-data request: an unsupported method is remembered for the session. */
export function noteTypedDataError(account: Address, err: unknown): boolean {
  if (!isUnsupportedMethod(err)) return false;
  noTypedData.add(typedDataKey(account));
  return true;
}
