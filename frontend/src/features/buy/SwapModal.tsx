// Variant A: the swap form in a modal with native / stablecoin tabs. With stakeOnly it is the staking page's
// buy-and-stake modal (native, non-card, modal mode).
import { useTranslation } from "react-i18next";
import { Modal } from "../../shared/Modal.tsx";
import { closeSwapModal, useBuyUi } from "./buyUi.ts";
import { SwapForm } from "./SwapForm.tsx";
import { usePresale } from "../../presale/index.ts";

export default function SwapModal() {
  const { t } = useTranslation();
  const { swapModal } = useBuyUi();
  const data = usePresale();
  return (
    <Modal
      open={!!swapModal}
      onClose={closeSwapModal}
      title={swapModal?.stakeOnly ? t("swap.buy_and_stake", { apy: data.apy }) : t("swap.buy_now")}
      testId="swap-modal"
      closeLabel={t("common.close")}
    >
      {swapModal && (
        <SwapForm data={data} variant="tabs" inModal stakeOnly={swapModal.stakeOnly} onDone={closeSwapModal} />
      )}
    </Modal>
  );
}
