/**
 * The owner commands' shared runner. Each command (commands/<name>.ts) declares its names, its help text, its own
 * options and a `run`; the runner parses the arguments (the common ones plus the command's), opens the chain(s) the
 * command works on (one --network, or both chains of a --pair for the ladder they share), and hands the command
 * helpers to print its header and to simulate, then send / dry-run / write a Safe batch (scripts/lib/exec.ts).
 */
import type { ParseArgsConfig } from "node:util";
import type { OwnerCall, Plan } from "@shaft/owner-actions";
import { Contract, type BaseContract } from "ethers";
import { parse, UsageError } from "../lib/cli.js";
import { execute, type ExecContext, type ExecResult, type PlannedCall } from "../lib/exec.js";
import { PAIRS, pairNamed } from "../lib/networks.js";
import { addressOf, makeExec, needStaking, openChain, type AdminEnv, type ChainCtx } from "./context.js";

export type Out = (line: string) => void;

/** Options every chain command takes: where, and how the changes leave (sent, --dry-run, or a --safe batch). */
export const COMMON = {
  network: { type: "string" },
  "dry-run": { type: "boolean", default: false },
  safe: { type: "string" },
  "safe-address": { type: "string" },
  from: { type: "string" },
} as const;

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The parsed values of the common options and a command's own (typed from the option declarations). */
export type Values<O extends Options> = ReturnType<typeof parse<typeof COMMON & O>>["values"];

/** What the runner knows about one command: its names on the command line, its help text, how to run it. */
export interface Command {
  names: readonly string[];
  /** The command's lines of `admin help`, as printed. */
  usage: string;
  /** `name`: which of `names` the command was called by; `argv`: the arguments after it. */
  run(name: string, argv: string[], env: AdminEnv, out: Out): Promise<void>;
}

interface Base {
  /** The name the command was called by (e.g. "pause" or "unpause"). */
  command: string;
  env: AdminEnv;
  out: Out;
}

export interface NetworkRun<O extends Options> extends Base {
  v: Values<O>;
  positionals: string[];
  chain: ChainCtx;
  /** Prints "<what> on <network> (chain <id>), Presale <address>". */
  header: (what: string) => void;
  /** The sender and mode of this run (--dry-run, --safe, or send from the deployer). */
  exec: () => Promise<ExecContext>;
  /** Simulates the calls, then sends / dry-runs / writes them as one Safe batch titled `title`. */
  execute: (calls: PlannedCall[], title: string) => Promise<ExecResult>;
}

export interface PairRun<O extends Options> extends Base {
  v: Values<O>;
  /** The Ethereum and the Base chain of the pair, in that order (or the one `--chain` picked). */
  chains: ChainCtx[];
  header: (chain: ChainCtx, what: string) => void;
  /** Simulates every chain's calls, then sends / dry-runs / writes one Safe batch per chain (`<file>-<network>.json`). */
  executePair: (plans: PlannedCall[][], title: string) => Promise<void>;
}

/** The common options' values, read from a command's parsed values. */
function commonValues(v: Record<string, unknown>) {
  const text = (k: string) => (typeof v[k] === "string" ? v[k] : undefined);
  return {
    network: text("network"),
    "dry-run": v["dry-run"] === true,
    safe: text("safe"),
    "safe-address": text("safe-address"),
    from: text("from"),
    pair: text("pair"),
  };
}

function header(out: Out, chain: ChainCtx, what: string) {
  out(`${what} on ${chain.info.name} (chain ${chain.record.chainId}), Presale ${addressOf(chain.presale)}`);
}

/** A command on one chain, chosen with --network. */
export function onNetwork<const O extends Options>(spec: {
  names: readonly string[];
  usage: string;
  options: O;
  run(ctx: NetworkRun<O>): Promise<void>;
}): Command {
  return {
    names: spec.names,
    usage: spec.usage,
    async run(command, argv, env, out) {
      const { values, positionals } = parse(argv, { ...COMMON, ...spec.options });
      const common = commonValues(values);
      const readOnly = common["dry-run"] || common.safe !== undefined;
      const chain = await openChain(common.network, env, readOnly ? "none" : "deployer");
      const exec = () => makeExec(chain, common, out);
      await spec.run({
        command,
        env,
        out,
        v: values,
        positionals,
        chain,
        header: (what) => header(out, chain, what),
        exec,
        execute: async (calls, title) => execute(await exec(), calls, title),
      });
    },
  };
}

