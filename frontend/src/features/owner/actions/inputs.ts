// The console's form values → the planners' inputs (whole tokens, USD prices, UTC times, percentages). A value that
// cannot be read is refused like the CLI refuses its arguments: PlanRefusal, naming the field.
import { PlanRefusal } from "@shaft/owner-actions";
import { parseUnits } from "viem";

/** A non-negative whole number ("1500", "1_500", "1,500"). */
export function wholeNumber(text: string, field: string): bigint {
  const t = text.trim().replace(/[_,]/g, "");
  if (!/^\d+$/.test(t)) throw new PlanRefusal(`${field}: "${text}" is not a non-negative whole number`);
  return BigInt(t);
}

/** A decimal with at most `decimals` places, scaled ("0.0065" USD → 6.5e15 with 18). */
export function decimal(text: string, decimals: number, field: string): bigint {
  const t = text.trim();
  if (!new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(t))
    throw new PlanRefusal(`${field}: "${text}" is not a number`);
  return parseUnits(t, decimals);
}

/** "YYYY-MM-DDTHH:MM" read as UTC (the console shows every time in UTC) → unix seconds. */
export function utcTime(text: string, field: string): bigint {
  const ms = Date.parse(`${text}:00Z`);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(text) || Number.isNaN(ms))
    throw new PlanRefusal(`${field}: "${text}" is not a time (YYYY-MM-DD HH:MM, UTC)`);
  return BigInt(ms / 1000);
}

/** Unix seconds → the "YYYY-MM-DDTHH:MM" (UTC) of a datetime-local input. */
export const utcInput = (t: bigint) => new Date(Number(t) * 1000).toISOString().slice(0, 16);

/**
 * A time field that started at `current`: untouched, it is `current` to the second (the input shows minutes only, so
 * reading it back would plan a change nobody asked for); edited, the minute it names.
 */
export const editedTime = (text: string, current: bigint, field: string): bigint =>
  text === utcInput(current) ? current : utcTime(text, field);
