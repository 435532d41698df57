/**
 * Owner commands. Each reads the current state, prints what would change, refuses bad input, then sends / dry-runs /
 * writes a Safe batch through scripts/lib/exec.ts. Usage: `npm run admin -- help`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { formatUnits, getAddress, isAddress, ZeroAddress } from "ethers";
import { checkRounds, loadParams, ParamsError, resolveRounds, roundSchema, type ResolvedRound } from "../../deploy/schema.js";
import { parse, Refusal, UsageError } from "../lib/cli.js";
import { execute, fmtArg, type PlannedCall } from "../lib/exec.js";
import { NETWORKS, PAIRS, pairNamed, pairOf, ROOT } from "../lib/networks.js";
import { claimReadiness, pendingRelays } from "./crosschain.js";
import { status } from "./status.js";
import {
  fmtTime,
  makeExec,
  openChain,
  parseAddress,
  parseBool,
  parseBps,
  parseDuration,
  parseTime,
  parseUint,
  type AdminEnv,
  type ChainCtx,
} from "./context.js";

const COMMON = {
  network: { type: "string" },
  "dry-run": { type: "boolean", default: false },
  safe: { type: "string" },
  "safe-address": { type: "string" },
  from: { type: "string" },
} as const;

export const HELP = `Owner commands: npm run admin -- <command> --network <name> [--dry-run] [--safe batch.json [--safe-address 0x…]]

  status          [--pair local|testnet|mainnet | --network X]   state of both chains in one table
  pause | unpause
  set-rounds      --pair P --file rounds.json   (both chains; array of {cap, price, endTime}, or a deploy/params file; times absolute or "+3d" from now)
  set-step        --pair P --step N --checkpoint TOKENS   (both chains)
  set-max-tokens  --amount TOKENS
  set-splits      --split 0xWallet:10% [--split …] [--payment-wallet 0x…] | --clear
  set-payment-wallet --address 0x…
  whitelist add|remove  --csv list.csv [--batch 200] [--progress file] [--restart]
  blacklist add|remove  --csv list.csv [--batch 200] [--progress file] [--restart]
  card-provider allow|deny --address 0x… [--address 0x…]
  close-sale      (Ethereum side; final: purchases there stop for good and the final report goes to Base through the bridge;
                  the owner at any time, anyone after the end time)
  relay           [--user 0x… …] [--batch 50]   (Ethereum side; anyone: sends buyers' deposits to Base through the bridge;
                  default: every buyer whose deposit is not on Base yet)
  start-claim     --at now|+1h|UNIX [--eth-network X] [--skip-remote-check]   (again: moves a future start earlier)
                  (Base side; checks the order first: Ethereum closed, final report delivered, every deposit relayed, funding)
  staking         [--apy 15%|1500] [--lock 30d] [--end-time UNIX|+365d] [--max-deposit TOKENS] [--deposits-locked true|false]
                  [--withdrawals-locked true|false] [--claims-locked true|false]          (Base side)
  fund-rewards    --amount TOKENS                                                         (Base side)
  flags           [--sanctions on|off [--sanctions-oracle 0x…]] [--claim-whitelist-only on|off] [--card-provider-restricted on|off]
  set-sequencer-grace --seconds N                                                         (Base side)
  handover        --to 0xSafe     (starts the admin transfer of Presale and the ownership transfer of Staking)

--dry-run simulates every call from the sender and sends nothing; --safe writes a Safe Transaction Builder batch instead
(with --pair: one file per chain, <file>-<network>.json). Commands that move the ladder (set-rounds, set-step) take
--pair and simulate on both chains before sending to either.
Exit codes: 0 done, 1 refused or usage error (bad input, unsafe state, or status finding the two ladders differ),
2 a chain is unreachable, 3 unexpected error.`;

export async function runAdmin(argv: string[], env: AdminEnv = {}): Promise<void> {
  const out = env.out ?? ((s: string) => console.log(s));
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
      out(HELP);
      return;
    case "status":
      return status(rest, env, out);
    case "pause":
    case "unpause":
      return pause(command === "pause", rest, env, out);
    case "set-rounds":
      return setRounds(rest, env, out);
    case "set-step":
      return setStep(rest, env, out);
    case "set-max-tokens":
      return setMaxTokens(rest, env, out);
    case "set-splits":
      return setSplits(rest, env, out);
    case "set-payment-wallet":
      return setPaymentWallet(rest, env, out);
    case "whitelist":
    case "blacklist":
      return lists(command, rest, env, out);
    case "card-provider":
      return cardProvider(rest, env, out);
    case "start-claim":
      return startClaim(rest, env, out);
    case "close-sale":
      return closeSale(rest, env, out);
    case "relay":
      return relay(rest, env, out);
    case "staking":
      return stakingParams(rest, env, out);
    case "fund-rewards":
      return fundRewards(rest, env, out);
    case "handover":
      return handover(rest, env, out);
    case "flags":
      return flags(rest, env, out);
    case "set-sequencer-grace":
      return sequencerGrace(rest, env, out);
    default:
      throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
  }
}

type Out = (s: string) => void;

async function open(rest: string[], extra: Record<string, any>, env: AdminEnv) {
  const { values, positionals } = parse(rest, { ...COMMON, ...extra });
  const v = values as Record<string, any>;
  const readOnly = v["dry-run"] || v.safe !== undefined;
  const chain = await openChain(v.network, env, readOnly ? "none" : "deployer");
  return { v, positionals, chain };
}

function header(out: Out, chain: ChainCtx, what: string) {
  out(`${what} on ${chain.info.name} (chain ${chain.record.chainId}), Presale ${chain.presale.target}`);
}

function call(c: ChainCtx["presale"], label: string, fn: string, args: unknown[], note: string, dependsOnPrevious = false): PlannedCall {
  return { contract: c, label, fn, args, note, dependsOnPrevious };
}

// ------------------------------------------------------------------ pause / unpause

async function pause(on: boolean, rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, {}, env);
  header(out, chain, on ? "pause" : "unpause");
  const paused: boolean = await chain.presale.paused();
  const calls = paused === on ? [] : [call(chain.presale, "Presale", on ? "pause" : "unpause", [], `paused: ${paused} → ${on}`)];
  if (paused === on) out(`already ${on ? "paused" : "unpaused"}.`);
  await execute(await makeExec(chain, v, out), calls, on ? "Pause presale" : "Unpause presale");
}

// ------------------------------------------------------------------ rounds, step, max tokens

export function readRoundsFile(file: string, now: number): ResolvedRound[] {
  if (!fs.existsSync(file)) throw new Refusal(`--file ${file}: no such file`);
  let raw: any;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Refusal(`--file ${file}: not JSON (${(e as Error).message})`);
  }
  let rounds: unknown[];
  let anchor = now;
  if (Array.isArray(raw)) rounds = raw;
  else if (Array.isArray(raw?.rounds)) {
    rounds = raw.rounds;
    if (typeof raw.anchor === "number") anchor = raw.anchor;
  } else if (raw?.sale?.rounds) {
    rounds = loadParams(file).sale.rounds;
    if (typeof raw.sale.anchor === "number") anchor = raw.sale.anchor;
  } else throw new Refusal(`--file ${file}: expected an array of rounds, {rounds: [...]}, or a deploy/params file`);
  const parsed = rounds.map((r, i) => {
    const p = roundSchema.safeParse(r);
    if (!p.success) throw new Refusal(`--file ${file}: round ${i + 1}: ${p.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
    return p.data;
  });
  try {
    return resolveRounds(parsed, anchor);
  } catch (e) {
    throw new Refusal((e as ParamsError).message);
  }
}

// The round table, the current step and the checkpoint are one ladder shared by both chains of a pair: the
// commands that move it plan and simulate on both chains before sending to either, and refuse a single --network.

async function openLadderPair(command: string, rest: string[], extra: Record<string, any>, env: AdminEnv) {
  const { values } = parse(rest, { ...COMMON, pair: { type: "string" }, ...extra });
  const v = values as Record<string, any>;
  if (v.pair === undefined) {
    throw new UsageError(`${command} moves the ladder both chains share: give --pair (${Object.keys(PAIRS).join(", ")}) so both chains change together${v.network ? ` (not --network ${v.network})` : ""}`);
  }
  if (v.network !== undefined) throw new UsageError(`${command}: --pair and --network exclude each other`);
  const pair = pairNamed(v.pair);
  const readOnly = v["dry-run"] || v.safe !== undefined;
  const chains = [await openChain(pair.eth, env, readOnly ? "none" : "deployer"), await openChain(pair.base, env, readOnly ? "none" : "deployer")];
  return { v, chains };
}

/** Simulates every chain's calls, then sends / dry-runs / writes one Safe batch per chain (`<file>-<network>.json`). */
async function executePair(chains: ChainCtx[], plans: PlannedCall[][], v: Record<string, any>, out: Out, title: string) {
  const execs = [];
  for (const chain of chains) {
    const safe = v.safe === undefined ? undefined : (v.safe as string).replace(/(\.json)?$/, `-${chain.info.name}.json`);
    execs.push(await makeExec(chain, { ...v, safe }, out));
  }
  if (execs[0]!.mode.kind === "send") {
    for (const [i, exec] of execs.entries()) await execute({ ...exec, mode: { kind: "dry-run" }, out: () => {} }, plans[i]!, title);
  }
  for (const [i, exec] of execs.entries()) {
    out(`${chains[i]!.info.name}:`);
    await execute(exec, plans[i]!, title);
  }
}

