/**
 * `whitelist add|remove` (Base side: it gates claims) / `blacklist add|remove --csv list.csv` (either side): batched
 * list updates that resume after a crash (a progress file per CSV, action and presale), skipping addresses already in
 * the wanted state.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  DEFAULT_LIST_BATCH,
  listBatches,
  listCall,
  parseAddressList,
  planListChange,
  PlanRefusal,
  type ListName,
} from "@shaft/owner-actions";
import type { Address } from "viem";
import { Refusal, UsageError } from "../../lib/cli.js";
import { execute } from "../../lib/exec.js";
import { ROOT } from "../../lib/networks.js";
import { addressOf, chainRef, needBase, parseUint } from "../context.js";
import { onNetwork, planCalls, planned } from "../runner.js";

/** Reads addresses from the first column of a CSV (@shaft/owner-actions' parseAddressList). Refuses on any bad line. */
export function readAddressCsv(file: string): Address[] {
  if (!fs.existsSync(file)) throw new Refusal(`--csv ${file}: no such file`);
  try {
    return parseAddressList(fs.readFileSync(file, "utf8"), `--csv ${file}`);
  } catch (e) {
    throw e instanceof PlanRefusal ? new Refusal(e.message) : e;
  }
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
    const list: ListName = which === "whitelist" ? "whitelist" : "blacklist";
    const base =
      list === "whitelist" ? needBase(chain, "the whitelist gates claims, which exist on Base only") : undefined;
    const batchSize = v.batch === undefined ? DEFAULT_LIST_BATCH : Number(parseUint(v.batch, "--batch"));
    const addresses = readAddressCsv(v.csv);
    const want = action === "add";
    const batches = listBatches(addresses, batchSize);
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
    const pending = async (batch: Address[]) => {
      const states = await Promise.all(batch.map(listed));
      return batch.filter((_, i) => states[i] !== want);
    };
    if (exec.mode.kind !== "send") {
      const states = await Promise.all(addresses.map(listed));
      const plan = planListChange({ chain: chainRef(chain), list, add: want, addresses, listed: states, batchSize });
      await execute(exec, planCalls(chain, plan, out), `${which} ${action}`);
      return;
    }
    for (let i = progress.done; i < batches.length; i++) {
      const batch = batches[i];
      const p = await pending(batch);
      out(`batch ${i + 1}/${batches.length}: ${p.length} of ${batch.length} need a change`);
      if (p.length > 0) {
        const res = await execute(
          exec,
          [planned(chain, listCall(chainRef(chain), list, p, want))],
          `${which} ${action}`,
        );
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
