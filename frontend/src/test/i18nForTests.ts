// i18next initialised synchronously with the English file, for component tests.
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../public/assets/i18n/en.json"), "utf8"),
) as Record<string, unknown>;

export async function initTestI18n() {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: "en",
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  return i18next;
}