type Ladder = { rounds: ResolvedRound[]; step: number; checkPoint: bigint; sold: bigint };

async function readLadder(chain: ChainCtx): Promise<Ladder> {
  const rounds: ResolvedRound[] = (await chain.presale.rounds()).map((r: any) => ({ cap: r.cap, price: r.price, endTime: r.endTime }));
  return { rounds, step: Number(await chain.presale.currentStep()), checkPoint: await chain.presale.checkPoint(), sold: await chain.presale.totalTokensSold() };
}

const sameRounds = (a: ResolvedRound[], b: ResolvedRound[]) => a.length === b.length && a.every((r, i) => r.cap === b[i]!.cap && r.price === b[i]!.price && r.endTime === b[i]!.endTime);

async function setRounds(rest: string[], env: AdminEnv, out: Out) {
  const { v, chains } = await openLadderPair("set-rounds", rest, { file: { type: "string" } }, env);
  if (v.file === undefined) throw new UsageError("set-rounds needs --file");
  // One clock for relative times, so both chains get the identical table.
  const now = Number((await chains[0]!.conn.ethers.provider.getBlock("latest"))!.timestamp);
  const next = readRoundsFile(v.file, now);
  checkRounds(next);
  if (next[next.length - 1]!.endTime <= BigInt(now)) throw new Refusal("every round of the new table has already ended");
  const plans: PlannedCall[][] = [];
  for (const chain of chains) {
    header(out, chain, "set rounds");
    const { rounds: current, step, checkPoint } = await readLadder(chain);
    out(`  current step ${step + 1}, checkpoint ${checkPoint} tokens`);
    out("  round | cap (current → new) | price USD (current → new) | end (current → new)");
    for (let i = 0; i < Math.max(current.length, next.length); i++) {
      const a = current[i];
      const b = next[i];
      const f = (x: ResolvedRound | undefined, k: "cap" | "price" | "endTime") =>
        x === undefined ? "-" : k === "price" ? formatUnits(x.price, 18) : k === "endTime" ? new Date(Number(x.endTime) * 1000).toISOString().slice(0, 16) : x.cap.toString();
      out(`  ${String(i + 1).padStart(5)} | ${f(a, "cap")} → ${f(b, "cap")} | ${f(a, "price")} → ${f(b, "price")} | ${f(a, "endTime")} → ${f(b, "endTime")}`);
    }
    const same = sameRounds(current, next);
    // The contract requires the current position to stay inside the current round of the new table.
    if (!same && (step >= next.length || checkPoint >= next[step]!.cap || (step > 0 && checkPoint < next[step - 1]!.cap))) {
      throw new Refusal(`${chain.info.name}: the new table does not keep checkpoint ${checkPoint} inside round ${step + 1}; adjust the caps (or set-step --pair first); nothing sent`);
    }
    plans.push(same ? [] : [call(chain.presale, "Presale", "setRounds", [next.map((r) => r.cap), next.map((r) => r.price), next.map((r) => r.endTime)], `${next.length} rounds`)]);
  }
  await executePair(chains, plans, v, out, "Set presale rounds");
}

