/**
 * Owner commands: one module per command in commands/, run by the shared runner (runner.ts). Each reads the current
 * state, prints what would change, refuses bad input, then sends / dry-runs / writes a Safe batch through
 * scripts/lib/exec.ts. Usage: `npm run admin -- help`.
 */
import { UsageError } from "../lib/cli.js";
import { cardProvider } from "./commands/card-provider.js";
import { closeSale } from "./commands/close-sale.js";
import { flags } from "./commands/flags.js";
import { fundRewards } from "./commands/fund-rewards.js";
import { handover } from "./commands/handover.js";
import { lists } from "./commands/lists.js";
import { pause } from "./commands/pause.js";
import { relay } from "./commands/relay.js";
import { releaseQuota } from "./commands/release-quota.js";
import { setMaxTokens } from "./commands/set-max-tokens.js";
import { setPaymentWallet } from "./commands/set-payment-wallet.js";
import { setRounds } from "./commands/set-rounds.js";
import { setSequencerGrace } from "./commands/set-sequencer-grace.js";
import { setSplits } from "./commands/set-splits.js";
import { setStep } from "./commands/set-step.js";
import { staking } from "./commands/staking.js";
import { openClaim, startClaim } from "./commands/start-claim.js";
import { status } from "./commands/status.js";
import type { AdminEnv } from "./context.js";
import type { Command } from "./runner.js";

/** Every command, in the order of the help text. */
export const COMMANDS: readonly Command[] = [
  status,
  pause,
  setRounds,
  setStep,
  releaseQuota,
  setMaxTokens,
  setSplits,
  setPaymentWallet,
  lists,
  cardProvider,
  closeSale,
  relay,
  startClaim,
  openClaim,
  staking,
  fundRewards,
  flags,
  setSequencerGrace,
  handover,
];

export const HELP = `Owner commands: npm run admin -- <command> --network <name> [--dry-run] [--safe batch.json [--safe-address 0x…]]

${COMMANDS.map((c) => c.usage).join("\n")}

--dry-run simulates every call from the sender and sends nothing; --safe writes a Safe Transaction Builder batch instead
(with --pair: one file per chain, <file>-<network>.json). The ladder commands (set-rounds, set-step) take --pair and
simulate on both chains before sending to either; set-step --chain eth|base moves one chain only.
Exit codes: 0 done, 1 refused or usage error (bad input, unsafe state, or status finding a difference between the
chains that no message in flight explains), 2 a chain is unreachable, 3 unexpected error.`;

export async function runAdmin(argv: string[], env: AdminEnv = {}): Promise<void> {
  const out = env.out ?? ((s: string) => console.log(s));
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help") {
    out(HELP);
    return;
  }
  const command = COMMANDS.find((c) => c.names.includes(name));
  if (command === undefined) throw new UsageError(`unknown command "${name}"\n\n${HELP}`);
  await command.run(name, rest, env, out);
}
