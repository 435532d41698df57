// The hero's eyebrow says where the sale stands, from both chains' own state: live while either chain sells, and
// after the sale the claim on Base. Before the chains answer it says "live", as the first-paint shell does.
import { chainNow, saleBlock, type PresaleView } from "../../presale/index.ts";

export type BannerEyebrow = "live" | "paused" | "soon" | "ended" | "claim_open";

export function bannerEyebrow(data: Pick<PresaleView, "eth" | "base">, nowMs = Date.now()): BannerEyebrow {
  const { eth, base } = data;
  if (!eth?.sale || !base?.sale) return "live";
  if (base.claimStart > 0 && chainNow(base, nowMs) >= base.claimStart) return "claim_open";
  const blocks = [saleBlock(eth, nowMs), saleBlock(base, nowMs)];
  if (blocks.includes(null)) return "live";
  if (blocks.every((b) => b === "closed" || b === "ended" || b === "sold_out")) return "ended";
  if (blocks.includes("paused")) return "paused"; // it may resume
  return "soon"; // neither sells yet, or one has not started while the other is over
}
