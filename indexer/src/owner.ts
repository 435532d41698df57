/**
 * Every owner, admin and role event of the presales and staking, kept as emitted (arguments as JSON) with the sender:
 * the console's history of owner actions. A few also set the chain's summary (paused, closed).
 */
import { ponder, type Context } from "ponder:registry";
import { chainState, ownerAction } from "ponder:schema";
import { eventId } from "./ladder";

const PRESALE_EVENTS = [
  "Paused",
  "Unpaused",
  "SaleTimesUpdated",
  "DynamicTimeUpdated",
  "MaxTokensToBuyUpdated",
  "PaymentWalletUpdated",
  "SplitsUpdated",
  "BlacklistUpdated",
  "SanctionsUpdated",
  "PriceFeedUpdated",
  "SequencerGracePeriodUpdated",
  "RemotePresaleSet",
  "RoleGranted",
  "RoleRevoked",
  "DefaultAdminTransferScheduled",
  "DefaultAdminTransferCanceled",
  "DefaultAdminDelayChangeScheduled",
  "DefaultAdminDelayChangeCanceled",
] as const;
// RoundsUpdated, StepSet and EthereumQuotaReleased also move the ladder: src/ladder.ts records them.
const ETHEREUM_EVENTS = [...PRESALE_EVENTS, "SaleFinalized"] as const;
const BASE_EVENTS = [
  ...PRESALE_EVENTS,
  "ClaimStartSet",
  "WhitelistUpdated",
  "ClaimWhitelistOnlyUpdated",
  "CardProviderRestrictionUpdated",
  "StakingUpdated",
] as const;
const STAKING_EVENTS = [
  "ApyUpdated",
  "LockTimeUpdated",
  "EndTimeUpdated",
  "MaxDepositLimitUpdated",
  "PresaleUpdated",
  "LocksUpdated",
  "WithdrawalsLockedUntil",
  "BlacklistUpdated",
  "RewardsFunded",
  "OwnershipTransferStarted",
  "OwnershipTransferred",
] as const;

/** Bigints (and arrays of them) as decimal strings, addresses lowercase: JSON that reads back as it was emitted. */
function jsonArgs(args: unknown): Record<string, unknown> {
  const norm = (v: unknown): unknown =>
    typeof v === "bigint"
      ? v.toString()
      : typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v)
        ? v.toLowerCase()
        : Array.isArray(v)
          ? v.map(norm)
          : v;
  return Object.fromEntries(Object.entries(args as Record<string, unknown>).map(([k, v]) => [k, norm(v)]));
}

export interface AnyEvent {
  args: unknown;
  log: { logIndex: number };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: `0x${string}`; from: `0x${string}` };
}

type Source = "EthereumPresale" | "BasePresale" | "Staking";

export async function recordOwnerAction(
  context: { chain: { id: number }; db: Context["db"] },
  source: Source,
  name: string,
  event: AnyEvent,
) {
  const chainId = context.chain.id;
  await context.db.insert(ownerAction).values({
    id: eventId(chainId, event.transaction.hash, event.log.logIndex),
    chainId,
    contract: source === "Staking" ? "Staking" : "Presale",
    event: name,
    args: jsonArgs(event.args),
    sender: event.transaction.from.toLowerCase() as `0x${string}`,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
}

function register(source: Source, names: readonly string[]) {
  for (const name of names) {
    // The event names come from the ABI, checked by Ponder at start; the handler reads only fields every event has.
    const on = ponder.on.bind(ponder) as unknown as (
      n: string,
      fn: (p: { event: AnyEvent; context: { chain: { id: number }; db: Context["db"] } }) => Promise<void>,
    ) => void;
    on(`${source}:${name}`, async ({ event, context }) => {
      const chainId = context.chain.id;
      await recordOwnerAction(context, source, name, event);
      if (source === "Staking") return;
      if (name === "Paused" || name === "Unpaused")
        await context.db.update(chainState, { chainId }).set({ paused: name === "Paused" });
      if (name === "SaleFinalized" || name === "ClaimStartSet")
        await context.db.update(chainState, { chainId }).set({ closed: true });
    });
  }
}

register("EthereumPresale", ETHEREUM_EVENTS);
register("BasePresale", BASE_EVENTS);
register("Staking", STAKING_EVENTS);
