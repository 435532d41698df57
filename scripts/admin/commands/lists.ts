/**
 * `whitelist add|remove` (Base side: it gates claims) / `blacklist add|remove --csv list.csv` (either side): batched
 * list updates that resume after a crash (a progress file per CSV, action and presale), skipping addresses already in
 * the wanted state.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getAddress, isAddress, ZeroAddress } from "ethers";
import { Refusal, UsageError } from "../../lib/cli.js";
import { execute, type PlannedCall } from "../../lib/exec.js";
import { ROOT } from "../../lib/networks.js";
import { addressOf, needBase, parseUint } from "../context.js";
import { call, onNetwork } from "../runner.js";

/**
 * A header cell: words only ("address", "Wallet Address"). Anything else on the first line is data and is checked like
 * every other line: "0X90F7…", a bare hex string or a mistyped address refuses the file instead of being dropped.
 */
const HEADER_CELL = /^[A-Za-z][A-Za-z _-]*$/;

/** Reads addresses from the first column of a CSV (header, blank and # lines skipped). Refuses on any bad line. */
export function readAddressCsv(file: string): string[] {
  if (!fs.existsSync(file)) throw new Refusal(`--csv ${file}: no such file`);
  const bad: string[] = [];
  const seen = new Set<string>();
  const list: string[] = [];
  fs.readFileSync(file, "utf8")
    .split(/\r?\n/)
    .forEach((line, i) => {
      const cell = line
        .split(/[,;\t]/)[0]
        .trim()
        .replace(/^"|"$/g, "");
      if (cell === "" || cell.startsWith("#") || (i === 0 && HEADER_CELL.test(cell))) return;
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
  if (bad.length > 0)
    throw new Refusal(
      `--csv ${file}: ${bad.length} invalid address(es), nothing sent:\n  ${bad.slice(0, 20).join("\n  ")}`,
    );
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

export const lists = onNetwork({
  names: ["whitelist", "blacklist"],
  usage: [
    "  whitelist add|remove  --csv list.csv [--batch 200] [--progress file] [--restart]   (Base side: claims)",
    "  blacklist add|remove  --csv list.csv [--batch 200] [--progress file] [--restart]",
  ].join("\n"),
  options: {
    csv: { type: "string" },
    batch: { type: "string" },
    progress: { type: "string" },
    restart: { type: "boolean", default: false },
  },
  async run({ command: which, v, positionals, chain, env, out, header, exec: makeExec }) {
    const action = positionals[0];
    if (action !== "add" && action !== "remove") throw new UsageError(`${which} needs "add" or "remove"`);
    if (v.csv === undefined) throw new UsageError(`${which} ${action} needs --csv`);
    const whitelist = which === "whitelist";
    const base = whitelist ? needBase(chain, "the whitelist gates claims, which exist on Base only") : undefined;
    const batchSize = v.batch === undefined ? 200 : Number(parseUint(v.batch, "--batch"));
    if (batchSize < 1 || batchSize > 1000) throw new Refusal("--batch must be 1..1000");
    const addresses = readAddressCsv(v.csv);
    const want = action === "add";
    const batches: string[][] = [];
    for (let i = 0; i < addresses.length; i += batchSize) batches.push(addresses.slice(i, i + batchSize));
    header(`${which} ${action} (${addresses.length} addresses, ${batches.length} batch(es) of ≤${batchSize})`);
    const exec = await makeExec();

    // Progress file: which batches of this exact CSV / action / presale are already done (resume after a crash).
    const digest = crypto
      .createHash("sha256")
      .update(JSON.stringify([chain.record.chainId, addressOf(chain.presale), which, action, batchSize, addresses]))
      .digest("hex")
      .slice(0, 16);
    const progressFile =
      v.progress ??
      path.join(
        env.progressDir ?? path.join(ROOT, ".local/progress"),
        `${chain.info.name}-${which}-${action}-${digest}.json`,
      );
    let progress: Progress = {
      key: digest,
      file: v.csv,
      total: addresses.length,
      batches: batches.length,
      done: 0,
      txs: [],
    };
    if (exec.mode.kind === "send" && !v.restart && fs.existsSync(progressFile)) {
      const saved = JSON.parse(fs.readFileSync(progressFile, "utf8")) as Progress;
      if (saved.key === digest) {
        progress = saved;
        if (progress.done > 0)
          out(`resuming: ${progress.done}/${batches.length} batch(es) already done (${progressFile})`);
      }
    }
    const listed = (a: string) => (base ? base.isWhitelisted(a) : chain.presale.isBlacklisted(a));
    const change = (p: string[]) =>
      base
        ? call(base, "Presale", "setWhitelist", [p, want], `${p.length} address(es) → ${want}`)
        : call(chain.presale, "Presale", "setBlacklist", [p, want], `${p.length} address(es) → ${want}`);
    const pending = async (batch: string[]) => {
      const states = await Promise.all(batch.map(listed));
      return batch.filter((_, i) => states[i] !== want);
    };
    if (exec.mode.kind !== "send") {
      const calls: PlannedCall[] = [];
      let changes = 0;
      for (const b of batches) {
        const p = await pending(b);
        changes += p.length;
        if (p.length > 0) calls.push(change(p));
      }
      out(`${changes} of ${addresses.length} address(es) would change.`);
      await execute(exec, calls, `${which} ${action}`);
      return;
    }
    for (let i = progress.done; i < batches.length; i++) {
      const batch = batches[i];
      const p = await pending(batch);
      out(`batch ${i + 1}/${batches.length}: ${p.length} of ${batch.length} need a change`);
      if (p.length > 0) {
        const res = await execute(exec, [change(p)], `${which} ${action}`);
        progress.txs.push(...res.sent);
      }
      progress.done = i + 1;
      fs.mkdirSync(path.dirname(progressFile), { recursive: true });
      fs.writeFileSync(progressFile, JSON.stringify(progress, null, 2) + "\n");
      env.onBatchDone?.(i);
    }
    out(`done: ${batches.length} batch(es); progress in ${path.relative(process.cwd(), progressFile)}`);
  },
});
