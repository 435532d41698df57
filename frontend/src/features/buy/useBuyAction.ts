// Glue between the form and the purchase flow: chain check, the run itself, popups, toasts, tracking, refresh.
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { trackConversion } from "../../shared/api.ts";
import { openPopup } from "../../shared/popup.ts";
import { toast } from "../../shared/toast.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { useWallet } from "../wallet/walletState.ts";
import { useEnsureChain } from "../wallet/useEnsureChain.ts";
import { dispatchSwap } from "./swapMachine.ts";
import type { PayToken } from "./tokens.ts";
import type { PresaleView } from "./usePresale.ts";

export function useBuyAction(data: PresaleView) {
  const { t } = useTranslation();
  const { address } = useWallet();
  const { ensure } = useEnsureChain();

  const maxPopup = (max: number) =>
    openPopup({ icon: "warning", title: t("popup.max_title"), description: t("popup.max_token_exceed", { maxTokensToBuy: max.toLocaleString("en-US") }), confirmLabel: t("common.ok"), testId: "popup-max-tokens" });

  return async function buy(token: PayToken, tokens: number, pay: number, stake: boolean) {
    if (!address) return;
    const block = env[token.chain];
    const chainData = data[token.chain];
    const max = chainData?.maxTokensToBuy ?? 0;
    if (max > 0 && tokens > max) {
      await maxPopup(max);
      return;
    }
    if (!(await ensure(block))) return;
    pushAnalytics(env.production, "purchase_started", { token: token.symbol, chainId: block.chainIdInt, tokens });
    const [{ runPurchase }, { wagmiIO }, { abiOf }] = await Promise.all([import("./purchase.ts"), import("./wagmiIO.ts"), import("../../config/contracts.ts")]);
    const res = await runPurchase(
      wagmiIO(block.chainIdInt, address),
      {
        payment: token.kind, chainId: block.chainIdInt, account: address, presale: block.presaleAddress, presaleAbi: abiOf("Presale"),
        token: token.kind === "usdt" ? (block.usdTAddress || undefined) : token.kind === "usdc" ? block.usdcAddress : undefined,
        tokens, stake,
      },
      { dispatch: dispatchSwap, onMaxTokensExceeded: () => void maxPopup(max) },
    );
    pushAnalytics(env.production, `purchase_${res.outcome}`, { token: token.symbol, chainId: block.chainIdInt, tokens });
    if (res.outcome === "complete") {
      toast("success", t("toast.purchase_success"), t("toast.purchase_success_desc", { amount: tokens.toLocaleString("en-US"), token: env.tokenName }), env.notificationTimeout);
      void trackConversion({
        publicAddress: address, purchaseType: token.symbol, purchaseTokens: tokens, purchaseTypeAmount: pay,
        purchaseUsdAmount: tokens * data.price, hash: res.hash!, chainId: block.chainIdInt, claimable: data.userClaimable + tokens,
      });
    } else if (res.outcome === "failed") {
      toast("error", t("toast.tx_failed"), "", env.notificationTimeout);
    }
    void data.refetch();
  };
}
