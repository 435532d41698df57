import { useTranslation } from "react-i18next";
import { useSyncExternalStore } from "react";
import type { Connector } from "wagmi";
import { getConnectors, watchConnectors } from "wagmi/actions";
import { env } from "../../config/env.ts";
import { isMobileDevice } from "../../shared/hooks.ts";
import { WalletMark } from "../../shared/icons.tsx";
import { Modal } from "../../shared/Modal.tsx";
import { toast } from "../../shared/toast.ts";
import { connectLazy, connectWith } from "./connect.ts";
import { QrCode } from "./QrCode.tsx";
import { loadWeb3 } from "../../chain/index.ts";
import { closeConnectModal, openPromoModalDelayed, useWalletUi, walletUi } from "./walletUi.ts";

import { LOCAL_TEST_WALLET_ID as LOCAL_ID } from "virtual:local-test-wallet";

// The dialog lists the wallet layer's connectors: opening it starts that layer if the page has not yet (PRODUCT.md §4
// "Wallet"; it loads anyway when the browser is idle or the visitor connects).
const { wagmiConfig } = await loadWeb3();
const subscribeConnectors = (fn: () => void) => watchConnectors(wagmiConfig, { onChange: fn });
const snapshotConnectors = () => getConnectors(wagmiConfig);
const useConnectors = () => useSyncExternalStore(subscribeConnectors, snapshotConnectors, snapshotConnectors);

type Mark = Parameters<typeof WalletMark>[0]["kind"];

function Row({
  icon,
  mark = "generic",
  label,
  hint,
  onClick,
  testId,
  busy,
}: {
  icon?: string;
  mark?: Mark;
  label: string;
  hint?: string;
  onClick: () => void;
  testId: string;
  busy?: boolean;
}) {
  return (
    <button className="wallet-row" onClick={onClick} data-testid={testId} disabled={busy}>
      <span className="wallet-row-icon">
        {icon ? <img src={icon} alt="" width={28} height={28} /> : <WalletMark kind={mark} />}
      </span>
      <span className="wallet-row-text">
        <strong>{label}</strong>
        {hint && <small>{hint}</small>}
      </span>
      {busy && <span className="spinner spinner-sm" />}
    </button>
  );
}

export default function ConnectModal() {
  const { t } = useTranslation();
  const ui = useWalletUi();
  const connectors = useConnectors() as readonly Connector[];
  const mobile = isMobileDevice();
  const injected = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  const local = LOCAL_ID ? connectors.find((c) => c.id === LOCAL_ID) : undefined;
  // Connect errors are only logged (PRODUCT.md §8); a missing WalletConnect project id is a configuration problem
  // the visitor should still hear about.
  const onError = (err: unknown) => {
    console.warn("connect failed", err);
    const msg = err instanceof Error ? err.message : String(err);
    if (/project id/i.test(msg)) toast("error", t("wallet.connect_failed"), msg.slice(0, 140));
  };
  const run = (p: Promise<unknown>) => void p.catch(onError);
  const via = (c: Connector) => run(connectWith(c));
  const partner = () => run(connectLazy("walletConnect", { partner: true, label: env.partnerWalletName }));

  return (
    <Modal
      open={ui.connectOpen}
      onClose={closeConnectModal}
      title={t("wallet.connect_title")}
      testId="connect-modal"
      closeLabel={t("common.close")}
    >
      {ui.wcUri ? (
        <div className="wc-qr" data-testid="walletconnect-qr">
          <p>{t("wallet.scan_qr", { wallet: ui.wcLabel })}</p>
          <QrCode text={ui.wcUri} size={220} />
          <button
            className="link"
            onClick={() => walletUi.set((s) => ({ ...s, wcUri: null }))}
            data-testid="walletconnect-back"
          >
            {t("common.back")}
          </button>
        </div>
      ) : (
        <div className="wallet-list">
          {env.showBestWallet && mobile && (
            <Row
              mark="partner"
              label={env.partnerWalletName}
              hint={t("wallet.partner_mobile")}
              onClick={partner}
              testId="connect-partner-mobile"
              busy={ui.connecting === "partner"}
            />
          )}
          {env.showBestWallet && !mobile && (
            <Row
              mark="partner"
              label={env.partnerWalletName}
              hint={t("wallet.partner_desktop")}
              onClick={partner}
              testId="connect-partner-desktop"
              busy={ui.connecting === "partner"}
            />
          )}
          {!mobile &&
            injected.map((c) => (
              <Row
                key={c.id}
                icon={c.icon}
                label={c.name}
                hint={t("wallet.browser_extension")}
                onClick={() => via(c)}
                testId={`connect-injected-${c.id}`}
                busy={ui.connecting === c.id}
              />
            ))}
          {!mobile && injected.length === 0 && (
            <p className="muted small" data-testid="connect-no-extension">
              {t("wallet.no_extension")}
            </p>
          )}
          <Row
            mark="walletconnect"
            label="WalletConnect"
            hint={t("wallet.walletconnect_hint")}
            onClick={() => run(connectLazy("walletConnect", { label: "WalletConnect" }))}
            testId="connect-walletconnect"
            busy={ui.connecting === "walletConnect"}
          />
          <Row
            mark="base"
            label="Base Account"
            hint={t("wallet.smart_wallet_hint")}
            onClick={() => run(connectLazy("baseAccount", { label: "Base Account" }))}
            testId="connect-base-account"
            busy={ui.connecting === "baseAccount"}
          />
          {local && (
            <Row
              mark="local"
              label={local.name}
              hint="Hardhat #3 · local chains only"
              onClick={() => via(local)}
              testId="connect-local-test-wallet"
              busy={ui.connecting === LOCAL_ID}
            />
          )}
          <button
            className="link center"
            onClick={() => {
              closeConnectModal();
              openPromoModalDelayed();
            }}
            data-testid="connect-no-wallet"
          >
            {t("wallet.no_wallet")}
          </button>
        </div>
      )}
    </Modal>
  );
}