/**
 * A command on the ladder both chains of a pair run (the round table, each chain's position): it takes --pair and
 * refuses --network; it plans and simulates on both chains before sending to either. With `oneChain`, `--chain eth`
 * or `--chain base` restricts it to that chain of the pair.
 */
export function onPair<const O extends Options>(spec: {
  names: readonly string[];
  usage: string;
  options: O;
  oneChain?: boolean;
  run(ctx: PairRun<O>): Promise<void>;
}): Command {
  return {
    names: spec.names,
    usage: spec.usage,
    async run(command, argv, env, out) {
      const chainOption = spec.oneChain ? { chain: { type: "string" } } : {};
      const { values } = parse(argv, { ...COMMON, pair: { type: "string" }, ...chainOption, ...spec.options });
      const common = commonValues(values);
      if (common.pair === undefined) {
        throw new UsageError(
          `${command} works on both chains of a pair: give --pair (${Object.keys(PAIRS).join(", ")})${spec.oneChain ? " and --chain eth|base for one of them" : ""}${common.network ? ` (not --network ${common.network})` : ""}`,
        );
      }
      if (common.network !== undefined)
        throw new UsageError(
          `${command}: --pair and --network exclude each other${spec.oneChain ? " (--chain eth|base picks one chain of the pair)" : ""}`,
        );
      const only = (values as { chain?: string }).chain;
      if (only !== undefined && only !== "eth" && only !== "base")
        throw new UsageError(`--chain ${only}: eth or base (one chain of the pair)`);
      const pair = pairNamed(common.pair);
      const signer = common["dry-run"] || common.safe !== undefined ? "none" : "deployer";
      const names = only === undefined ? [pair.eth, pair.base] : [only === "eth" ? pair.eth : pair.base];
      const chains: ChainCtx[] = [];
      for (const name of names) chains.push(await openChain(name, env, signer));
      await spec.run({
        command,
        env,
        out,
        v: values,
        chains,
        header: (chain, what) => header(out, chain, what),
        executePair: async (plans, title) => {
          const execs: ExecContext[] = [];
          for (const chain of chains) {
            const safe = common.safe?.replace(/(\.json)?$/, `-${chain.info.name}.json`);
            execs.push(await makeExec(chain, { ...common, safe }, out));
          }
          if (execs[0].mode.kind === "send") {
            for (const [i, exec] of execs.entries())
              await execute({ ...exec, mode: { kind: "dry-run" }, out: () => {} }, plans[i], title);
          }
          for (const [i, exec] of execs.entries()) {
            out(`${chains[i].info.name}:`);
            await execute(exec, plans[i], title);
          }
        },
      });
    },
  };
}

type MethodArgs<M> = M extends { staticCall(...args: infer A): unknown } ? A : never;

/**
 * A planned call, type-checked against the contract's TypeChain type: `fn` must be one of its functions and
 * `args` that function's arguments, so a renamed or re-typed function fails `npm run typecheck:tooling`.
 */
export function call<C extends BaseContract, F extends string & keyof C>(
  contract: C,
  label: string,
  fn: F,
  args: MethodArgs<C[F]>,
  note: string,
  dependsOnPrevious = false,
): PlannedCall {
  // exec.ts sends through a plain ethers Contract: the same address, ABI and provider.
  const plain = new Contract(addressOf(contract), contract.interface, contract.runner);
  return { contract: plain, label, fn, args, note, dependsOnPrevious };
}

/**
 * A call planned by @shaft/owner-actions, on this chain's contract: its own presale (EthereumPresale or BasePresale,
 * whose ABI has every owner function of its side) or the staking contract.
 */
export function planned(chain: ChainCtx, c: OwnerCall): PlannedCall {
  const contract: BaseContract =
    c.contract === "Staking" ? needStaking(chain).staking : (chain.ethPresale ?? chain.basePresale ?? chain.presale);
  const plain = new Contract(addressOf(contract), contract.interface, contract.runner);
  return { contract: plain, label: c.contract, fn: c.functionName, args: [...c.args], note: c.note };
}

/** Prints a plan's lines (indented under the header) and returns its calls, ready for `execute`. */
export function planCalls(chain: ChainCtx, plan: Plan, out: Out): PlannedCall[] {
  for (const line of plan.lines) out(`  ${line}`);
  return plan.calls.map((c) => planned(chain, c));
}