async function setStep(rest: string[], env: AdminEnv, out: Out) {
  const { v, chains } = await openLadderPair("set-step", rest, { step: { type: "string" }, checkpoint: { type: "string" } }, env);
  const step1 = Number(parseUint(v.step, "--step (1-based round number)"));
  const cp = parseUint(v.checkpoint, "--checkpoint (whole tokens)");
  const ladders = await Promise.all(chains.map(readLadder));
  if (!sameRounds(ladders[0]!.rounds, ladders[1]!.rounds)) {
    throw new Refusal(`the round tables of ${chains[0]!.info.name} and ${chains[1]!.info.name} differ (see admin status): set the same table on both with set-rounds --pair first; nothing sent`);
  }
  const rounds = ladders[0]!.rounds;
  if (step1 < 1 || step1 > rounds.length) throw new Refusal(`--step ${step1}: there are ${rounds.length} rounds (1..${rounds.length})`);
  const idx = step1 - 1;
  const lo: bigint = idx === 0 ? 0n : rounds[idx - 1]!.cap;
  const hi: bigint = rounds[idx]!.cap;
  if (cp < lo || cp >= hi) throw new Refusal(`--checkpoint ${cp} is outside round ${step1} [${lo}, ${hi})`);
  const plans: PlannedCall[][] = [];
  for (const [i, chain] of chains.entries()) {
    const { step, checkPoint, sold } = ladders[i]!;
    if (cp < sold) throw new Refusal(`--checkpoint ${cp} is below the tokens already sold on ${chain.info.name} (${sold}); nothing sent`);
    header(out, chain, "set step/checkpoint");
    plans.push(step === idx && checkPoint === cp ? [] : [call(chain.presale, "Presale", "setCurrentStep", [BigInt(idx), cp], `round ${step + 1} @ ${checkPoint} → round ${step1} @ ${cp}`)]);
  }
  await executePair(chains, plans, v, out, "Set presale step");
}

async function setMaxTokens(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { amount: { type: "string" } }, env);
  const amount = parseUint(v.amount, "--amount (whole tokens)");
  if (amount === 0n) throw new Refusal("--amount must be positive");
  const rounds: any[] = await chain.presale.rounds();
  const ladder: bigint = rounds[rounds.length - 1].cap;
  if (amount > ladder) throw new Refusal(`--amount ${amount} exceeds the whole ladder (${ladder})`);
  header(out, chain, "set max tokens per purchase");
  const cur: bigint = await chain.presale.maxTokensToBuy();
  const calls = cur === amount ? [] : [call(chain.presale, "Presale", "setMaxTokensToBuy", [amount], `${cur} → ${amount}`)];
  await execute(await makeExec(chain, v, out), calls, "Set max tokens per purchase");
}

