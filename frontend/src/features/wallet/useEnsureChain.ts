// Wrong-chain handling of PRODUCT.md §8: popup (change_network / wrong_chain), switch on OK, manual-switch popup on failure.
import { useTranslation } from "react-i18next";
import { blockById, type ChainBlock } from "../../config/env.ts";
import { openPopup } from "../../shared/popup.ts";
import { switchOrAddChain, type Eip1193, loadWeb3, useWallet } from "../../chain/index.ts";

export function useEnsureChain() {
  const { t } = useTranslation();
  const { chainId } = useWallet();
  async function switchTo(target: ChainBlock): Promise<boolean> {
    const connector = (await loadWeb3()).currentConnector();
    if (!connector) return false;
    try {
      const provider = (await connector.getProvider()) as Eip1193;
      await switchOrAddChain(provider, blockById(target.chainIdInt), target.chainIdInt);
      return true;
    } catch {
      await openPopup({
        icon: "warning",
        title: t("popup.switch_failed_title"),
        description: t("popup.switch_failed", { chain: target.chainName }),
        confirmLabel: t("common.ok"),
        testId: "popup-switch-failed",
      });
      return false;
    }
  }
  /** Resolves true when the wallet is on `target` (asking first when `ask`). */
  async function ensure(target: ChainBlock, ask = true): Promise<boolean> {
    if (chainId === target.chainIdInt) return true;
    if (ask) {
      const ok = await openPopup({
        icon: "info",
        title: t("popup.change_network"),
        description: t("popup.wrong_chain", { chain: target.chainName }),
        confirmLabel: t("common.ok"),
        denyLabel: t("common.cancel"),
        testId: "popup-wrong-chain",
      });
      if (!ok) return false;
    }
    return switchTo(target);
  }
  return { ensure, switchTo, chainId };
}
