/** `staking`: the staking contract's parameters (Base side); only what differs from the chain is sent (planned by
 * @shaft/owner-actions). */
import { planStaking } from "@shaft/owner-actions";
import type { Staking } from "../../../typechain-types/index.js";
import { UsageError } from "../../lib/cli.js";
import {
  addressOf,
  chainRef,
  needStaking,
  parseBool,
  parseBps,
  parseDuration,
  parseTime,
  parseUint,
} from "../context.js";
import { onNetwork, planCalls } from "../runner.js";

export const staking = onNetwork({
  names: ["staking"],
  usage: [
    "  staking         [--apy 15%|1500] [--lock 30d] [--end-time UNIX|+365d] [--max-deposit TOKENS] [--deposits-locked true|false]",
    "                  [--withdrawals-locked true|false] [--claims-locked true|false]          (Base side)",
  ].join("\n"),
  options: {
    apy: { type: "string" },
    lock: { type: "string" },
    "end-time": { type: "string" },
    "max-deposit": { type: "string" },
    "deposits-locked": { type: "string" },
    "withdrawals-locked": { type: "string" },
    "claims-locked": { type: "string" },
  },
  async run({ v, chain, out, header, execute }) {
    const { staking } = needStaking(chain);
    header(`staking parameters (Staking ${addressOf(staking)})`);
    const locks = [
      parseBool(v["deposits-locked"], "--deposits-locked"),
      parseBool(v["withdrawals-locked"], "--withdrawals-locked"),
      parseBool(v["claims-locked"], "--claims-locked"),
    ] as const;
    const next = {
      apy: v.apy === undefined ? undefined : BigInt(parseBps(v.apy, "--apy")),
      lockTime: v.lock === undefined ? undefined : parseDuration(v.lock, "--lock"),
      endTime: v["end-time"] === undefined ? undefined : await parseTime(v["end-time"], "--end-time", chain.conn),
      maxDepositLimit:
        v["max-deposit"] === undefined
          ? undefined
          : parseUint(v["max-deposit"], "--max-deposit (whole tokens, 0 = no cap)") * 10n ** 18n,
      depositsLocked: locks[0],
      withdrawalsLocked: locks[1],
      claimsLocked: locks[2],
    };
    if (Object.values(next).every((x) => x === undefined)) {
      throw new UsageError(
        "staking needs at least one of --apy --lock --end-time --max-deposit --deposits-locked --withdrawals-locked --claims-locked",
      );
    }
    const plan = planStaking({ chain: chainRef(chain), current: await readStakingSettings(staking), next });
    await execute(planCalls(chain, plan, out), "Staking parameters");
  },
});

/** The staking contract's settings and what is staked (what planStaking compares with). */
async function readStakingSettings(staking: Staking) {
  const [apy, lockTime, endTime, maxDepositLimit, totalStaked, depositsLocked, withdrawalsLocked, claimsLocked] =
    await Promise.all([
      staking.apy(),
      staking.lockTime(),
      staking.endTime(),
      staking.maxDepositLimit(),
      staking.totalStaked(),
      staking.depositsLocked(),
      staking.withdrawalsLocked(),
      staking.claimsLocked(),
    ]);
  return { apy, lockTime, endTime, maxDepositLimit, totalStaked, depositsLocked, withdrawalsLocked, claimsLocked };
}
