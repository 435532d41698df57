/** `staking`: the staking contract's parameters (Base side); only what differs from the chain is sent. */
import { formatUnits } from "ethers";
import { Refusal, UsageError } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import {
  addressOf,
  fmtTime,
  needStaking,
  parseBool,
  parseBps,
  parseDuration,
  parseTime,
  parseUint,
} from "../context.js";
import { call, onNetwork } from "../runner.js";

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
  async run({ v, chain, header, execute }) {
    const { staking } = needStaking(chain);
    header(`staking parameters (Staking ${addressOf(staking)})`);
    const calls: PlannedCall[] = [];
    if (v.apy !== undefined) {
      const bps = parseBps(v.apy, "--apy");
      if (bps > 100_000) throw new Refusal(`--apy ${v.apy} is above 1000% — refusing`);
      const cur = await staking.apy();
      if (cur !== BigInt(bps))
        calls.push(call(staking, "Staking", "setApy", [BigInt(bps)], `APY ${Number(cur) / 100}% → ${bps / 100}%`));
    }
    if (v.lock !== undefined) {
      const lock = parseDuration(v.lock, "--lock");
      const cur = await staking.lockTime();
      if (cur !== lock) calls.push(call(staking, "Staking", "setLockTime", [lock], `lock ${cur}s → ${lock}s`));
    }
    if (v["end-time"] !== undefined) {
      const end = await parseTime(v["end-time"], "--end-time", chain.conn);
      const cur = await staking.endTime();
      if (cur !== end)
        calls.push(call(staking, "Staking", "setEndTime", [end], `end ${fmtTime(cur)} → ${fmtTime(end)}`));
    }
    if (v["max-deposit"] !== undefined) {
      const lim = parseUint(v["max-deposit"], "--max-deposit (whole tokens, 0 = no cap)") * 10n ** 18n;
      const cur = await staking.maxDepositLimit();
      const total = await staking.totalStaked();
      if (lim !== 0n && lim < total)
        throw new Refusal(
          `--max-deposit ${formatUnits(lim, 18)} is below what is already staked (${formatUnits(total, 18)})`,
        );
      if (cur !== lim)
        calls.push(
          call(
            staking,
            "Staking",
            "setMaxDepositLimit",
            [lim],
            `max deposit ${formatUnits(cur, 18)} → ${formatUnits(lim, 18)} tokens`,
          ),
        );
    }
    const flags = [
      parseBool(v["deposits-locked"], "--deposits-locked"),
      parseBool(v["withdrawals-locked"], "--withdrawals-locked"),
      parseBool(v["claims-locked"], "--claims-locked"),
    ] as const;
    if (flags.some((f) => f !== undefined)) {
      const cur = [
        await staking.depositsLocked(),
        await staking.withdrawalsLocked(),
        await staking.claimsLocked(),
      ] as const;
      const next: [boolean, boolean, boolean] = [flags[0] ?? cur[0], flags[1] ?? cur[1], flags[2] ?? cur[2]];
      if (next.some((f, i) => f !== cur[i])) {
        calls.push(
          call(
            staking,
            "Staking",
            "setLocks",
            next,
            `locks (deposits, withdrawals, claims) ${cur.join(",")} → ${next.join(",")}`,
          ),
        );
      }
    }
    if (
      calls.length === 0 &&
      [v.apy, v.lock, v["end-time"], v["max-deposit"], ...flags].every((x) => x === undefined)
    ) {
      throw new UsageError(
        "staking needs at least one of --apy --lock --end-time --max-deposit --deposits-locked --withdrawals-locked --claims-locked",
      );
    }
    await execute(calls, "Staking parameters");
  },
});
