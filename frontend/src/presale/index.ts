/**
 * The presale data layer: both chains' presale and staking figures as one view (`usePresale()`), the rounds and the
 * stage, whether a sale takes purchases, the countdown, and the payment tokens. Public surface; the reads themselves
 * (viem, one Multicall3 request per chain) are the read layer, loaded lazily: `loadPresaleReads()`.
 */
export { pollInterval, useChainData, usePresale, useStage, type PresaleView } from "./usePresale.ts";
export type { ChainData, Round, SaleState, Stage, StakeData, UserData } from "./reads.ts";
export { cumulativeUsdCaps, effectiveRounds, raisedPercent, stageMaxUsd } from "./stage.ts";
export { chainNow, saleBlock, type SaleBlock } from "./saleState.ts";
export { computeCountdown, PRESALE_END_EVENT, targetStage, type Countdown } from "./countdown.ts";
export {
  inputDecimals,
  nativeOf,
  PAY_TOKENS,
  QUOTE_FN,
  stableOf,
  tokenById,
  type PayKind,
  type PayToken,
} from "./tokens.ts";

/** The read layer (viem clients, the multicall reads, quotes, the chain's time): a chunk of its own. */
export const loadPresaleReads = () => import("./chainReads.ts");
