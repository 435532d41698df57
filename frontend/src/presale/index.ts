/**
 * The presale data layer: both chains' presale and staking figures as one view (`usePresale()`), the rounds and the
 * stage, whether a sale takes purchases, the countdown, and the payment tokens. Public surface; the reads themselves
 * (viem, one Multicall3 request per chain) are the read layer, loaded lazily: `loadPresaleReads()`.
 */
export { useChainData, usePresale, type PresaleView } from "./usePresale.ts";
export type { ChainData, Round, RoundShare } from "./reads.ts";
export { cumulativeUsdCaps } from "./stage.ts";
export { chainNow, saleBlock } from "./saleState.ts";
export { computeCountdown, PRESALE_END_EVENT } from "./countdown.ts";
export {
  nativeOf,
  PAY_TOKENS,
  payRow,
  QUOTE_TOKENS,
  payTokenAddress,
  payTokenAt,
  stableOf,
  tokenById,
  type BuyOrder,
  type PayKind,
  type PayToken,
  type PresaleBuy,
} from "./payTokens.ts";

/** The read layer (viem clients, the multicall reads, quotes, the chain's time): a chunk of its own. */
export const loadPresaleReads = () => import("./chainReads.ts");
export {
  accountKind,
  hasChecksum,
  needsTypedRecipient,
  parseRecipient,
  recipientFor,
  rememberedRecipient,
  rememberRecipient,
  repointedTokens,
  type AccountKind,
} from "./recipient.ts";
export { roundNotice, roundShares, type ChainShare, type RoundNotice } from "./roundNotice.ts";
