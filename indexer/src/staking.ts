/**
 * Claims on Base and staking's events for each user. `claimAndStake` emits the presale's `TokensClaimed` and then
 * staking's `Deposited` in the same transaction: the claim row is marked staked when that deposit follows.
 */
import { ponder } from "ponder:registry";
import { claim, stakingEvent } from "ponder:schema";
import { eventId } from "./ladder";

const lower = (a: string) => a.toLowerCase() as `0x${string}`;

ponder.on("BasePresale:TokensClaimed", async ({ event, context }) => {
  await context.db.insert(claim).values({
    id: eventId(context.chain.id, event.transaction.hash, event.log.logIndex),
    chainId: context.chain.id,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    user: lower(event.args.user),
    amount: event.args.amount,
    staked: false,
  });
});

function row(
  kind: "stake" | "harvest" | "withdrawal",
  chainId: number,
  event: {
    transaction: { hash: `0x${string}` };
    log: { logIndex: number };
    block: { number: bigint; timestamp: bigint };
  },
  user: string,
  amount: bigint,
) {
  return {
    id: eventId(chainId, event.transaction.hash, event.log.logIndex),
    chainId,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    kind,
    user: lower(user),
    amount,
  };
}

ponder.on("Staking:Deposited", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(stakingEvent).values({
    ...row("stake", context.chain.id, event, a.user, a.amount),
    viaPresale: a.viaPresale,
    unlockTime: a.unlockTime,
  });
  // claimAndStake: the presale's TokensClaimed comes right before this deposit (log index - 2 or earlier in the tx).
  if (a.viaPresale) {
    for (let i = event.log.logIndex - 1; i >= 0 && i >= event.log.logIndex - 4; i--) {
      const id = eventId(context.chain.id, event.transaction.hash, i);
      const c = await context.db.find(claim, { id });
      if (c && c.user === lower(a.user)) {
        await context.db.update(claim, { id }).set({ staked: true });
        break;
      }
    }
  }
});

ponder.on("Staking:RewardsHarvested", async ({ event, context }) => {
  await context.db
    .insert(stakingEvent)
    .values(row("harvest", context.chain.id, event, event.args.user, event.args.amount));
});

ponder.on("Staking:Withdrawn", async ({ event, context }) => {
  await context.db
    .insert(stakingEvent)
    .values(row("withdrawal", context.chain.id, event, event.args.user, event.args.amount));
});
