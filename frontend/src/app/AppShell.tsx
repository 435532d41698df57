import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Footer } from "../features/layout/Footer.tsx";
import { Header } from "../features/layout/Header.tsx";
import { useLanguageSync } from "../features/i18n/useLanguageSync.ts";
import { useBuyUi } from "../features/buy/buyUi.ts";
import { useWalletUi } from "../features/wallet/walletUi.ts";
import { WalletLifecycle } from "../features/wallet/WalletLifecycle.tsx";
import { BelowTheFold } from "../shared/BelowTheFold.tsx";
import { Popup } from "../shared/Popup.tsx";
import { Toasts } from "../shared/Toasts.tsx";
import { useOnceTrue } from "../shared/hooks.ts";

const ConnectModal = lazy(() => import("../features/wallet/ConnectModal.tsx"));
const PromoModal = lazy(() => import("../features/wallet/PromoModal.tsx"));
const ReferModal = lazy(() => import("../features/buy/ReferModal.tsx"));
const SwapModal = lazy(() => import("../features/buy/SwapModal.tsx"));

/** Anchor scrolling: a URL hash scrolls its section into view. */
function HashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const tryScroll = (n: number) => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView({ behavior: "smooth", block: "start" });
      else if (n > 0) setTimeout(() => tryScroll(n - 1), 100);
    };
    tryScroll(20);
  }, [hash, pathname]);
  return null;
}

export function AppShell() {
  useLanguageSync();
  // The first-paint shell of index.html (build/shell.ts) gives way to the app in the same frame.
  useLayoutEffect(() => document.getElementById("shell")?.remove(), []);
  const w = useWalletUi();
  const b = useBuyUi();
  const connect = useOnceTrue(w.connectOpen);
  const promo = useOnceTrue(w.promoOpen);
  const refer = useOnceTrue(b.referOpen);
  const swap = useOnceTrue(!!b.swapModal);
  return (
    <div className="app">
      <Header />
      <main>
        <Suspense
          fallback={
            <div className="page-loading">
              <span className="spinner" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <BelowTheFold>
        <Footer />
      </BelowTheFold>
      <Suspense fallback={null}>
        {connect && <ConnectModal />}
        {promo && <PromoModal />}
        {refer && <ReferModal />}
        {swap && <SwapModal />}
      </Suspense>
      <Popup />
      <Toasts />
      <WalletLifecycle />
      <HashScroll />
      <ScrollRestoration getKey={(l) => l.pathname} />
    </div>
  );
}
