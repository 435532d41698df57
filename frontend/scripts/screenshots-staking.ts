// Screenshots of the staking page and every staking modal at 1440 px and 390 px in every language, against the
// LOCAL chains (npm start at the repository root), with real data. Into screenshots/staking/.
//
// Usage: VITE_APP_ENV=local npx vite build --outDir /tmp/staking-dist && STAKING_DIST=/tmp/staking-dist node scripts/screenshots-staking.ts
//   (SCREENSHOT_URL=http://... to use a running local-env server instead; ONLY=en,ru and WIDTHS=390 to narrow down)
//
// The wallet is an EIP-1193 provider injected into the page and announced over EIP-6963: it forwards every request
// to the local node (whose Hardhat accounts are unlocked) and can hold, reject (4001) or fail a transaction, so every
// status view can be photographed. Receipts can be slowed down (page.route) to catch the in-progress views.
// Accounts (local only): #6 holds a stake, a claimable deposit and SHAFT (see the state it needs below); #7 is empty.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@shaft/chromium";
import { chromium, type Page } from "playwright-core";
import { encodeFunctionData } from "viem";
import { preview } from "vite";
import { LANG_CODES } from "../src/features/i18n/languages.ts";

const root = path.resolve(import.meta.dirname, "..");
const out = process.env.SHOTS_DIR ?? path.join(root, "screenshots", "staking");
mkdirSync(out, { recursive: true });

const LANGS = process.env.ONLY?.split(",") ?? LANG_CODES;
const WIDTHS = process.env.WIDTHS?.split(",").map(Number) ?? [1440, 390];
const RPC: Record<number, string> = { 31337: "http://127.0.0.1:8545", 31338: "http://127.0.0.1:8546" };
const ACCOUNT_6 = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";
const ACCOUNT_7 = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const WALLET_RDNS = "io.shaft.screenshot";

/** The page's hooks into the injected wallet: the plan of the next transactions, and the release of a held one. */
type WalletHooks = { __plan: string[]; __release: (a: string) => void };

/** Runs in the page: the injected wallet. */
function injectWallet(cfg: { account: string; chainId: number; rpc: Record<number, string>; rdns: string }) {
  const releases: ((a: string) => void)[] = [];
  const hooks: WalletHooks = { __plan: [], __release: (a) => releases.shift()?.(a) };
  const w = Object.assign(window, hooks);
  let chainId = cfg.chainId;
  const listeners: Record<string, Set<(...a: unknown[]) => void>> = {};
  const emit = (ev: string, ...a: unknown[]) => listeners[ev]?.forEach((l) => l(...a));
  let id = 1;
  const rpc = async (method: string, params: unknown[] = []) => {
    const r = await fetch(cfg.rpc[chainId], {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params }),
    });
    const j = (await r.json()) as { result?: unknown; error?: { message: string; code: number; data?: unknown } };
    if (j.error) throw Object.assign(new Error(j.error.message), { code: j.error.code, data: j.error.data });
    return j.result;
  };
  const act = async (action: string, params: unknown[]) => {
    if (action === "reject") throw Object.assign(new Error("User rejected the request."), { code: 4001 });
    if (action === "fail") throw Object.assign(new Error("Internal JSON-RPC error: nonce too low"), { code: -32603 });
    const tx = { ...(params[0] as object), from: cfg.account };
    return rpc("eth_sendTransaction", [tx]);
  };
  const provider = {
    isShaftScreenshot: true,
    async request({ method, params = [] }: { method: string; params?: unknown[] }) {
      switch (method) {
        case "eth_requestAccounts":
          sessionStorage.setItem("__wallet_auth", "1");
          return [cfg.account];
        case "eth_accounts":
          return sessionStorage.getItem("__wallet_auth") ? [cfg.account] : [];
        case "eth_chainId":
          return "0x" + chainId.toString(16);
        case "wallet_requestPermissions":
        case "wallet_getPermissions":
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_revokePermissions":
          return null;
        case "wallet_switchEthereumChain": {
          const next = parseInt((params[0] as { chainId: string }).chainId, 16);
          if (!cfg.rpc[next]) throw Object.assign(new Error("Unrecognized chain"), { code: 4902 });
          chainId = next;
          emit("chainChanged", "0x" + next.toString(16));
          return null;
        }
        case "wallet_addEthereumChain":
          return null;
        case "eth_sendTransaction": {
          const plan = w.__plan.shift() ?? "pass";
          if (plan === "hold") {
            const action = await new Promise<string>((resolve) => releases.push(resolve));
            return act(action, params);
          }
          return act(plan, params);
        }
        default:
          return rpc(method, params);
      }
    },
    on: (ev: string, l: (...a: unknown[]) => void) => void (listeners[ev] ??= new Set()).add(l),
    removeListener: (ev: string, l: (...a: unknown[]) => void) => void listeners[ev]?.delete(l),
  };
  const icon =
    "data:image/svg+xml;base64," +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f5b82e"/></svg>',
    );
  const info = { uuid: "6b0c6c9e-0000-4000-8000-000000000006", name: "Test Wallet", icon, rdns: cfg.rdns };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

