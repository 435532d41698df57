// The maximum-exceeded popup (PRODUCT.md §8): the form opens it once the buyer pauses on an amount within the balance
// that is above the maximum per purchase (Buy stays disabled and a line keeps saying why); the purchase flow opens it
// too if the contract still says so.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { TIMINGS } from "../../config/constants.ts";
import { useDebounced } from "../../shared/hooks.ts";
import { openPopup } from "../../shared/popup.ts";
import { groupDecimal } from "./amounts.ts";

export const openMaxPopup = (t: TFunction, max: bigint) =>
  openPopup({
    icon: "warning",
    title: t("popup.max_title"),
    description: t("popup.max_token_exceed", { maxTokensToBuy: groupDecimal(max.toString()) }),
    confirmLabel: t("common.ok"),
    testId: "popup-max-tokens",
  });

/** `exceeds` for the input numbered `seq`: the line, and the popup once per input after the typing pause. */
export function MaxExceeded({ exceeds, seq, max }: { exceeds: boolean; seq: number; max: bigint }) {
  const { t } = useTranslation();
  const settledSeq = useDebounced(seq, TIMINGS.debounceMs);
  const open = exceeds && settledSeq === seq;
  useEffect(() => {
    if (open) void openMaxPopup(t, max);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per input: a refresh of the same input stays quiet
  }, [open, seq]);
  if (!exceeds) return null;
  return (
    <p className="warn" data-testid="msg-max_exceeded">
      {t("popup.max_token_exceed", { maxTokensToBuy: groupDecimal(max.toString()) })}
    </p>
  );
}