// ------------------------------------------------------------------ splits and payment wallet

export function parseSplit(s: string): { wallet: string; bps: number } {
  const i = s.lastIndexOf(":");
  if (i < 0) throw new Refusal(`--split "${s}": expected 0xWallet:10% or 0xWallet:1000 (basis points)`);
  const wallet = parseAddress(s.slice(0, i), `--split "${s}"`);
  const bps = parseBps(s.slice(i + 1), `--split "${s}"`);
  if (bps <= 0 || bps > 10_000) throw new Refusal(`--split "${s}": share must be between 0.01% and 100%`);
  return { wallet, bps };
}

async function setSplits(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { split: { type: "string", multiple: true }, "payment-wallet": { type: "string" }, clear: { type: "boolean", default: false } }, env);
  const splits = ((v.split ?? []) as string[]).map(parseSplit);
  if (splits.length === 0 && !v.clear && v["payment-wallet"] === undefined) throw new UsageError("set-splits needs --split (one or more), --clear, or --payment-wallet");
  if (splits.length > 0 && v.clear) throw new UsageError("--clear and --split exclude each other");
  const total = splits.reduce((s, x) => s + x.bps, 0);
  if (total > 10_000) throw new Refusal(`splits add up to ${total / 100}% — more than 100%`);
  const dup = splits.find((s, i) => splits.findIndex((t) => t.wallet === s.wallet) !== i);
  if (dup) throw new Refusal(`wallet ${dup.wallet} appears twice`);
  header(out, chain, "set splits / payment wallet");
  const calls: PlannedCall[] = [];
  const cur: { wallet: string; bps: bigint }[] = (await chain.presale.splits()).map((s: any) => ({ wallet: s.wallet, bps: s.bps }));
  const fmt = (l: { wallet: string; bps: bigint | number }[]) => (l.length === 0 ? "(none)" : l.map((s) => `${s.wallet}:${Number(s.bps) / 100}%`).join(", "));
  if (v.clear || splits.length > 0) {
    const same = cur.length === splits.length && cur.every((s, i) => s.wallet === splits[i].wallet && Number(s.bps) === splits[i].bps);
    if (!same) {
      calls.push(call(chain.presale, "Presale", "setSplits", [splits.map((s) => s.wallet), splits.map((s) => BigInt(s.bps))], `${fmt(cur)} → ${fmt(splits)}; payment wallet gets the remaining ${(10_000 - total) / 100}%`));
    }
  }
  if (v["payment-wallet"] !== undefined) {
    const pw = parseAddress(v["payment-wallet"], "--payment-wallet");
    const curPw: string = await chain.presale.paymentWallet();
    if (curPw !== pw) calls.push(call(chain.presale, "Presale", "setPaymentWallet", [pw], `${curPw} → ${pw}`));
  }
  await execute(await makeExec(chain, v, out), calls, "Set splits");
}

async function setPaymentWallet(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { address: { type: "string" } }, env);
  const pw = parseAddress(v.address, "--address");
  header(out, chain, "set payment wallet");
  const curPw: string = await chain.presale.paymentWallet();
  const calls = curPw === pw ? [] : [call(chain.presale, "Presale", "setPaymentWallet", [pw], `${curPw} → ${pw}`)];
  await execute(await makeExec(chain, v, out), calls, "Set payment wallet");
}

// ------------------------------------------------------------------ whitelist / blacklist from CSV

/** Reads addresses from the first column of a CSV (header, blank and # lines skipped). Refuses on any bad line. */
export function readAddressCsv(file: string): string[] {
  if (!fs.existsSync(file)) throw new Refusal(`--csv ${file}: no such file`);
  const bad: string[] = [];
  const seen = new Set<string>();
  const list: string[] = [];
  fs.readFileSync(file, "utf8")
    .split(/\r?\n/)
    .forEach((line, i) => {
      const cell = line.split(/[,;\t]/)[0].trim().replace(/^"|"$/g, "");
      if (cell === "" || cell.startsWith("#") || (i === 0 && !cell.startsWith("0x"))) return;
      if (!isAddress(cell) || getAddress(cell) === ZeroAddress) {
        bad.push(`line ${i + 1}: "${cell}"`);
        return;
      }
      const a = getAddress(cell);
      if (!seen.has(a)) {
        seen.add(a);
        list.push(a);
      }
    });
  if (bad.length > 0) throw new Refusal(`--csv ${file}: ${bad.length} invalid address(es), nothing sent:\n  ${bad.slice(0, 20).join("\n  ")}`);
  if (list.length === 0) throw new Refusal(`--csv ${file}: no addresses`);
  return list;
}

interface Progress {
  key: string;
  file: string;
  total: number;
  batches: number;
  done: number;
  txs: string[];
}

