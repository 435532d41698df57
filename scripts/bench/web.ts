/**
 * `npm run bench:web`: the dapp's web budgets, written to reports/web.json (existing keys are kept).
 *  - initialJsGzipBytes: production build of the dapp, measured by frontend/scripts/measure-bundle.mjs (the first
 *    render's JavaScript; the presale-reads and wallet layers that load next are reported beside it).
 *  - rpcRequestsPerMinuteIdle: JSON-RPC HTTP requests the page sends to each local chain per minute while open and
 *    idle with a connected wallet (the e2e suite's injected wallet), visible and then with the tab hidden.
 *  - lighthousePerformance, lcpMs: Lighthouse (mobile emulation, simulated throttling), median of five runs, on `/`
 *    and `/staking` of the local build (budget 98 each), served on loopback, in Debian's Chromium; the owner console
 *    (`/owner`, lazy) is measured the same way and reported apart (lighthouseOwnerPerformance, no budget), with the
 *    machine's load average beside the numbers.
 *  - lighthouseCategories: Lighthouse accessibility, best practices and SEO of `/`, `/staking` and `/ru`.
 *  - axe: axe-core violations on those pages and with each dialog open (connect, no-wallet promo, the
 *    are-you-sure popup, refer, the card disclaimer, the buy-and-stake modal, the language listbox and payment menu
 *    open), at 1440 and 390 px.
 * It starts its own local stack (scripts/local/stack.ts; no keeper, so nothing but the page and the measurement
 * uses the CPU) and stops it at the end. A benchmark, not a test: it
 * reports and flags numbers over budget (exit code 1), it does not retry.
 * Options (env): BENCH_IDLE_SECONDS (default 60), BENCH_SKIP=bundle,rpc,lighthouse,categories,axe.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { buildDapp, viteCli } from "../../e2e/support/build-dapp.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@shaft/chromium";
import { CHAIN_IDS, PORTS, ROOT, URLS } from "../../e2e/support/config.ts";
import { serveStatic } from "../../e2e/support/static-server.ts";
import { CONNECT_TEST_ID, TestWallet } from "../../e2e/support/wallet.ts";
import { axeViolations, type AxeViolation } from "../../e2e/support/axe.ts";
import { startLocalStack } from "../local/stack.ts";

const REPORT = path.join(ROOT, "reports/web.json");
const WORK = path.join(ROOT, ".local/bench");
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const BUDGETS = { initialJsGzipBytes: 180_000, lighthousePerformance: 98, lighthouseCategory: 100, axeViolations: 0 };
const PAGES = ["/", "/staking", "/ru"] as const;
const OWNER_PAGE = "/owner";
/** Lighthouse performance: the buyer's pages against the budget, the owner console measured apart. */
const PERFORMANCE_PAGES = ["/", "/staking", OWNER_PAGE] as const;
const log = (m: string) => console.log(`[bench:web] ${m}`);

type Report = Record<string, unknown>;
const report: Report = fs.existsSync(REPORT) ? (JSON.parse(fs.readFileSync(REPORT, "utf8")) as Report) : {};

