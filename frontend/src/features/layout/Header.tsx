import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { TIMINGS } from "../../config/constants.ts";
import { shortAddress } from "../../shared/format.ts";
import { useScrolledPast } from "../../shared/hooks.ts";
import { CloseIcon, MenuIcon } from "../../shared/icons.tsx";
import { localizePath, stripLang, useCurrentLang } from "../i18n/index.ts";
import { loadWeb3, useWallet } from "../../chain/index.ts";

const disconnectWallet = () => loadWeb3().then((m) => m.disconnectWallet());
import { openConnectModal } from "../wallet/index.ts";
import { LanguagePicker } from "./LanguagePicker.tsx";
import { NAV_EXTERNAL } from "./links.ts";
import { Logo } from "./Logo.tsx";
import { motionMs, scrollBehavior } from "../../shared/motion.ts";

function scrollToWidget() {
  document.getElementById("buy-widget")?.scrollIntoView({ behavior: scrollBehavior(), block: "center" });
}

/** Navigation to the URL already shown is ignored (PRODUCT.md §2 "Router behaviour"). */
function useSameUrlGuard(onNavigate: () => void) {
  const { pathname, hash } = useLocation();
  return (to: string) => (e: MouseEvent) => {
    onNavigate();
    if (to === pathname + hash || (to === pathname && !hash)) e.preventDefault();
  };
}

function NavItems({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useCurrentLang();
  const home = localizePath("/", lang);
  const guard = useSameUrlGuard(onNavigate);
  return (
    <>
      <Link
        to={localizePath("/staking", lang)}
        onClick={guard(localizePath("/staking", lang))}
        data-testid="nav-staking"
      >
        {t("nav.staking")}
      </Link>
      <Link to={`${home}#how-to-buy`} onClick={guard(`${home}#how-to-buy`)} data-testid="nav-how-to-buy">
        {t("nav.how_to_buy")}
      </Link>
      <Link to={`${home}#shaft-ladder`} onClick={guard(`${home}#shaft-ladder`)} data-testid="nav-ladder">
        {t("nav.ladder")}
      </Link>
      <a href={NAV_EXTERNAL.terms} target="_blank" rel="noreferrer" data-testid="nav-terms">
        {t("nav.terms")}
      </a>
      <a href={NAV_EXTERNAL.contact} target="_blank" rel="noreferrer" data-testid="nav-contact">
        {t("nav.contact")}
      </a>
      <a
        href={NAV_EXTERNAL.resources}
        target="_blank"
        rel="noreferrer"
        className="nav-secondary"
        data-testid="nav-resources"
      >
        {t("nav.resources")}
      </a>
      <a
        href={NAV_EXTERNAL.partners}
        target="_blank"
        rel="noreferrer"
        className="nav-secondary"
        data-testid="nav-partners"
      >
        {t("nav.partners")}
      </a>
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(TIMINGS.scrollThreshold);
  const { address, isConnected } = useWallet();
  const { pathname } = useLocation();
  const onStaking = stripLang(pathname) === "/staking";
  // Mobile menu: opens with a 300 ms delay, closes with 600 ms (the CSS transition uses the same durations); at once
  // with reduced motion.
  const [menu, setMenu] = useState<"closed" | "opening" | "open" | "closing">("closed");
  useEffect(() => {
    if (menu === "opening") {
      const id = setTimeout(() => setMenu("open"), motionMs(TIMINGS.menuOpenMs));
      return () => clearTimeout(id);
    }
    if (menu === "closing") {
      const id = setTimeout(() => setMenu("closed"), motionMs(TIMINGS.menuCloseMs));
      return () => clearTimeout(id);
    }
    return undefined;
  }, [menu]);
  const closeMenu = () => setMenu((m) => (m === "closed" ? m : "closing"));
  const buyNow = () => {
    closeMenu();
    if (onStaking) {
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
      openConnectModal();
    } else scrollToWidget();
  };
  const account =
    isConnected && address ? (
      <button
        className="btn btn-ghost btn-sm mono"
        onClick={() => void disconnectWallet()}
        title={t("header.disconnect")}
        data-testid="header-address"
      >
        {shortAddress(address)}
      </button>
    ) : null;

  return (
    <header className={`header${scrolled ? " scrolled" : ""}`} data-testid="header">
      <div className="container header-inner">
        <Link
          to={localizePath("/", useCurrentLang())}
          className="header-logo"
          data-testid="header-logo"
          aria-label="SHAFT"
        >
          <Logo />
        </Link>
        <nav className="nav-desktop" aria-label="main">
          <NavItems onNavigate={() => {}} />
        </nav>
        <div className="header-actions">
          <LanguagePicker />
          {account}
          <button className="btn btn-primary btn-sm" onClick={buyNow} data-testid="header-buy-now">
            {t("header.buy_now")}
          </button>
          <button
            className="icon-btn burger"
            onClick={() => setMenu((m) => (m === "closed" || m === "closing" ? "opening" : "closing"))}
            aria-label={t("header.menu")}
            data-testid="burger"
          >
            {menu === "open" || menu === "opening" ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menu !== "closed" && (
        <div className={`mobile-menu mobile-menu-${menu}`} data-testid="mobile-menu">
          <nav aria-label="mobile">
            <NavItems onNavigate={closeMenu} />
          </nav>
          <div className="mobile-menu-actions">
            <LanguagePicker testId="mobile-language-picker" onChange={closeMenu} />
            {account}
            <button className="btn btn-primary" onClick={buyNow} data-testid="mobile-buy-now">
              {t("header.buy_now")}
            </button>
          </div>
        </div>
      )}
    </header>
  );
}