async function lists(which: "whitelist" | "blacklist", rest: string[], env: AdminEnv, out: Out) {
  const { v, positionals, chain } = await open(rest, { csv: { type: "string" }, batch: { type: "string" }, progress: { type: "string" }, restart: { type: "boolean", default: false } }, env);
  const action = positionals[0];
  if (action !== "add" && action !== "remove") throw new UsageError(`${which} needs "add" or "remove"`);
  if (v.csv === undefined) throw new UsageError(`${which} ${action} needs --csv`);
  const batchSize = v.batch === undefined ? 200 : Number(parseUint(v.batch, "--batch"));
  if (batchSize < 1 || batchSize > 1000) throw new Refusal("--batch must be 1..1000");
  const addresses = readAddressCsv(v.csv);
  const want = action === "add";
  const fn = which === "whitelist" ? "setWhitelist" : "setBlacklist";
  const view = which === "whitelist" ? "isWhitelisted" : "isBlacklisted";
  const batches: string[][] = [];
  for (let i = 0; i < addresses.length; i += batchSize) batches.push(addresses.slice(i, i + batchSize));
  header(out, chain, `${which} ${action} (${addresses.length} addresses, ${batches.length} batch(es) of ≤${batchSize})`);
  const exec = await makeExec(chain, v, out);

  // Progress file: which batches of this exact CSV / action / presale are already done (resume after a crash).
  const digest = crypto.createHash("sha256").update(JSON.stringify([chain.record.chainId, String(chain.presale.target), which, action, batchSize, addresses])).digest("hex").slice(0, 16);
  const progressFile = v.progress ?? path.join(env.progressDir ?? path.join(ROOT, ".local/progress"), `${chain.info.name}-${which}-${action}-${digest}.json`);
  let progress: Progress = { key: digest, file: v.csv, total: addresses.length, batches: batches.length, done: 0, txs: [] };
  if (exec.mode.kind === "send" && !v.restart && fs.existsSync(progressFile)) {
    const saved = JSON.parse(fs.readFileSync(progressFile, "utf8")) as Progress;
    if (saved.key === digest) {
      progress = saved;
      if (progress.done > 0) out(`resuming: ${progress.done}/${batches.length} batch(es) already done (${progressFile})`);
    }
  }
  const pending = async (batch: string[]) => {
    const states = await Promise.all(batch.map((a) => chain.presale.getFunction(view)(a) as Promise<boolean>));
    return batch.filter((_, i) => states[i] !== want);
  };
  if (exec.mode.kind !== "send") {
    const calls: PlannedCall[] = [];
    let changes = 0;
    for (const b of batches) {
      const p = await pending(b);
      changes += p.length;
      if (p.length > 0) calls.push(call(chain.presale, "Presale", fn, [p, want], `${p.length} address(es) → ${want}`));
    }
    out(`${changes} of ${addresses.length} address(es) would change.`);
    await execute(exec, calls, `${which} ${action}`);
    return;
  }
  for (let i = progress.done; i < batches.length; i++) {
    const p = await pending(batches[i]);
    out(`batch ${i + 1}/${batches.length}: ${p.length} of ${batches[i].length} need a change`);
    if (p.length > 0) {
      const res = await execute(exec, [call(chain.presale, "Presale", fn, [p, want], `${p.length} address(es) → ${want}`)], `${which} ${action}`);
      progress.txs.push(...res.sent);
    }
    progress.done = i + 1;
    fs.mkdirSync(path.dirname(progressFile), { recursive: true });
    fs.writeFileSync(progressFile, JSON.stringify(progress, null, 2) + "\n");
    env.onBatchDone?.(i);
  }
  out(`done: ${batches.length} batch(es); progress in ${path.relative(process.cwd(), progressFile)}`);
}

// ------------------------------------------------------------------ card providers

async function cardProvider(rest: string[], env: AdminEnv, out: Out) {
  const { v, positionals, chain } = await open(rest, { address: { type: "string", multiple: true } }, env);
  const action = positionals[0];
  if (action !== "allow" && action !== "deny") throw new UsageError('card-provider needs "allow" or "deny"');
  const addrs = ((v.address ?? []) as string[]).map((a) => parseAddress(a, "--address"));
  if (addrs.length === 0) throw new UsageError("card-provider needs --address");
  const role: string = await chain.presale.CARD_PROVIDER_ROLE();
  header(out, chain, `card provider ${action}`);
  const calls: PlannedCall[] = [];
  for (const a of addrs) {
    const has: boolean = await chain.presale.hasRole(role, a);
    if (action === "deny" && !has) throw new Refusal(`unknown address: ${a} is not a card provider on ${chain.info.name}`);
    if (action === "allow" && has) {
      out(`  ${a} is already a card provider`);
      continue;
    }
    if (action === "allow") calls.push(call(chain.presale, "Presale", "grantRole", [role, a], `allow ${a} to buy for users (CARD_PROVIDER_ROLE)`));
    else calls.push(call(chain.presale, "Presale", "revokeRole", [role, a], `deny ${a} (revoke CARD_PROVIDER_ROLE)`));
  }
  await execute(await makeExec(chain, v, out), calls, `Card provider ${action}`);
}

// ------------------------------------------------------------------ claim

