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
  nativeOf,
  PAY_KINDS,
  PAY_TOKEN_TABLE,
  PAY_TOKENS,
  payRow,
  payTokenAddress,
  stableOf,
  tokenById,
  type BuyOrder,
  type BuyPermit,
  type PayKind,
  type PayToken,
  type PresaleBuy,
} from "./payTokens.ts";

/** The read layer (viem clients, the multicall reads, quotes, the chain's time): a chunk of its own. */
export const loadPresaleReads = () => import("./chainReads.ts");
