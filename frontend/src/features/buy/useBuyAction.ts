// Glue between the form and the purchase flow: chain check, the run itself, popups, toasts, tracking, refresh.
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { env } from "../../config/env.ts";
import { trackConversion } from "../../shared/api.ts";
import { openPopup } from "../../shared/popup.ts";
import { toast } from "../../shared/toast.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { loadWagmiIO, loadWagmiWalletIO, revertMessageKey, useWallet } from "../../chain/index.ts";
import { payTokenAddress } from "../../presale/index.ts";
import { useEnsureChain } from "../wallet/index.ts";
import { groupDecimal } from "./amounts.ts";
import { conversionFigures } from "./swapDisplay.ts";
import { dispatchSwap } from "./swapMachine.ts";
import type { PayToken, PresaleView } from "../../presale/index.ts";

export type BuyOutcome = "complete" | "failed" | "rejected" | "requote" | "cancelled";

export function useBuyAction(data: PresaleView) {
  const { t } = useTranslation();
  const { address } = useWallet();
  const { ensure } = useEnsureChain();

  const maxPopup = (max: bigint) =>
    openPopup({
      icon: "warning",
      title: t("popup.max_title"),
      description: t("popup.max_token_exceed", { maxTokensToBuy: groupDecimal(max.toString()) }),
      confirmLabel: t("common.ok"),
      testId: "popup-max-tokens",
    });

  /**
   * Buys `tokens` whole tokens at no more than `quotedCost` (the contract's quote the buyer was shown); on Ethereum
   * for `recipient`, the Base address that will own them (features/buy/useRecipient.ts).
   */
  return async function buy(
    token: PayToken,
    tokens: bigint,
    quotedCost: bigint,
    stake: boolean,
    recipient?: Address,
  ): Promise<BuyOutcome> {
    if (!address) return "cancelled";
    const block = env[token.chain];
    const max = BigInt(data[token.chain]?.maxTokensToBuy ?? 0);
    if (max > 0n && tokens > max) {
      await maxPopup(max);
      return "cancelled";
    }
    if (!(await ensure(block))) return "cancelled";
    const shown = groupDecimal(tokens.toString());
    pushAnalytics(env.production, "purchase_started", {
      token: token.symbol,
      chainId: block.chainIdInt,
      tokens: shown,
    });
    const [{ runPurchase }, { wagmiIO }, { wagmiWalletIO }] = await Promise.all([
      import("./purchase.ts"),
      loadWagmiIO(),
      loadWagmiWalletIO(),
    ]);
    const res = await runPurchase(
      wagmiIO(block.chainIdInt, address),
      {
        payment: token.kind,
        chain: token.chain,
        chainId: block.chainIdInt,
        account: address,
        presale: block.presaleAddress,
        token: payTokenAddress(block, token.kind),
        tokens,
        quotedCost,
        stake,
        recipient,
      },
      { dispatch: dispatchSwap, onMaxTokensExceeded: () => void maxPopup(max) },
      wagmiWalletIO(block.chainIdInt, address),
    );
    pushAnalytics(env.production, `purchase_${res.outcome}`, {
      token: token.symbol,
      chainId: block.chainIdInt,
      tokens: shown,
    });
    if (res.outcome === "complete") {
      const [title, desc] = stake
        ? ["toast.staked_success", "toast.staked_success_desc"]
        : ["toast.purchase_success", "toast.purchase_success_desc"];
      toast("success", t(title), t(desc, { amount: shown, token: env.tokenName }));
      void trackConversion({
        publicAddress: address,
        purchaseType: token.symbol,
        hash: res.hash!,
        chainId: block.chainIdInt,
        ...conversionFigures(tokens, quotedCost, token.kind, data),
      });
    } else if (res.outcome === "failed") {
      // A refusal by the contract names its cause (paused sale, sold out...), as the status view does.
      const why = res.revert ? t(revertMessageKey(res.revert)) : "";
      toast("error", t(res.revert ? "status.refused" : "toast.tx_failed"), why);
    }
    void data.refetch();
    return res.outcome;
  };
}