async function startClaim(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { at: { type: "string" }, "eth-network": { type: "string" }, "skip-remote-check": { type: "boolean", default: false } }, env);
  if (chain.info.role !== "base" || chain.saleToken === undefined) throw new Refusal(`${chain.info.name} is not the claim chain: claims start on the Base side`);
  const at = await parseTime(v.at ?? "now", "--at", chain.conn);
  const current: bigint = await chain.presale.claimStart();
  if (current !== 0n) {
    // Set already (every Ethereum deposit was on Base then): it can only move earlier, until it passes.
    const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
    if (now >= current) throw new Refusal(`claim already started at ${fmtTime(current)}`);
    if (at >= current) throw new Refusal(`the claim start is set to ${fmtTime(current)}; it can only be moved earlier (--at before it)`);
    header(out, chain, `move the claim start earlier: ${fmtTime(current)} → ${fmtTime(at)}`);
    await execute(await makeExec(chain, v, out), [call(chain.presale, "Presale", "startClaim", [at], `claims open at ${fmtTime(at)} instead of ${fmtTime(current)}`)], "Move claim start");
    return;
  }
  header(out, chain, `start claim at ${fmtTime(at)}`);

  // 1. The order on both chains: Ethereum closed, its final report on Base, every Ethereum deposit relayed.
  //    (The contract refuses otherwise; this says what is missing and what to run.)
  const imported: bigint = await chain.presale.totalRemoteDepositsImported();
  if (!v["skip-remote-check"]) {
    const eth = await openChain(v["eth-network"] ?? pairOf(chain.info.name).eth, env, "none");
    const ready = await claimReadiness(eth, chain);
    out(`  Ethereum sale ${ready.ethClosed ? "closed" : "open"}; final report on Base: ${ready.finalReportDelivered ? "yes" : "no"}; Ethereum deposits on Base ${formatUnits(imported, 18)} tokens, ${ready.pending.length} buyer(s) not relayed`);
    if (ready.missing.length > 0) throw new Refusal(`the claim cannot start yet:\n  - ${ready.missing.join("\n  - ")}`);
  } else out("  (cross-chain checks skipped on request; the contract still refuses a claim start before Ethereum is closed and relayed)");

  // 2. Funding: the presale must hold every sold, undelivered token (the contract computes it; we show the figures).
  const balance: bigint = await chain.saleToken.balanceOf(chain.presale.target);
  const localSold: bigint = await chain.presale.localTokensSold();
  const staked: bigint = await chain.presale.stakedDuringSale().catch(() => 0n);
  const owed = (localSold * 10n ** 18n) + imported - staked;
  out(`  presale holds ${formatUnits(balance, 18)} SHAFT; sold and not yet delivered ≈ ${formatUnits(owed, 18)}`);
  if (balance < owed) throw new Refusal(`presale underfunded: holds ${formatUnits(balance, 18)}, needs ${formatUnits(owed, 18)} — transfer ${formatUnits(owed - balance, 18)} SHAFT to ${chain.presale.target} first`);
  await execute(await makeExec(chain, v, out), [call(chain.presale, "Presale", "startClaim", [at], `claims open at ${fmtTime(at)}`)], "Start claim");
}

/** Ethereum side: ends the sale there for good; the contract sends the final report to Base through the bridge. */
async function closeSale(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, {}, env);
  if (chain.info.role !== "eth") throw new Refusal(`${chain.info.name} is the Base side: close-sale ends the Ethereum sale (Base's sale ends with start-claim)`);
  header(out, chain, "close the Ethereum sale");
  if (await chain.presale.saleClosed()) throw new Refusal(`the Ethereum sale is already closed (final); its final report went to Base through the bridge`);
  const end: bigint = await chain.presale.endTime();
  const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
  out(now >= end ? `  end time ${fmtTime(end)} has passed: anyone may close` : `  end time ${fmtTime(end)} not reached: only the owner may close now`);
  out("  after this, every purchase on Ethereum reverts (SaleClosed) for good; Base learns the final total within minutes");
  await execute(await makeExec(chain, v, out), [call(chain.presale, "Presale", "closeSale", [], "sale closed for good; final report sent to Base")], "Close Ethereum sale");
}