async function rpcNode(chainId: number, method: string, params: unknown[]) {
  const r = await fetch(RPC[chainId], {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const j = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (j.error) throw new Error(j.error.message);
  return j.result;
}

/** approve(staking, 0) from account #6, so that each run shows the authorise step. */
async function resetAllowance() {
  const { deployedContracts } = await import("../../deployments/deployedContracts.ts");
  const base = deployedContracts[31338];
  const data = encodeFunctionData({
    abi: base.SaleToken.abi,
    functionName: "approve",
    args: [base.Staking.address, 0n],
  });
  await rpcNode(31338, "eth_sendTransaction", [{ from: ACCOUNT_6, to: base.SaleToken.address, data }]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let baseUrl = process.env.SCREENSHOT_URL;
  if (!baseUrl) {
    server = await preview({
      root,
      build: { outDir: process.env.STAKING_DIST ?? path.join(root, "dist") },
      preview: { port: 4180, host: "127.0.0.1", strictPort: false },
    });
    baseUrl = server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? "http://127.0.0.1:4180";
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const slow = { on: false };
  try {
    for (const width of WIDTHS) {
      for (const account of [ACCOUNT_7, ACCOUNT_6]) {
        const ctx = await browser.newContext({
          viewport: { width, height: width < 500 ? 844 : 900 },
          deviceScaleFactor: 1,
        });
        await ctx.addInitScript(injectWallet, {
          account,
          chainId: account === ACCOUNT_7 ? 31337 : 31338,
          rpc: RPC,
          rdns: WALLET_RDNS,
        });
        await ctx.route(/127\.0\.0\.1:854[56]/, async (route) => {
          const body = route.request().postData() ?? "";
          if (slow.on && body.includes("eth_getTransactionReceipt")) await sleep(2500);
          await route.continue();
        });
        const page = await ctx.newPage();
        page.on("pageerror", (e) => console.warn("pageerror", e.message));
        for (const lang of LANGS) {
          const shot = async (name: string, full = false) => {
            await sleep(450);
            await page.screenshot({ path: path.join(out, `${name}-${lang}-${width}.png`), fullPage: full });
          };
          const url = `${baseUrl}${lang === "en" ? "" : `/${lang}`}/staking`;
          await page.goto(url, { waitUntil: "networkidle" });
          await page.waitForSelector('[data-testid="staking-page"]');
          if (account === ACCOUNT_7) {
            await runEmptyAccount(page, shot);
          } else {
            await resetAllowance();
            try {
              await runFullAccount(page, shot, slow, `${lang}-${width}`);
            } catch (err) {
              await page.screenshot({ path: path.join(out, `ERROR-${lang}-${width}.png`) });
              throw err;
            }
          }
          console.log(`done ${width} ${lang} ${account.slice(0, 6)}`);
        }
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
    server?.httpServer.close();
  }
}

type Shot = (name: string, full?: boolean) => Promise<void>;
const tid = (id: string) => `[data-testid="${id}"]`;

async function connectIfNeeded(page: Page) {
  await page.waitForTimeout(600);
  if (
    await page
      .locator(tid("staking-connect"))
      .isVisible()
      .catch(() => false)
  ) {
    await page.click(tid("staking-connect"));
    await page.click(tid(`connect-injected-${WALLET_RDNS}`));
    await page.waitForSelector(tid("staking-connect"), { state: "detached" });
  }
}

/** Account #7 (nothing bought), on Ethereum first: not connected, wrong chain popup, buy-and-stake modal. */
async function runEmptyAccount(page: Page, shot: Shot) {
  // start disconnected in every language: forget the stored connection
  await page.evaluate(() => {
    sessionStorage.removeItem("__wallet_auth");
    for (const k of Object.keys(localStorage)) if (k.startsWith("shaft.wagmi")) localStorage.removeItem(k);
  });
  await page.reload({ waitUntil: "networkidle" });
  await page.waitForTimeout(600);
  if (
    await page
      .locator(tid("staking-connect"))
      .isVisible()
      .catch(() => false)
  ) {
    await shot("staking-disconnected", true);
    await page.click(tid("staking-connect"));
    await page.waitForSelector(tid("connect-modal"));
    await shot("connect-from-staking");
    await page.click(tid(`connect-injected-${WALLET_RDNS}`));
    await page.waitForSelector(tid("staking-connect"), { state: "detached" });
  }
  await page.waitForSelector(tid("staking-wrong-chain"));
  await page.click(tid("staking-switch-base"));
  await page.waitForSelector(tid("popup-switch-base"));
  await shot("popup-switch-base");
  await page.click(tid("popup-confirm"));
  await page.waitForSelector(tid("staking-wrong-chain"), { state: "detached" });
  await page.click(tid("buy-and-stake-open"));
  await page.waitForSelector(tid("swap-modal"));
  await page.fill(tid("pay-amount"), "0.05");
  await page.waitForTimeout(800);
  await shot("buy-and-stake-modal");
  await page.click(tid("swap-modal-close"));
}

/** Account #6: a stake, a claimable deposit, SHAFT in the wallet. */
async function runFullAccount(page: Page, shot: Shot, slow: { on: boolean }, suffix: string) {
  await connectIfNeeded(page);
  await page
    .waitForFunction(
      () => !document.querySelector('[data-testid="staked-amount"]')?.textContent?.startsWith("0 "),
      undefined,
      { timeout: 10000 },
    )
    .catch(() => {});
  await page.waitForTimeout(800);
  await shot("staking", true);
  if (await page.locator(tid("staking-tabs")).isVisible()) {
    await page.click(tid("staking-tab-rewards"));
    await shot("staking-tab-rewards", true);
    await page.click(tid("staking-tab-info"));
    await shot("staking-tab-info", true);
    await page.click(tid("staking-tab-stake"));
  }
  // claims not live yet (no claim start on the local chain): Add stake -> claim_not_live popup
  await page.click(tid("add-stake"));
  await page.waitForSelector(tid("popup-claim-not-live"));
  await shot("popup-claim-not-live");
  await page.click(tid("popup-confirm"));
  // withdraw modal: locked
  await page.click(tid("withdraw-open"));
  await page.waitForSelector(tid("withdraw-modal"));
  await shot("withdraw-modal");
  await page.click(tid("withdraw-cancel"));
  await page.waitForTimeout(400);
  // stake modal: form, authorise -> rejected, failed, confirm, in progress, complete
  await page.click(tid("stake-open"));
  await page.waitForSelector(tid("stake-form"));
  await page.fill(tid("stake-amount"), "100");
  await shot("stake-modal");
  await page.evaluate(() => void Object.assign(window, { __plan: ["hold"] }));
  await page.click(tid("stake-submit"));
  await page.waitForSelector(tid("staking-status-approval_pending"));
  await shot("stake-authorise");
  await page.evaluate(() => (window as Window & Partial<WalletHooks>).__release?.("reject"));
  await page.waitForSelector(tid("staking-status-rejected"));
  await shot("stake-rejected");
  await page.click(tid("staking-retry"));
  await page.fill(tid("stake-amount"), "100");
  await page.evaluate(() => void Object.assign(window, { __plan: ["fail"] }));
  await page.click(tid("stake-submit"));
  await page.waitForSelector(tid("staking-status-failed"));
  await shot("stake-failed");
  await page.click(tid("staking-retry"));
  await page.fill(tid("stake-amount"), "100");
  await page.evaluate(() => void Object.assign(window, { __plan: ["pass", "hold"] }));
  await page.click(tid("stake-submit"));
  await page.waitForSelector(tid("staking-status-confirm_pending"));
  await shot("stake-confirm");
  slow.on = true;
  await page.evaluate(() => (window as Window & Partial<WalletHooks>).__release?.("pass"));
  await page.waitForSelector(tid("staking-status-in_progess"));
  await shot("stake-in-progress");
  await page.waitForSelector(tid("staking-status-complete"), { timeout: 30000 });
  slow.on = false;
  await shot("stake-complete");
  await page.waitForSelector(tid("staking-toast-success")).catch(() => {});
  await shot("staking-toast");
  await page.click(tid("staking-done"));
  await page.waitForTimeout(400);
  // claim modal: rejection, then claim rewards (harvest) in progress and complete
  if (await page.locator(tid("staking-tabs")).isVisible()) await page.click(tid("staking-tab-rewards"));
  await page.waitForSelector(`${tid("claim-rewards")}:not([disabled])`);
  await page.evaluate(() => void Object.assign(window, { __plan: ["reject"] }));
  await page.click(tid("claim-rewards"));
  await page.waitForSelector(tid("staking-status-rejected"));
  await shot("claim-modal-rejected");
  await page.click(tid("staking-close"));
  await page.waitForTimeout(400);
  slow.on = true;
  await page.click(tid("claim-rewards"));
  await page.waitForSelector(tid("staking-status-in_progess"));
  await shot("claim-modal-in-progress");
  await page.waitForSelector(tid("staking-status-complete"), { timeout: 30000 });
  slow.on = false;
  await shot("claim-modal-complete");
  await page.click(tid("staking-done"));
  // home widget: the claim buttons under the claimable line (claims not live yet on the local chain -> popup)
  await page.goto(page.url().replace(/\/staking$/, "") || "/", { waitUntil: "networkidle" });
  await connectIfNeeded(page);
  const claim = page.locator(tid("claim-actions"));
  if (
    await claim.waitFor({ timeout: 15000 }).then(
      () => true,
      () => false,
    )
  ) {
    await claim.scrollIntoViewIfNeeded();
    await page.locator(tid("buy-widget")).screenshot({ path: path.join(out, `home-claim-buttons-${suffix}.png`) });
    await page.click(tid("claim-and-stake"));
    await page.waitForSelector(tid("popup-claim-not-live"));
    await shot("home-claim-not-live");
    await page.click(tid("popup-confirm"));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
