// The words of a failed or refused purchase, one source for the status view and its toast (PRODUCT.md §4, §8): the
// contract's custom error by name, the card provider's decline, or the generic failure; then what reached the chain.
import type { TFunction } from "i18next";
import { revertMessageKey } from "../../chain/index.ts";
import type { SwapState } from "./swapMachine.ts";

/** The sentence after a refusal or failure: nothing was sent, or which approval step is on chain. */
const reasonKey = (s: SwapState) =>
  s.approvalMined === "approval"
    ? "status.reason_approval_sent"
    : s.approvalMined === "reset"
      ? "status.reason_reset_sent"
      : "status.reason_nothing_sent";

/** Title and text of a `failed` state. */
export function failureText(t: TFunction, s: SwapState): { title: string; desc: string } {
  if (s.revert) return { title: t("status.refused"), desc: t(reasonKey(s), { reason: t(revertMessageKey(s.revert)) }) };
  if (s.cardReason === "declined") return { title: t("status.card_declined_title"), desc: t("status.card_declined") };
  const desc = s.approvalMined ? t(reasonKey(s), { reason: t("status.failed_desc") }) : t("status.failed_desc");
  return { title: t("status.failed"), desc };
}

/** Text of a `rejected` state: the card widget's own words, or the wallet's refusal and what reached the chain. */
export function rejectionText(t: TFunction, s: SwapState): { title: string; desc: string } {
  const card =
    s.cardReason === "closed"
      ? "status.card_closed"
      : s.cardReason === "cancelled" || s.payment === "card"
        ? "status.card_cancelled"
        : null;
  if (card) return { title: t("status.card_stopped"), desc: t(card) };
  return { title: t("status.rejected"), desc: t(reasonKey(s), { reason: t("status.rejected_desc") }) };
}
