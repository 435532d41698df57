// Wallet promotion modal: need-wallet title, description, 3-step guide; QR on desktop, download on mobile.
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { isMobileDevice } from "../../shared/hooks.ts";
import { Modal } from "../../shared/Modal.tsx";
import { QrCode } from "./QrCode.tsx";
import { closePromoModal, useWalletUi } from "./walletUi.ts";

export default function PromoModal() {
  const { t } = useTranslation();
  const { promoOpen } = useWalletUi();
  const mobile = isMobileDevice();
  return (
    <Modal
      open={promoOpen}
      onClose={closePromoModal}
      title={t("nowallet_modal.need_wallet")}
      testId="promo-modal"
      closeLabel={t("common.close")}
    >
      <div className="promo">
        <p className="muted">{t("nowallet_modal.wallet_desc", { wallet: env.partnerWalletName })}</p>
        <ol className="promo-steps">
          <li>
            <span>1</span>
            {t("nowallet_modal.step_0", { wallet: env.partnerWalletName })}
          </li>
          <li>
            <span>2</span>
            {t("nowallet_modal.step_1")}
          </li>
          <li>
            <span>3</span>
            {t("nowallet_modal.step_2")}
          </li>
        </ol>
        {mobile ? (
          <a
            className="btn btn-primary btn-block"
            href={env.bwDownloadUrl}
            target="_blank"
            rel="noreferrer"
            data-testid="promo-download"
          >
            {t("nowallet_modal.download_bw", { wallet: env.partnerWalletName })}
          </a>
        ) : (
          <div className="promo-qr">
            <QrCode text={env.bwDownloadUrl} size={168} testId="promo-qr" />
            <p className="small muted">{t("nowallet_modal.step_3")}</p>
          </div>
        )}
      </div>
    </Modal>
  );
}
