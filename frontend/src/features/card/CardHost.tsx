// Mounted once by the buy widget: the card modal (lazy, first shown when a card flow asks for it) and what follows
// a completed card purchase (balances refreshed, success toast, production-only conversion and analytics).
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { trackConversion } from "../../shared/api.ts";
import { formatTokens } from "../../shared/format.ts";
import { toast } from "../../shared/toast.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { failureText, getSwapState, useSwapState } from "../buy/index.ts";
import { useWallet } from "../../chain/index.ts";
import { cardUi, useCardUi } from "./cardUi.ts";
import { useOnceTrue } from "../../shared/hooks.ts";

const CardModal = lazy(() => import("./CardModal.tsx"));

function useCardOutcome() {
  const swap = useSwapState();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { address } = useWallet();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (swap.payment !== "card" || (swap.status !== "complete" && swap.status !== "failed")) return;
    const key = `${swap.status}:${swap.hash ?? ""}:${swap.tokens ?? 0}`;
    if (reported.current === key) return;
    reported.current = key;
    const tokens = Number(swap.tokens ?? 0); // card orders are whole tokens typed in the card form
    void qc.invalidateQueries({ queryKey: ["presale"] });
    pushAnalytics(env.production, `purchase_${swap.status}`, { token: "CARD", chainId: env.base.chainIdInt, tokens });
    if (swap.status === "failed") {
      const { title, desc } = failureText(t, getSwapState()); // the status view's words: "Card declined" stays so
      return void toast("error", title, desc);
    }
    toast(
      "success",
      t("toast.purchase_success"),
      t("toast.purchase_success_desc", { amount: formatTokens(tokens), token: env.tokenName }),
    );
    if (address && swap.hash) {
      void trackConversion({
        publicAddress: address,
        purchaseType: "CARD",
        purchaseTokens: tokens,
        purchaseTypeAmount: cardUi.get().ethAmount ?? 0,
        purchaseUsdAmount: 0,
        hash: swap.hash,
        chainId: env.base.chainIdInt,
        claimable: tokens,
      });
    }
  }, [swap.payment, swap.status, swap.hash, swap.tokens, qc, t, address]);
}

export function CardHost() {
  const { phase } = useCardUi();
  const seen = useOnceTrue(phase !== "idle");
  useCardOutcome();
  return seen ? (
    <Suspense fallback={null}>
      <CardModal />
    </Suspense>
  ) : null;
}
