/**
 * How an owner command's changes leave the machine: sent from the signer, printed (--dry-run), or written as a
 * Safe Transaction Builder batch (--safe out.json) for an owner behind a multisig. Every call is first simulated
 * (eth_call from the sender) so a call the contract would refuse is reported, decoded, before anything is sent.
 */
import fs from "node:fs";
import path from "node:path";
import { safeBatch, safeBatchJson } from "@shaft/owner-actions";
import type { Contract, Interface } from "ethers";
import type { Connection } from "./deploy.js";
import { errorFields, Refusal, shortError } from "./cli.js";

export interface PlannedCall {
  contract: Contract;
  label: string; // e.g. "Presale"
  fn: string;
  args: unknown[];
  /** Human-readable "what changes". */
  note: string;
  /** Skip the pre-flight simulation (calls that depend on an earlier call of the same plan, e.g. approve → fund). */
  dependsOnPrevious?: boolean;
}

export type Mode = { kind: "send" } | { kind: "dry-run" } | { kind: "safe"; file: string; safeAddress: string };

export interface ExecContext {
  conn: Connection;
  chainId: number;
  mode: Mode;
  /** The account the calls come from (signer, or the Safe). */
  from: string;
  out: (line: string) => void;
}

export interface ExecResult {
  sent: string[]; // tx hashes
  simulated: number;
  safeFile?: string;
}

export function fmtArg(v: unknown): string {
  if (typeof v === "bigint") return v.toString();
  if (Array.isArray(v)) return `[${v.map(fmtArg).join(", ")}]`;
  return String(v);
}

/** Decodes a revert into "ErrorName(args)" using the contract's ABI. */
export function decodeRevert(contract: { interface: Interface }, e: unknown): string {
  const err = errorFields(e);
  if (err.revert?.name) return `${err.revert.name}(${(err.revert.args ?? []).map(fmtArg).join(", ")})`;
  const data = err.data ?? err.info?.error?.data ?? err.error?.data;
  if (typeof data === "string" && data.length >= 10) {
    try {
      const parsed = contract.interface.parseError(data);
      if (parsed) return `${parsed.name}(${parsed.args.map(fmtArg).join(", ")})`;
    } catch {
      /* fall through */
    }
  }
  return shortError(e);
}

async function simulate(ctx: ExecContext, c: PlannedCall): Promise<void> {
  try {
    await c.contract.getFunction(c.fn).staticCall(...c.args, { from: ctx.from });
  } catch (e) {
    throw new Refusal(`${c.label}.${c.fn} would revert when sent from ${ctx.from}: ${decodeRevert(c.contract, e)}`);
  }
}

export async function execute(ctx: ExecContext, calls: PlannedCall[], title: string): Promise<ExecResult> {
  const res: ExecResult = { sent: [], simulated: 0 };
  if (calls.length === 0) {
    ctx.out("nothing to change.");
    return res;
  }
  for (const c of calls) ctx.out(`  ${c.label}.${c.fn}(${c.args.map(fmtArg).join(", ")})  — ${c.note}`);
  // Simulate the independent calls before anything leaves (catches missing roles, contract-side refusals).
  for (const c of calls) {
    if (c.dependsOnPrevious) continue;
    await simulate(ctx, c);
    res.simulated++;
  }
  if (ctx.mode.kind === "dry-run") {
    ctx.out(`dry run: ${calls.length} call(s) simulated from ${ctx.from}, nothing sent.`);
    return res;
  }
  if (ctx.mode.kind === "safe") {
    res.safeFile = writeSafeBatch(ctx.mode.file, ctx.chainId, ctx.mode.safeAddress, title, calls);
    ctx.out(
      `wrote Safe Transaction Builder batch ${ctx.mode.file} (${calls.length} tx) for Safe ${ctx.mode.safeAddress}; nothing sent.`,
    );
    return res;
  }
  const signer = await ctx.conn.ethers.getSigner(ctx.from);
  for (const c of calls) {
    let receipt;
    try {
      const tx = await c.contract
        .connect(signer)
        .getFunction(c.fn)
        .send(...c.args);
      receipt = await tx.wait();
    } catch (e) {
      throw new Refusal(`${c.label}.${c.fn} failed: ${decodeRevert(c.contract, e)}`, { cause: e });
    }
    if (receipt === null) throw new Refusal(`${c.label}.${c.fn}: the transaction was dropped or replaced`);
    ctx.out(`  sent ${c.label}.${c.fn}: ${receipt.hash} (block ${receipt.blockNumber})`);
    res.sent.push(receipt.hash);
  }
  return res;
}

/** The address a planned call goes to (the tooling connects every contract by its address). */
function targetOf(c: PlannedCall): string {
  if (typeof c.contract.target !== "string") throw new Error(`${c.label}: contract not connected by address`);
  return c.contract.target;
}

/** Safe{Wallet} Transaction Builder batch file (@shaft/owner-actions' safeBatch, the format /owner exports too). */
export function writeSafeBatch(
  file: string,
  chainId: number,
  safeAddress: string,
  title: string,
  calls: PlannedCall[],
): string {
  const transactions = calls.map((c) => ({
    to: targetOf(c),
    data: c.contract.interface.encodeFunctionData(c.fn, c.args),
    description: `${c.label}.${c.fn}: ${c.note}`,
  }));
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, safeBatchJson(safeBatch({ chainId, safeAddress, title, transactions })));
  return file;
}
