// Countdown (PRODUCT.md §4): ticks each second, follows the stage end dates, stops at zero.
import { pad2 } from "../shared/format.ts";

export type Countdown = { days: string; hours: string; minutes: string; seconds: string; diff: number; stage: number };

/** Moves to the next stage's end date while the current one has passed and another stage exists. */
export function targetStage(nowSec: number, endDates: number[], currentStep: number): number {
  let i = Math.min(Math.max(currentStep, 0), Math.max(endDates.length - 1, 0));
  while (i < endDates.length - 1 && (endDates[i] ?? 0) <= nowSec) i++;
  return i;
}

export function computeCountdown(nowSec: number, endDates: number[], currentStep: number): Countdown {
  const stage = targetStage(nowSec, endDates, currentStep);
  const diff = Math.max(0, Math.floor((endDates[stage] ?? 0) - nowSec));
  return {
    days: pad2(diff / 86400),
    hours: pad2((diff % 86400) / 3600),
    minutes: pad2((diff % 3600) / 60),
    seconds: pad2(diff % 60),
    diff,
    stage,
  };
}

export const PRESALE_END_EVENT = "PRESALE-END";
