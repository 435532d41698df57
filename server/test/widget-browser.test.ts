/**
 * The card flow in a real browser: a host page on the site origin asks the API for a session (CORS), opens the
 * stand-in widget with the real @wert-io/widget-initializer, and the widget's postMessage events reach the
 * initializer's listeners; Pay buys the tokens on the local chain. Needs Chromium (Debian's) and the contracts.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@shaft/chromium";
import { chromium, type Browser, type Page } from "playwright-core";
import { presaleAbi } from "../src/contracts.ts";
import { createWidgetServer } from "../src/widget/server.ts";
import { loadWidgetConfig } from "../src/widget/config.ts";
import { makeApp, TEST_SIGNER_KEY, type TestApp } from "./helpers/app.ts";
import { ACCOUNTS, chainUnavailable, startChain, type TestChain } from "./helpers/chain.ts";
import { freePort } from "./helpers/net.ts";

const require = createRequire(import.meta.url);
const skip =
  chainUnavailable() ??
  (fs.existsSync(CHROMIUM_PATH) ? undefined : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
const initializerJs = () => fs.readFileSync(require.resolve("@wert-io/widget-initializer/index.js"), "utf8");

/** The dapp's part, reduced to the minimum: ask the API for options, open the widget, record every listener call. */
function hostPage(api: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<h1>host page</h1>
<script>var module = { exports: {} }, exports = module.exports; function require(p) { if (p === "./package.json") return { version: "test" }; throw new Error(p); }</script>
<script src="/initializer.js"></script>
<script>
  window.WertWidget = module.exports;
  window.events = [];
  window.openCard = async (tokenAmount) => {
    const r = await fetch(${JSON.stringify(api)} + "/api/card/session", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: ${JSON.stringify(ACCOUNTS.buyer)}, tokenAmount, stake: false }) });
    const { data } = await r.json();
    const listeners = {};
    for (const t of ["loaded", "payment-status", "position", "rate-update", "error", "close"]) listeners[t] = (d) => window.events.push({ type: t, data: d });
    window.widget = new WertWidget({ ...data, listeners });
    window.widget.open();
    return data;
  };
</script></body></html>`;
}

void describe("card flow in a browser", { skip }, () => {
  let chain: TestChain;
  let api: TestApp;
  let widget: http.Server;
  let host: http.Server;
  let browser: Browser;
  let page: Page;
  let hostUrl: string;

  before(async () => {
    chain = await startChain();
    const hostPort = await freePort();
    const widgetPort = await freePort();
    hostUrl = `http://127.0.0.1:${hostPort}`;
    const widgetOrigin = `http://127.0.0.1:${widgetPort}`;
    api = await makeApp({
      RPC_URL_31338: chain.rpcUrl,
      PRESALE_ADDRESS_31338: chain.presale,
      WERT_ORIGIN: widgetOrigin,
      SITE_ORIGIN: hostUrl,
    });
    const apiPort = await freePort();
    await api.app.listen({ host: "127.0.0.1", port: apiPort });
    widget = createWidgetServer(
      loadWidgetConfig({
        WIDGET_PORT: String(widgetPort),
        WIDGET_RPC_URL: chain.rpcUrl,
        WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY,
        WERT_PARTNER_ID: "test-partner",
        WIDGET_PRESALE_ADDRESS: chain.presale,
      }),
    );
    await new Promise<void>((r) => widget.listen(widgetPort, "127.0.0.1", r));
    const html = hostPage(`http://127.0.0.1:${apiPort}`);
    host = http.createServer((req, res) => {
      if (req.url === "/initializer.js")
        return res.writeHead(200, { "content-type": "text/javascript" }).end(initializerJs());
      res.writeHead(200, { "content-type": "text/html" }).end(html);
    });
    await new Promise<void>((r) => host.listen(hostPort, "127.0.0.1", r));
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on("pageerror", (e) => console.error("page error:", e.message));
  });
  after(async () => {
    await browser?.close();
    // A set-up that failed half-way must not leave a promise that never settles (the run would hang, not fail).
    if (host) await new Promise((r) => host.close(r));
    if (widget) await new Promise((r) => widget.close(r));
    await api?.close();
    await chain?.stop();
  });

  const events = () =>
    page.evaluate(
      () => (window as unknown as { events: Array<{ type: string; data?: Record<string, string> }> }).events,
    );
  const waitFor = async (pred: (e: { type: string; data?: Record<string, string> }) => boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      const found = (await events()).find(pred);
      if (found) return found;
      await page.waitForTimeout(100);
    }
    assert.fail(`no ${what} event; got ${JSON.stringify(await events())}`);
  };
  const open = async (tokens: number) => {
    await page.goto(hostUrl);
    await page.evaluate(
      (n) => (window as unknown as { openCard: (n: number) => Promise<unknown> }).openCard(n),
      tokens,
    );
    await waitFor((e) => e.type === "loaded", "loaded");
    const frame = page.frames().find((f) => f.url().includes("/test-partner/widget"));
    assert.ok(frame, "the widget iframe is attached");
    return frame;
  };
  const deposits = async () =>
    chain.publicClient.readContract({
      address: chain.presale,
      abi: presaleAbi,
      functionName: "userDeposits",
      args: [ACCOUNTS.buyer],
    });

  void test("loaded, rate-update, then Pay: payment-status pending with a tx id, then success; the buyer is credited", async () => {
    const before = await deposits();
    const frame = await open(1500);
    await waitFor((e) => e.type === "rate-update", "rate-update");
    const shots = process.env.WIDGET_SCREENSHOTS;
    if (shots) {
      await page.screenshot({ path: path.join(shots, "widget-1440.png") });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(shots, "widget-390.png") });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await frame.click("#pay");
    const ok = await waitFor(
      (e) => e.type === "payment-status" && e.data?.status === "success",
      "payment-status success",
    );
    assert.match(ok.data!.tx_id, /^0x[0-9a-f]{64}$/);
    const all = await events();
    assert.ok(
      all.some((e) => e.type === "payment-status" && e.data?.status === "pending" && e.data?.tx_id === ok.data!.tx_id),
      "pending with tx id first",
    );
    assert.equal((await deposits()) - before, 1500n * 10n ** 18n);
    if (shots) await page.screenshot({ path: path.join(shots, "widget-paid.png") });
    // Close: the initializer removes the iframe and calls the close listener.
    await frame.click("#close");
    await waitFor((e) => e.type === "close", "close");
    assert.equal(await page.locator("iframe").count(), 0);
  });

  void test("3-D Secure: the initializer turns the iframe background white during the check", async () => {
    const frame = await open(300);
    await frame.click("#tds");
    await page.waitForFunction(() => document.querySelector("iframe")?.style.background.includes("255"));
    if (process.env.WIDGET_SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.WIDGET_SCREENSHOTS, "widget-3ds.png") });
    await frame.click("#tds-ok");
    await page.waitForFunction(() => document.querySelector("iframe")?.style.background === "transparent");
    await waitFor((e) => e.type === "payment-status" && e.data?.status === "success", "payment-status success");
  });

  void test("Cancel and Fail report canceled and failed", async () => {
    let frame = await open(300);
    await frame.click("#cancel");
    await waitFor((e) => e.type === "payment-status" && e.data?.status === "canceled", "canceled");
    frame = await open(300);
    await frame.click("#fail");
    await waitFor((e) => e.type === "payment-status" && e.data?.status === "failed", "failed");
  });
});