/** Ethereum side, anyone: relays buyers' cumulative deposits to Base through the bridge. */
async function relay(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { user: { type: "string", multiple: true }, batch: { type: "string" }, "base-network": { type: "string" } }, env);
  if (chain.info.role !== "eth") throw new Refusal(`${chain.info.name} is the Base side: deposits are relayed from the Ethereum side (--network ${pairOf(chain.info.name).eth})`);
  const batchSize = v.batch === undefined ? 50 : Number(parseUint(v.batch, "--batch"));
  if (batchSize < 1 || batchSize > 200) throw new Refusal("--batch must be 1..200");
  header(out, chain, "relay Ethereum deposits to Base");
  let users: string[];
  if (v.user !== undefined) {
    users = (v.user as string[]).map((u) => parseAddress(u, "--user"));
    const zero = [];
    for (const u of users) if (((await chain.presale.userDeposits(u)) as bigint) === 0n) zero.push(u);
    if (zero.length > 0) throw new Refusal(`no deposit on ${chain.info.name} for ${zero.join(", ")}: nothing to relay`);
  } else {
    const base = await openChain(v["base-network"] ?? pairOf(chain.info.name).base, env, "none");
    const pending = await pendingRelays(chain, base);
    users = pending.map((p) => p.user);
    out(`  ${pending.length} buyer(s) whose deposit is not on Base yet${pending.length > 0 ? `: ${formatUnits(pending.reduce((a, p) => a + p.deposit - p.imported, 0n), 18)} tokens` : ""}`);
    if (users.length === 0) out("  nothing to relay (a message already sent may still be on its way: the bridge takes minutes).");
  }
  const calls: PlannedCall[] = [];
  for (let i = 0; i < users.length; i += batchSize) {
    const batch = users.slice(i, i + batchSize);
    calls.push(call(chain.presale, "Presale", "relay", [batch], `${batch.length} buyer(s)' cumulative deposits → Base (arrive within minutes)`));
  }
  await execute(await makeExec(chain, v, out), calls, "Relay Ethereum deposits");
}

// ------------------------------------------------------------------ staking

function needStaking(chain: ChainCtx) {
  if (chain.staking === undefined || chain.saleToken === undefined) throw new Refusal(`no staking on ${chain.info.name} (chain ${chain.record.chainId}): staking lives on the Base side`);
  return { staking: chain.staking, token: chain.saleToken };
}

async function stakingParams(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(
    rest,
    {
      apy: { type: "string" },
      lock: { type: "string" },
      "end-time": { type: "string" },
      "max-deposit": { type: "string" },
      "deposits-locked": { type: "string" },
      "withdrawals-locked": { type: "string" },
      "claims-locked": { type: "string" },
    },
    env,
  );
  const { staking } = needStaking(chain);
  header(out, chain, `staking parameters (Staking ${staking.target})`);
  const calls: PlannedCall[] = [];
  if (v.apy !== undefined) {
    const bps = parseBps(v.apy, "--apy");
    if (bps > 100_000) throw new Refusal(`--apy ${v.apy} is above 1000% — refusing`);
    const cur: bigint = await staking.apy();
    if (cur !== BigInt(bps)) calls.push(call(staking, "Staking", "setApy", [BigInt(bps)], `APY ${Number(cur) / 100}% → ${bps / 100}%`));
  }
  if (v.lock !== undefined) {
    const lock = parseDuration(v.lock, "--lock");
    const cur: bigint = await staking.lockTime();
    if (cur !== lock) calls.push(call(staking, "Staking", "setLockTime", [lock], `lock ${cur}s → ${lock}s`));
  }
  if (v["end-time"] !== undefined) {
    const end = await parseTime(v["end-time"], "--end-time", chain.conn);
    const cur: bigint = await staking.endTime();
    if (cur !== end) calls.push(call(staking, "Staking", "setEndTime", [end], `end ${fmtTime(cur)} → ${fmtTime(end)}`));
  }
  if (v["max-deposit"] !== undefined) {
    const lim = parseUint(v["max-deposit"], "--max-deposit (whole tokens, 0 = no cap)") * 10n ** 18n;
    const cur: bigint = await staking.maxDepositLimit();
    const total: bigint = await staking.totalStaked();
    if (lim !== 0n && lim < total) throw new Refusal(`--max-deposit ${formatUnits(lim, 18)} is below what is already staked (${formatUnits(total, 18)})`);
    if (cur !== lim) calls.push(call(staking, "Staking", "setMaxDepositLimit", [lim], `max deposit ${formatUnits(cur, 18)} → ${formatUnits(lim, 18)} tokens`));
  }
  const flags = [parseBool(v["deposits-locked"], "--deposits-locked"), parseBool(v["withdrawals-locked"], "--withdrawals-locked"), parseBool(v["claims-locked"], "--claims-locked")];
  if (flags.some((f) => f !== undefined)) {
    const cur = [await staking.depositsLocked(), await staking.withdrawalsLocked(), await staking.claimsLocked()] as boolean[];
    const next = flags.map((f, i) => f ?? cur[i]);
    if (next.some((f, i) => f !== cur[i])) calls.push(call(staking, "Staking", "setLocks", next, `locks (deposits, withdrawals, claims) ${cur.join(",")} → ${next.join(",")}`));
  }
  if (calls.length === 0 && [v.apy, v.lock, v["end-time"], v["max-deposit"], ...flags].every((x) => x === undefined)) throw new UsageError("staking needs at least one of --apy --lock --end-time --max-deposit --deposits-locked --withdrawals-locked --claims-locked");
  await execute(await makeExec(chain, v, out), calls, "Staking parameters");
}

