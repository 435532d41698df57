// The connected wallet's activity from the indexer: refreshed every 5 s while the tab is visible (the relay of an
// Ethereum purchase and its credit on Base show up without a reload); an unreachable indexer is a state, not a crash.
import { useQuery } from "@tanstack/react-query";
import { fetchActivity } from "./api.ts";
import { activityView } from "./model.ts";

export const ACTIVITY_REFRESH_MS = 5_000;

export function useActivity(address: string | undefined) {
  return useQuery({
    queryKey: ["activity", address?.toLowerCase()],
    queryFn: ({ signal }) => fetchActivity(address!, signal),
    select: activityView,
    enabled: Boolean(address),
    refetchInterval: ACTIVITY_REFRESH_MS,
    retry: 1,
    retryDelay: 1_000,
  });
}
