// Start-up, after the first-paint shell is on screen (main.tsx). Each step evaluates one part of the app in its own
// task and yields in between, so no single task blocks input for long on a slow phone: the UI library, then the
// translations, then the app itself, which renders time-sliced.
import { yieldToMain } from "../shared/schedule.ts";
import { env } from "../config/env.ts";
import { detectLanguage, langFromPath, localizePath, readSavedLang } from "../features/i18n/index.ts";
import { captureTracking } from "../shared/tracking.ts";

export async function boot(): Promise<void> {
  if (env.production) for (const k of ["log", "debug", "info"] as const) console[k] = () => {};

  // Language before the first render: URL segment, saved choice, browser, English. A root URL whose detected
  // language is not English is replaced by its /{lang} equivalent.
  const { pathname, search, hash } = window.location;
  const saved = (() => {
    try {
      return readSavedLang(window.localStorage);
    } catch {
      return null;
    }
  })();
  const lang = detectLanguage({ pathname, browserLanguages: navigator.languages ?? [navigator.language], saved });
  if (!langFromPath(pathname) && lang !== "en")
    window.history.replaceState(null, "", localizePath(pathname, lang) + search + hash);
  captureTracking();

  await import("react-dom/client");
  await yieldToMain();
  const { initI18n } = await import("../features/i18n/i18n.ts");
  void initI18n(lang);
  await yieldToMain();
  const { mount } = await import("./mount.tsx");
  // The presale reads (viem) start downloading now, so the first render's queries find them loaded.
  void import("../presale/chainReads.ts");
  await yieldToMain();
  await mount(document.getElementById("root")!);
}
