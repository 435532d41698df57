// Screenshots of the built dapp at 1440 px and 390 px in every language (plus a few states), into screenshots/.
// Usage: npm run build && node scripts/screenshots.ts   (SCREENSHOT_URL=http://... to use a running server)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@shaft/chromium";
import { chromium, type Page } from "playwright-core";
import { preview } from "vite";
import { LANG_CODES } from "../src/features/i18n/languages.ts";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "screenshots");
mkdirSync(out, { recursive: true });

const LANGS = LANG_CODES;
const WIDTHS = [1440, 390];

async function main() {
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let base = process.env.SCREENSHOT_URL;
  if (!base) {
    server = await preview({ root, preview: { port: 4173, host: "127.0.0.1", strictPort: false } });
    base = server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? "http://127.0.0.1:4173";
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const only = process.env.ONLY?.split(",");
  try {
    for (const width of WIDTHS) {
      const mobile = width < 500;
      const ctx = await browser.newContext({
        viewport: { width, height: mobile ? 844 : 900 },
        deviceScaleFactor: 1,
        isMobile: mobile,
        hasTouch: mobile,
        userAgent: mobile
          ? "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
          : undefined,
      });
      const page = await ctx.newPage();
      for (const lang of LANGS) {
        if (only && !only.includes(lang)) continue;
        const url = `${base}${lang === "en" ? "/" : `/${lang}`}`;
        await page.goto(url, { waitUntil: "networkidle" });
        await page.waitForSelector('[data-testid="banner-title"]');
        // Sections below the first screen use content-visibility: auto (painted as they scroll into view); a
        // full-page capture has to ask for all of them.
        await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(out, `home-${lang}-${width}.png`), fullPage: true });
        if (process.env.SEGMENTS) await segments(page, `home-${lang}-${width}`);
        if (lang === "en" || process.env.ALL_STATES) await states(page, lang, width);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    server?.httpServer.close();
  }
}

/** Viewport-sized slices of the full page, easier to inspect than one very tall image. */
async function segments(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const vp = page.viewportSize()!;
  for (let y = 0, i = 0; y < height; y += vp.height, i++) {
    await page.screenshot({
      path: path.join(out, `${name}-part${i}.png`),
      fullPage: true,
      clip: { x: 0, y, width: vp.width, height: Math.min(vp.height, height - y) },
    });
  }
}

async function states(page: Page, lang: string, width: number) {
  const shot = (name: string) => page.screenshot({ path: path.join(out, `${name}-${lang}-${width}.png`) });
  await page.click('[data-testid="buy-crypto"]');
  await page.waitForSelector('[data-testid="connect-modal"]');
  await page.waitForTimeout(400);
  await shot("connect-modal");
  await page.click('[data-testid="connect-no-wallet"]');
  await page.waitForSelector('[data-testid="promo-modal"]');
  await page.waitForTimeout(400);
  await shot("promo-modal");
  await page.click('[data-testid="promo-modal-close"]');
  if (width < 500) {
    await page.click('[data-testid="burger"]');
    await page.waitForTimeout(1000);
    await shot("mobile-menu");
    await page.click('[data-testid="burger"]');
  }
  const u = new URL(page.url());
  await page.goto(`${u.origin}${lang === "en" ? "" : `/${lang}`}/staking`, { waitUntil: "networkidle" });
  await page.waitForSelector('[data-testid="staking-page"]');
  await shot("staking");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
