// Presale data for both chains (TanStack Query over one multicall per chain), plus the 3 s stage re-read.
// TanStack pauses refetchInterval while the tab is hidden (refetchIntervalInBackground: false).
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { DEFAULT_SALE_PRICE, TIMINGS } from "../config/constants.ts";
import { isDeployed } from "../config/addresses.ts";
import { env, type ChainBlock } from "../config/env.ts";
import { useWallet } from "../chain/index.ts";
import type { ChainData, Stage } from "./reads.ts";
import { effectiveRounds, raisedPercent, stageMaxUsd } from "./stage.ts";

// The read code (ABI encoding, multicall, transports) is a lazy chunk, loaded by the first query.
const loadReads = () => import("./chainReads.ts");

/** Refresh cadence (PRODUCT.md §4): 10 s connected, 20 s not; none while the tab is hidden. */
export function pollInterval(kind: "presale" | "stage", connected: boolean, hidden: boolean): number | false {
  if (hidden) return false;
  if (kind === "stage") return TIMINGS.stageRefreshMs;
  return connected ? TIMINGS.refreshConnectedMs : TIMINGS.refreshIdleMs;
}
const hidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

/** `refetchMs` overrides the interval for this observer (the staking page polls Base every 500 ms: PRODUCT.md §4). */
export function useChainData(b: ChainBlock, user: Address | undefined, refetchMs?: number, ethLeg = 0) {
  const qc = useQueryClient();
  // The Ethereum leg is part of the key only once there is a second one (Base reads that leg's import mark).
  const key = ethLeg ? ["presale", b.chainIdInt, user ?? null, ethLeg] : ["presale", b.chainIdInt, user ?? null];
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      (await loadReads()).readChainData(
        b,
        user,
        qc.getQueryData<ChainData>(key) ?? qc.getQueryData<ChainData>(["presale", b.chainIdInt, null]),
        ethLeg,
      ),
    refetchInterval: () => (hidden() ? false : (refetchMs ?? pollInterval("presale", !!user, false))),
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    retry: 1,
    staleTime: 2_000,
  });
}

/** The claim chain (Base) carries the synced ladder; fall back to Ethereum when Base has no presale. */
const stageBlock = () => (isDeployed(env.base.presaleAddress) ? env.base : env.eth);

function useStage() {
  const b = stageBlock();
  return useQuery({
    queryKey: ["stage", b.chainIdInt],
    enabled: isDeployed(b.presaleAddress),
    queryFn: async (): Promise<Stage> => (await loadReads()).readStageData(b),
    refetchInterval: () => pollInterval("stage", false, hidden()),
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export type PresaleView = ReturnType<typeof usePresale>;

export function usePresale() {
  const { address } = useWallet();
  const eth = useChainData(env.eth, address);
  const ethBuyer = eth.data?.user?.ethBuyer;
  const base = useChainData(env.base, address, undefined, ethBuyer?.leg ?? 0);
  const stage = useStage();
  const primary = base.data?.rounds.length ? base.data : eth.data;
  const rounds = effectiveRounds(primary?.rounds);
  const currentStep = Math.min(stage.data?.currentStep ?? primary?.currentStep ?? 0, rounds.length - 1);
  const usdRaised = stage.data?.usdRaised ?? primary?.usdRaised ?? 0;
  const totalTokensSold = stage.data?.totalTokensSold ?? primary?.totalTokensSold ?? 0;
  const maxUsd = stageMaxUsd(rounds, currentStep, primary?.remaining ?? []);
  const baseDeposits = base.data?.user?.deposits ?? 0;
  // The connected address's own Ethereum tokens still on their way: its buyer record's current leg when it names
  // the address itself as recipient, less what Base imported of that leg (PRODUCT.md §1 "One ladder on two chains"). Tokens it bought for
  // another address are that address's to claim.
  const ownLeg = ethBuyer && address && ethBuyer.recipient.toLowerCase() === address.toLowerCase();
  const ethOnTheWay = ownLeg ? Math.max(0, ethBuyer.tokens - (base.data?.user?.remoteImported ?? 0)) : 0;
  const loaded = !!primary && primary.rounds.length > 0;
  return {
    loaded,
    stale: eth.isError || base.isError || stage.isError,
    eth: eth.data,
    base: base.data,
    rounds,
    currentStep,
    totalTokensSold,
    usdRaised,
    maxUsd,
    raisedPercent: raisedPercent(usdRaised, maxUsd),
    price: loaded ? (rounds[currentStep]?.price ?? DEFAULT_SALE_PRICE) : DEFAULT_SALE_PRICE,
    nextPrice: rounds[currentStep + 1]?.price,
    userClaimable: baseDeposits + ethOnTheWay,
    baseClaimable: baseDeposits,
    /** What can be staked now: purchases credited on Base plus the sale tokens already in the wallet on Base. */
    stakeable: baseDeposits + (base.data?.user?.saleTokenBal ?? 0),
    apy: base.data?.staking?.apy ?? 0,
    refetch: () => Promise.all([eth.refetch(), base.refetch(), stage.refetch()]),
  };
}
