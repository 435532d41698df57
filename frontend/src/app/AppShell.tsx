import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Footer, Header } from "../features/layout/index.ts";
import { useLanguageSync } from "../features/i18n/index.ts";
import { loadReferModal, loadSwapModal, useBuyUi } from "../features/buy/index.ts";
import { loadConnectModal, loadPromoModal, useWalletUi, WalletLifecycle } from "../features/wallet/index.ts";
import { BelowTheFold } from "../shared/BelowTheFold.tsx";
import { Popup } from "../shared/Popup.tsx";
import { Toasts } from "../shared/Toasts.tsx";
import { useOnceTrue } from "../shared/hooks.ts";
import { scrollBehavior } from "../shared/motion.ts";

const ConnectModal = lazy(loadConnectModal);
const PromoModal = lazy(loadPromoModal);
const ReferModal = lazy(loadReferModal);
const SwapModal = lazy(loadSwapModal);

/** Anchor scrolling: a URL hash scrolls its section into view. */
function HashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const tryScroll = (n: number) => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
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
