// What the connected wallet can do beyond plain transactions (wallet layer, lazy):
// - atomic batches (EIP-5792 `wallet_getCapabilities` -> `atomic.status`), read once per connector, account and
//   session through TanStack Query and never assumed: a wallet that does not answer has no batching;
// - typed-data signatures (EIP-712, for permits): assumed until the wallet says the method is unsupported;
// - either one, once the wallet answered a request for it as "unavailable" (errors.ts: the method unsupported, or
//   for a batch EIP-5792's 5700-5760, e.g. the user declined the account upgrade), is off for the connector and
//   account for the rest of the session, as if the wallet had never offered it.
import type { Address } from "viem";
import { getCapabilities, getConnection } from "wagmi/actions";
import { queryClient } from "../shared/queryClient.ts";
import { atomicSupport, type CapabilityMap } from "./capabilityRules.ts";
import { wagmiConfig } from "./wagmiConfig.ts";

export { atomicSupport, type AtomicSupport, type CapabilityMap } from "./capabilityRules.ts";

const CAPABILITIES_STALE_MS = 10 * 60_000;
const connectorUid = () => getConnection(wagmiConfig).connector?.uid ?? "none";
const capabilitiesKey = (account: Address) => ["walletCapabilities", connectorUid(), account.toLowerCase()] as const;
/** What the wallet answered as unavailable, per connector and account, for the session. */
const unavailable = { batch: new Set<string>(), typedData: new Set<string>() };
const sessionKey = (account: Address) => `${connectorUid()}:${account.toLowerCase()}`;

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
  if (unavailable.batch.has(sessionKey(account))) return false;
  return atomicSupport(await walletCapabilities(account), chainId) !== "none";
}

/** Called once a wallet is connected: the capabilities are then ready before the first purchase. */
export function prefetchCapabilities(account: Address): void {
  void walletCapabilities(account);
}

/** False once this wallet answered a typed-data request as unavailable. */
export const canSignTypedData = (account: Address) => !unavailable.typedData.has(sessionKey(account));

/** Records that the wallet answered a request of this kind as unavailable: no further batch or permit asks it. */
export function noteUnavailable(account: Address, what: "batch" | "typedData"): void {
  unavailable[what].add(sessionKey(account));
}
