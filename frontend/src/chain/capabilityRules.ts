// Pure rules about what a wallet announced (no wagmi here: unit-tested as is). What it answered: errors.ts.

/** EIP-5792 `atomic.status`: "ready" means the wallet upgrades the account (EIP-7702) in the same prompt. */
export type AtomicSupport = "supported" | "ready" | "none";
/** The capability map as wallet_getCapabilities returns it, keyed by chain id (0 = every chain). */
export type CapabilityMap = Record<number, Record<string, unknown> | undefined>;

/** The atomic-batch support a wallet announced for `chainId` (chain-specific entry over the all-chains one). */
export function atomicSupport(caps: CapabilityMap, chainId: number): AtomicSupport {
  const c = { ...caps[0], ...caps[chainId] } as {
    atomic?: { status?: unknown };
    atomicBatch?: { supported?: unknown };
  };
  const status = c.atomic?.status;
  if (status === "supported" || status === "ready") return status;
  // Wallets on the pre-release draft of EIP-5792 announced `atomicBatch: { supported: true }`.
  if (c.atomicBatch?.supported === true) return "supported";
  return "none";
}
