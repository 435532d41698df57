import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import "./styles/global.css";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { env } from "./config/env.ts";
import { detectLanguage, langFromPath, localizePath, readSavedLang } from "./features/i18n/detect.ts";
import { initI18n } from "./features/i18n/i18n.ts";
import { Providers } from "./app/Providers.tsx";
import { routes } from "./app/routes.tsx";
import { captureTracking } from "./shared/tracking.ts";
import { loadWeb3 } from "./features/wallet/walletState.ts";

if (env.production) for (const k of ["log", "debug", "info"] as const) console[k] = () => {};

// Language before the first render: URL segment, saved choice, browser, English. A root URL whose detected language
// is not English is replaced by its /{lang} equivalent.
const { pathname, search, hash } = window.location;
const saved = (() => { try { return readSavedLang(window.localStorage); } catch { return null; } })();
const lang = detectLanguage({ pathname, browserLanguages: navigator.languages ?? [navigator.language], saved });
if (!langFromPath(pathname) && lang !== "en") window.history.replaceState(null, "", localizePath(pathname, lang) + search + hash);

captureTracking();
void initI18n(lang);

const router = createBrowserRouter(routes);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      {/* No fallback: until translations arrive the first-paint shell from index.html stays on screen. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);

// The chain layer (wagmi, viem, connectors) is fetched right after the first render, not before it.
requestAnimationFrame(() => void loadWeb3());