async function fundRewards(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { amount: { type: "string" } }, env);
  const { staking, token } = needStaking(chain);
  const amount = parseUint(v.amount, "--amount (whole tokens)") * 10n ** 18n;
  if (amount === 0n) throw new Refusal("--amount must be positive");
  const exec = await makeExec(chain, v, out);
  const bal: bigint = await token.balanceOf(exec.from);
  header(out, chain, `fund staking rewards with ${formatUnits(amount, 18)} SHAFT`);
  if (bal < amount) throw new Refusal(`${exec.from} holds ${formatUnits(bal, 18)} SHAFT, less than ${formatUnits(amount, 18)}`);
  out(`  reward reserve now ${formatUnits(await staking.rewardReserve(), 18)} SHAFT`);
  await execute(
    exec,
    [
      call(token, "SaleToken", "approve", [staking.target, amount], `allow Staking to pull ${formatUnits(amount, 18)}`),
      call(staking, "Staking", "fundRewards", [amount], `reserve += ${formatUnits(amount, 18)}`, true),
    ],
    "Fund staking rewards",
  );
}

// ------------------------------------------------------------------ flags and oracle settings

async function flags(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(
    rest,
    { sanctions: { type: "string" }, "sanctions-oracle": { type: "string" }, "claim-whitelist-only": { type: "string" }, "card-provider-restricted": { type: "string" } },
    env,
  );
  const [sanctions, claimWl, cardRestricted] = (await chain.presale.flags()) as [boolean, boolean, boolean];
  const oracle: string = await chain.presale.sanctionsList();
  header(out, chain, "flags");
  out(`  now: sanctions ${sanctions} (oracle ${oracle}), claim whitelist only ${claimWl}, card providers restricted ${cardRestricted}`);
  const calls: PlannedCall[] = [];
  const want = parseBool(v.sanctions, "--sanctions");
  const newOracle = v["sanctions-oracle"] !== undefined ? parseAddress(v["sanctions-oracle"], "--sanctions-oracle") : oracle;
  if (want !== undefined || newOracle !== oracle) {
    const on = want ?? sanctions;
    if (on && newOracle === ZeroAddress) throw new Refusal("sanctions screening needs an oracle: pass --sanctions-oracle");
    if (on && (await chain.conn.ethers.provider.getCode(newOracle)) === "0x") throw new Refusal(`unknown address: ${newOracle} has no code on ${chain.info.name} (not a sanctions oracle)`);
    if (on !== sanctions || newOracle !== oracle) calls.push(call(chain.presale, "Presale", "setSanctions", [newOracle, on], `sanctions ${sanctions} → ${on}, oracle ${newOracle}`));
  }
  const cw = parseBool(v["claim-whitelist-only"], "--claim-whitelist-only");
  if (cw !== undefined && cw !== claimWl) calls.push(call(chain.presale, "Presale", "setClaimWhitelistOnly", [cw], `claim whitelist only ${claimWl} → ${cw}`));
  const cr = parseBool(v["card-provider-restricted"], "--card-provider-restricted");
  if (cr !== undefined && cr !== cardRestricted) calls.push(call(chain.presale, "Presale", "setCardProviderRestricted", [cr], `card providers restricted ${cardRestricted} → ${cr}`));
  await execute(await makeExec(chain, v, out), calls, "Presale flags");
}

async function sequencerGrace(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { seconds: { type: "string" } }, env);
  if (chain.info.role !== "base") throw new Refusal(`${chain.info.name} has no sequencer feed (L1): the grace period applies to the Base side`);
  const grace = parseDuration(v.seconds, "--seconds");
  if (grace > 86_400n) throw new Refusal(`--seconds ${grace} is more than a day — refusing`);
  header(out, chain, "set sequencer grace period");
  await execute(await makeExec(chain, v, out), [call(chain.presale, "Presale", "setSequencerGracePeriod", [grace], `grace after a sequencer restart → ${grace} s`)], "Sequencer grace period");
}

// ------------------------------------------------------------------ handover to a multisig

async function handover(rest: string[], env: AdminEnv, out: Out) {
  const { v, chain } = await open(rest, { to: { type: "string" } }, env);
  const to = parseAddress(v.to, "--to");
  const code = await chain.conn.ethers.provider.getCode(to);
  if (code === "0x" && !NETWORKS[chain.info.name].local) throw new Refusal(`--to ${to} has no code on ${chain.info.name}: expected the Safe`);
  header(out, chain, `hand ownership to ${to}`);
  const calls: PlannedCall[] = [call(chain.presale, "Presale", "beginDefaultAdminTransfer", [to], `owner → ${to} (the Safe calls acceptDefaultAdminTransfer() after the admin delay)`)];
  const adminRole: string = await chain.presale.ADMIN_ROLE();
  if (!(await chain.presale.hasRole(adminRole, to))) calls.push(call(chain.presale, "Presale", "grantRole", [adminRole, to], `ADMIN_ROLE to ${to}`));
  if (chain.staking) calls.push(call(chain.staking, "Staking", "transferOwnership", [to], `Staking owner → ${to} (the Safe calls acceptOwnership())`));
  await execute(await makeExec(chain, v, out), calls, "Hand over ownership");
  out(`next: from the Safe, call Presale.acceptDefaultAdminTransfer()${chain.staking ? " and Staking.acceptOwnership()" : ""}; then revoke the deployer's ADMIN_ROLE.`);
}

export { fmtArg };
