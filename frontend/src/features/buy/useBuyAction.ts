// Glue between the form and the purchase flow: chain check, the run itself, popups, toasts, tracking, refresh.
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { env } from "../../config/env.ts";
import { trackConversion } from "../../shared/api.ts";
import { toast } from "../../shared/toast.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { loadWagmiIO, loadWagmiWalletIO, useWallet } from "../../chain/index.ts";
import { payTokenAddress } from "../../presale/index.ts";
import { useEnsureChain } from "../wallet/index.ts";
import { groupDecimal } from "./amounts.ts";
import { openMaxPopup } from "./MaxExceeded.tsx";
import { conversionFigures } from "./swapDisplay.ts";
import { dispatchSwap, getSwapState } from "./swapMachine.ts";
import { failureText } from "./statusText.ts";
import type { PayToken, PresaleView } from "../../presale/index.ts";

export type BuyOutcome = "complete" | "failed" | "rejected" | "requote" | "cancelled";

export function useBuyAction(data: PresaleView) {
  const { t } = useTranslation();
  const { address } = useWallet();
  const { ensure } = useEnsureChain();

  const maxPopup = (max: bigint) => openMaxPopup(t, max);

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
      // The status view's own words: the contract's refusal by name, and what reached the chain.
      const { title, desc } = failureText(t, getSwapState());
      toast("error", title, desc);
    }
    void data.refetch();
    return res.outcome;
  };
}
