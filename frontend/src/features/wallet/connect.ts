// Connection actions behind the connect modal.
import type { Connector } from "wagmi";
import { connect } from "wagmi/actions";
import { env } from "../../config/env.ts";
import { isMobileDevice } from "../../shared/hooks.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { loadWeb3, type LazyKind } from "../../chain/index.ts";
import { closeConnectModal, walletUi } from "./walletUi.ts";

function browserName(): string {
  const ua = navigator.userAgent;
  return /CriOS|Chrome/.test(ua)
    ? "chrome"
    : /FxiOS|Firefox/.test(ua)
      ? "firefox"
      : /Safari/.test(ua)
        ? "safari"
        : "browser";
}

/** Partner wallet deep link launched on display_uri (PRODUCT.md §7). */
export function partnerDeepLink(uri: string, callback = window.location.href): string {
  return `${env.bwDeepLink}wc?uri=${encodeURIComponent(uri)}&callback=${encodeURIComponent(callback)}&browser=${browserName()}`;
}

// The lead is signed by the wallet once per browser session (features/tracking), not posted from here.
function afterConnect() {
  pushAnalytics(env.production, "wallet_connected");
  closeConnectModal();
}

export async function connectWith(connector: Connector) {
  walletUi.set((s) => ({ ...s, connecting: connector.id }));
  try {
    // The wallet layer may still be waiting for idle time: it mirrors the new connection.
    const { wagmiConfig } = await loadWeb3();
    await connect(wagmiConfig, { connector });
    afterConnect();
  } finally {
    walletUi.set((s) => ({ ...s, connecting: null }));
  }
}

/** WalletConnect (generic or partner app) and Base Account: SDK loaded now; the QR / deep link comes from display_uri. */
export async function connectLazy(kind: LazyKind, opts: { partner?: boolean; label: string }) {
  walletUi.set((s) => ({ ...s, connecting: opts.partner ? "partner" : kind }));
  try {
    const { wagmiConfig } = await loadWeb3();
    const connector = wagmiConfig.connectors.find((c) => c.id === kind);
    if (!connector) throw new Error(`connector ${kind} missing from the wagmi config`);
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== "display_uri" || typeof data !== "string") return;
      if (isMobileDevice()) window.location.href = opts.partner ? partnerDeepLink(data) : data;
      else walletUi.set((s) => ({ ...s, wcUri: data, wcLabel: opts.label }));
    };
    connector.emitter.on("message", onMessage);
    try {
      await connect(wagmiConfig, { connector });
      afterConnect();
    } finally {
      connector.emitter.off("message", onMessage);
    }
  } finally {
    walletUi.set((s) => ({ ...s, connecting: null, wcUri: null }));
  }
}