// 1. Bundle: the production build, measured by the dapp's own script.
async function bundle(): Promise<void> {
  const out = path.join(WORK, "dist-production");
  const vite = viteCli();
  const t0 = Date.now();
  execFileSync(process.execPath, [vite, "build", "--outDir", out, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: path.join(ROOT, "frontend"),
    env: { ...process.env, VITE_APP_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const { measureBundle } = (await import(
    pathToFileURL(path.join(ROOT, "frontend/scripts/measure-bundle.mjs")).href
  )) as {
    measureBundle: (d: string) => {
      initialJsGzipBytes: number;
      initialJsBytes: number;
      initialJsFiles: unknown[];
      presaleReadsJsGzipBytes: number;
      walletLayerJsGzipBytes: number;
    };
  };
  const m = measureBundle(out);
  report.initialJsGzipBytes = m.initialJsGzipBytes;
  report.initialJsBytes = m.initialJsBytes;
  report.initialJsFiles = m.initialJsFiles;
  report.presaleReadsJsGzipBytes = m.presaleReadsJsGzipBytes;
  report.walletLayerJsGzipBytes = m.walletLayerJsGzipBytes;
  log(
    `production build in ${((Date.now() - t0) / 1000).toFixed(0)} s; initial JS ${m.initialJsGzipBytes} bytes gzipped (budget ${BUDGETS.initialJsGzipBytes}), then presale reads ${m.presaleReadsJsGzipBytes} and wallet layer ${m.walletLayerJsGzipBytes}`,
  );
}

/** Counts the page's JSON-RPC HTTP requests per chain (and the calls inside them) over `seconds`. */
async function countRpc(
  page: Page,
  seconds: number,
): Promise<Record<"eth" | "base", { requests: number; calls: number; methods: Record<string, number> }>> {
  const counts = {
    eth: { requests: 0, calls: 0, methods: {} as Record<string, number> },
    base: { requests: 0, calls: 0, methods: {} as Record<string, number> },
  };
  const onRequest = (req: import("@playwright/test").Request) => {
    const u = req.url();
    const chain = u.startsWith(URLS.eth) ? "eth" : u.startsWith(URLS.base) ? "base" : undefined;
    if (!chain || req.method() !== "POST") return;
    counts[chain].requests++;
    try {
      const body = JSON.parse(req.postData() ?? "null") as { method: string } | { method: string }[];
      for (const c of Array.isArray(body) ? body : [body]) {
        counts[chain].calls++;
        counts[chain].methods[c.method] = (counts[chain].methods[c.method] ?? 0) + 1;
      }
    } catch {
      /* not JSON */
    }
  };
  page.on("request", onRequest);
  await page.waitForTimeout(seconds * 1000); // a measurement window, not a wait for a condition
  page.off("request", onRequest);
  return counts;
}

async function idleRpc(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const ctx = await browser.newContext({ baseURL: URLS.dapp, viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    const wallet = new TestWallet(4, CHAIN_IDS.eth);
    await wallet.install(page);
    await page.goto("/");
    await page.getByTestId("buy-crypto").click();
    await page.getByTestId(CONNECT_TEST_ID).click();
    await page.getByTestId("swap-form").waitFor();
    await page.getByTestId("claimable-line").waitFor();
    await page.waitForTimeout(5_000); // warm-up: the first reads after connecting are not "idle"
    log(`idle, visible, connected: counting for ${IDLE_S} s…`);
    const visible = await countRpc(page, IDLE_S);
    // A hidden tab, as the page sees it (a string: tsx's transpiled functions carry helpers the page lacks).
    await page.evaluate(`(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("blur"));
    })()`);
    log(`idle, hidden: counting for ${IDLE_S} s…`);
    const hidden = await countRpc(page, IDLE_S);
    const perMin = (n: number) => Math.round(((n * 60) / IDLE_S) * 10) / 10;
    report.rpcRequestsPerMinuteIdle = {
      eth: perMin(visible.eth.requests),
      base: perMin(visible.base.requests),
      hidden: { eth: perMin(hidden.eth.requests), base: perMin(hidden.base.requests) },
    };
    report.rpcIdleDetail = {
      windowSeconds: IDLE_S,
      note: "HTTP requests from the page to each chain's RPC (wallet-side requests excluded); calls = JSON-RPC calls inside them (batches counted per call).",
      visible,
      hidden,
    };
    log(
      `visible: eth ${visible.eth.requests}, base ${visible.base.requests}; hidden: eth ${hidden.eth.requests}, base ${hidden.base.requests} (per ${IDLE_S} s)`,
    );
    await ctx.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run's score and the metrics it is made of (ms; CLS unitless). */
type RunMetrics = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

/** Lighthouse performance, five runs of each page, the median kept (Lighthouse's advice for run-to-run variance). */
async function lighthouseRun(): Promise<void> {
  const { launch } = await import("chrome-launcher");
  const lighthouse = (await import("lighthouse")).default;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  // Lighthouse's simulated throttling still runs on this CPU: the machine's load is reported next to the scores.
  const loadBefore = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const pages: Record<string, { score: number; lcpMs: number; runs: RunMetrics[]; report: string }> = {};
  try {
    for (const p of PERFORMANCE_PAGES) {
      const runs: (RunMetrics & { report: string })[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await lighthouse(`${URLS.dapp}${p}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = r!.lhr;
        const metric = (id: string, digits = 0) => {
          const f = 10 ** digits;
          return Math.round((lhr.audits[id].numericValue ?? 0) * f) / f;
        };
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: metric("first-contentful-paint"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift", 4),
          report: typeof r!.report === "string" ? r!.report : JSON.stringify(lhr),
        });
      }
      runs.sort((a, b) => a.score - b.score);
      const median = runs[2];
      const file = `lighthouse${p === "/" ? "" : p.replaceAll("/", "-")}.json`;
      fs.mkdirSync(WORK, { recursive: true });
      fs.writeFileSync(path.join(WORK, file), median.report); // the median run's full report
      pages[p] = {
        score: median.score,
        lcpMs: median.lcp,
        runs: runs.map(({ score, fcp, lcp, tbt, cls }) => ({ score, fcp, lcp, tbt, cls })),
        report: `.local/bench/${file}`,
      };
      log(
        `Lighthouse performance ${p}: ${median.score} (runs ${runs.map((r) => `${r.score} [FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt}, CLS ${r.cls}]`).join(", ")}), LCP ${median.lcp} ms`,
      );
    }
  } finally {
    chrome.kill();
  }
  const budgeted = PERFORMANCE_PAGES.filter((p) => p !== OWNER_PAGE);
  report.lighthousePerformance = Object.fromEntries(budgeted.map((p) => [p, pages[p].score]));
  report.lcpMs = Object.fromEntries(PERFORMANCE_PAGES.map((p) => [p, pages[p].lcpMs]));
  report.lighthouseOwnerPerformance = pages[OWNER_PAGE].score;
  report.lighthouseDetail = {
    pages,
    loadAverage: {
      before: loadBefore,
      after: os.loadavg().map((l) => Math.round(l * 100) / 100),
      cores: os.cpus().length,
    },
    note: `median of five runs per page; ${OWNER_PAGE} (the owner console, loaded lazily) is measured apart, without a budget`,
    formFactor: "mobile",
    throttling: "simulated (Lighthouse default mobile)",
    chromium: CHROMIUM_PATH,
    lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version,
  };
}

/** Lighthouse accessibility, best practices and SEO of each page (one run each: these audits do not vary). */
async function lighthouseCategories(): Promise<void> {
  const { launch } = await import("chrome-launcher");
  const lighthouse = (await import("lighthouse")).default;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const out: Record<string, { accessibility: number; bestPractices: number; seo: number; failing: string[] }> = {};
    for (const p of PAGES) {
      const r = await lighthouse(`${URLS.dapp}${p}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["accessibility", "best-practices", "seo"],
      });
      const lhr = r!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // The audits that cost points, so a score below 100 says why.
      const failing = Object.values(lhr.categories).flatMap((c) =>
        c.auditRefs.filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 1).map((a) => `${c.id}:${a.id}`),
      );
      out[p] = {
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        failing,
      };
      log(
        `Lighthouse ${p}: accessibility ${out[p].accessibility}, best practices ${out[p].bestPractices}, SEO ${out[p].seo}${failing.length ? ` (failing: ${failing.join(", ")})` : ""}`,
      );
    }
    report.lighthouseCategories = out;
  } finally {
    chrome.kill();
  }
}

/**
 * axe-core on each page and with each dialog and popup list open, at desktop and phone widths; records the
 * violations (rule, impact, targets). The dialogs that need a stake are checked in e2e's 40-claim-staking.
 */
async function axeScan(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: Record<string, { violations: AxeViolation[] }> = {};
  const scan = async (page: Page, name: string) => {
    const res = await axeViolations(page);
    results[name] = { violations: res };
    log(`axe ${name}: ${res.length ? res.map((v) => `${v.id} (${v.nodes.length})`).join(", ") : "no violation"}`);
  };
  const closeDialog = async (page: Page, testId: string) => {
    await page.keyboard.press("Escape");
    await page.getByTestId(`${testId}-root`).waitFor({ state: "detached" });
  };
  /** Opens a dialog with `open`, scans it, closes it with Escape. */
  const dialog = async (page: Page, name: string, testId: string, open: () => Promise<void>, width: number) => {
    await open();
    await page.getByTestId(testId).waitFor();
    await scan(page, `dialog:${name} @${width}`);
    await closeDialog(page, testId);
  };
  try {
    for (const width of [1440, 390]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      // Pages, as a visitor without a wallet sees them, then the dialogs a visitor opens.
      const visitor = await browser.newContext({ baseURL: URLS.dapp, viewport });
      const v = await visitor.newPage();
      for (const p of PAGES) {
        await v.goto(p);
        await v.getByRole("main").waitFor();
        await v.waitForTimeout(1_500); // the first data and the below-the-fold render
        await scan(v, width === 1440 ? p : `${p} @${width}`);
      }
      await v.goto("/");
      await dialog(v, "connect", "connect-modal", () => v.getByTestId("buy-crypto").click(), width);
      await dialog(v, "promo", "promo-modal", () => v.getByTestId("no-wallet-link").click(), width);
      if (width === 1440) {
        // On a phone the language picker lives in the menu.
        await v.getByTestId("language-picker").click();
        await v.getByRole("listbox").waitFor();
        await scan(v, `listbox:language @${width}`);
        await v.keyboard.press("Escape");
      }
      await visitor.close();

      // A connected buyer: the payment menu, the are-you-sure popup, the refer dialog, the card disclaimer, the
      // buy-and-stake modal on the staking page.
      const buyer = await browser.newContext({ baseURL: URLS.dapp, viewport });
      const b = await buyer.newPage();
      const wallet = new TestWallet(5, CHAIN_IDS.eth);
      await wallet.install(b);
      await b.goto("/");
      await b.getByTestId("buy-crypto").click();
      await b.getByTestId(CONNECT_TEST_ID).click();
      await b.getByTestId("swap-form").waitFor();
      await b.waitForTimeout(1_500);
      await scan(b, width === 1440 ? "/ (connected)" : `/ (connected) @${width}`);
      await b.getByTestId("payment-method").click();
      await b.getByRole("listbox").waitFor();
      await scan(b, `listbox:payment @${width}`);
      await b.getByTestId("payment-option-base-native").click();
      await b.getByTestId("popup-change-mode").waitFor();
      await scan(b, `dialog:popup @${width}`);
      await b.getByTestId("popup-confirm").click();
      await b.getByTestId("popup-change-mode-root").waitFor({ state: "detached" });
      await dialog(b, "refer", "refer-modal", () => b.getByTestId("refer-earn").click(), width);
      await b.getByTestId("buy-with-card-link").click();
      await b.getByTestId("token-amount").fill("1000");
      await dialog(b, "card", "card-modal", () => b.getByTestId("buy-now").click(), width);
      await b.goto("/staking");
      await dialog(b, "buy-and-stake", "swap-modal", () => b.getByTestId("buy-and-stake-open").click(), width);
      await buyer.close();
    }
  } finally {
    await browser.close();
  }
  report.axe = results;
  report.axeViolations = Object.values(results).reduce((n, r) => n + r.violations.length, 0);
}

const t0 = Date.now();
if (!SKIP.has("bundle")) await bundle();
if (!SKIP.has("rpc") || !SKIP.has("lighthouse") || !SKIP.has("categories") || !SKIP.has("axe")) {
  const stack = await startLocalStack({
    ethPort: PORTS.eth,
    basePort: PORTS.base,
    frontend: false,
    keeper: false,
    log: (m) => log(`stack: ${m}`),
  });
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  try {
    const dist = path.join(WORK, "dist-local");
    buildDapp(dist, log);
    server = await serveStatic(dist, PORTS.dapp);
    if (!SKIP.has("rpc")) await idleRpc();
    if (!SKIP.has("lighthouse")) await lighthouseRun();
    if (!SKIP.has("categories")) await lighthouseCategories();
    if (!SKIP.has("axe")) await axeScan();
  } finally {
    await server?.close();
    await stack.stop();
  }
}
report.generatedAt = new Date().toISOString();
report.budgets = {
  initialJsGzipBytes: BUDGETS.initialJsGzipBytes,
  lighthousePerformance: BUDGETS.lighthousePerformance,
  lighthouseAccessibilityBestPracticesSeo: BUDGETS.lighthouseCategory,
  axeViolations: BUDGETS.axeViolations,
  rpcRequestsPerMinuteIdleHidden: 0,
};
fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.writeFileSync(REPORT, JSON.stringify(report, null, 2) + "\n");
log(`wrote ${path.relative(ROOT, REPORT)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const over: string[] = [];
if (typeof report.initialJsGzipBytes === "number" && report.initialJsGzipBytes > BUDGETS.initialJsGzipBytes)
  over.push("initialJsGzipBytes");
for (const [p, score] of Object.entries((report.lighthousePerformance ?? {}) as Record<string, number>))
  if (score < BUDGETS.lighthousePerformance) over.push(`lighthousePerformance.${p}`);
for (const [p, c] of Object.entries(
  (report.lighthouseCategories ?? {}) as Record<string, { accessibility: number; bestPractices: number; seo: number }>,
)) {
  for (const k of ["accessibility", "bestPractices", "seo"] as const)
    if (c[k] < BUDGETS.lighthouseCategory) over.push(`lighthouseCategories.${p}.${k}`);
}
if (typeof report.axeViolations === "number" && report.axeViolations > BUDGETS.axeViolations)
  over.push("axeViolations");
const hidden = (report.rpcRequestsPerMinuteIdle as { hidden?: { eth: number; base: number } } | undefined)?.hidden;
if (hidden && hidden.eth + hidden.base > 0) over.push("rpcRequestsPerMinuteIdle.hidden");
if (over.length) {
  console.error(`[bench:web] over budget: ${over.join(", ")}`);
  process.exitCode = 1;
}
process.exit();
