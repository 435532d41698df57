/** `set-splits`: the wallets that receive a share of every payment (the payment wallet gets the rest). */
import { Refusal, UsageError } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { parseAddress, parseBps } from "../context.js";
import { call, onNetwork } from "../runner.js";

/** `0xWallet:10%` or `0xWallet:1000` (basis points). */
export function parseSplit(s: string): { wallet: string; bps: number } {
  const i = s.lastIndexOf(":");
  if (i < 0) throw new Refusal(`--split "${s}": expected 0xWallet:10% or 0xWallet:1000 (basis points)`);
  const wallet = parseAddress(s.slice(0, i), `--split "${s}"`);
  const bps = parseBps(s.slice(i + 1), `--split "${s}"`);
  if (bps <= 0 || bps > 10_000) throw new Refusal(`--split "${s}": share must be between 0.01% and 100%`);
  return { wallet, bps };
}

export const setSplits = onNetwork({
  names: ["set-splits"],
  usage: "  set-splits      --split 0xWallet:10% [--split …] [--payment-wallet 0x…] | --clear",
  options: {
    split: { type: "string", multiple: true },
    "payment-wallet": { type: "string" },
    clear: { type: "boolean", default: false },
  },
  async run({ v, chain, header, execute }) {
    const splits = (v.split ?? []).map(parseSplit);
    if (splits.length === 0 && !v.clear && v["payment-wallet"] === undefined)
      throw new UsageError("set-splits needs --split (one or more), --clear, or --payment-wallet");
    if (splits.length > 0 && v.clear) throw new UsageError("--clear and --split exclude each other");
    const total = splits.reduce((s, x) => s + x.bps, 0);
    if (total > 10_000) throw new Refusal(`splits add up to ${total / 100}% — more than 100%`);
    const dup = splits.find((s, i) => splits.findIndex((t) => t.wallet === s.wallet) !== i);
    if (dup) throw new Refusal(`wallet ${dup.wallet} appears twice`);
    header("set splits / payment wallet");
    const calls: PlannedCall[] = [];
    const cur = (await chain.presale.splits()).map((s) => ({ wallet: s.wallet, bps: s.bps }));
    const fmt = (l: { wallet: string; bps: bigint | number }[]) =>
      l.length === 0 ? "(none)" : l.map((s) => `${s.wallet}:${Number(s.bps) / 100}%`).join(", ");
    if (v.clear || splits.length > 0) {
      const same =
        cur.length === splits.length &&
        cur.every((s, i) => s.wallet === splits[i].wallet && Number(s.bps) === splits[i].bps);
      if (!same) {
        const args: [string[], bigint[]] = [splits.map((s) => s.wallet), splits.map((s) => BigInt(s.bps))];
        calls.push(
          call(
            chain.presale,
            "Presale",
            "setSplits",
            args,
            `${fmt(cur)} → ${fmt(splits)}; payment wallet gets the remaining ${(10_000 - total) / 100}%`,
          ),
        );
      }
    }
    if (v["payment-wallet"] !== undefined) {
      const pw = parseAddress(v["payment-wallet"], "--payment-wallet");
      const curPw = await chain.presale.paymentWallet();
      if (curPw !== pw) calls.push(call(chain.presale, "Presale", "setPaymentWallet", [pw], `${curPw} → ${pw}`));
    }
    await execute(calls, "Set splits");
  },
});
