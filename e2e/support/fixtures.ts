/** Test fixtures: a page with the injected test wallet for the test file's own buyer, and common dapp steps. */
import fs from "node:fs";
import { test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { CHAIN_IDS } from "./config.ts";
import { CONNECT_TEST_ID, TestWallet, type LocalChainId, type WalletMode } from "./wallet.ts";

type Fixtures = {
  /** Hardhat account index of the buyer (set per spec file with test.use({ buyer })). */
  buyer: number;
  /** Chain the wallet is on when the page opens. */
  walletChain: LocalChainId;
  /** Install the injected wallet (false: a visitor without any wallet). */
  withWallet: boolean;
  /** What the wallet announces: EIP-5792 batches, typed-data signatures only, or neither (support/wallet.ts). */
  walletMode: WalletMode;
  wallet: TestWallet;
};

export const test = base.extend<Fixtures>({
  buyer: [3, { option: true }],
  walletChain: [CHAIN_IDS.eth, { option: true }],
  withWallet: [true, { option: true }],
  walletMode: ["legacy", { option: true }],
  wallet: async ({ page, buyer, walletChain, withWallet, walletMode }, use, testInfo) => {
    const w = new TestWallet(buyer, walletChain, walletMode);
    const consoleLines: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") consoleLines.push(`[${m.type()}] ${m.text()}`);
    });
    page.on("pageerror", (e) => consoleLines.push(`[pageerror] ${e.message}`));
    if (withWallet) await w.install(page);
    await use(w);
    if (testInfo.status !== testInfo.expectedStatus) {
      // Diagnostics for a failure: what the dapp asked the wallet, and what the page complained about.
      const calls = testInfo.outputPath("wallet-calls.json");
      fs.writeFileSync(
        calls,
        JSON.stringify(w.calls, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2),
      );
      const cons = testInfo.outputPath("console.txt");
      fs.writeFileSync(cons, consoleLines.join("\n"));
      testInfo.attachments.push(
        { name: "wallet-calls", path: calls, contentType: "application/json" },
        { name: "console", path: cons, contentType: "text/plain" },
      );
    }
  },
});
export { expect };

/** Opens `path` with the wallet installed and connects it through the connect modal's browser-wallet row. */
export async function openAndConnect(page: Page, wallet: TestWallet, path = "/"): Promise<void> {
  await page.goto(path);
  await page.getByRole("button", { name: "Buy with crypto" }).click();
  // Controls by role and accessible name: an unnamed dialog or list would fail here.
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(CONNECT_TEST_ID).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("swap-form")).toBeVisible();
  await expect(page.getByTestId("header-address")).toBeVisible();
  expect(
    wallet.calls.some(
      (c) => (c.method === "eth_requestAccounts" || c.method === "wallet_requestPermissions") && c.outcome === "ok",
    ),
  ).toBe(true);
}

/** Screenshot of the scenario's end state, attached to the report and kept in the test's output folder. */
export async function endState(page: Page, testInfo: TestInfo, name = "end-state"): Promise<void> {
  // Written once under test-results/e2e/<test>/ and linked from the HTML report.
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  testInfo.attachments.push({ name, path, contentType: "image/png" });
}

/** Whole-token figure shown by the dapp (en-US formatting, e.g. "12,345" or "12,345.0000"). */
export function parseShown(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ""));
}

/** Picks a payment token in the dropdown (confirming the are-you-sure popup when leaving ETH for Base) and waits
 * for the 1 s Max auto-fill that follows a selection, and for the token quantity the contract quotes for it.
 * `waitForMax: false` when the test types an amount at once, as a buyer may: typing cancels the pending Max. */
export async function selectPayToken(
  page: Page,
  id: string,
  opts: { confirmModeChange?: boolean; menuName?: string; waitForMax?: boolean } = {},
): Promise<void> {
  const pay = page.getByTestId("pay-amount");
  await page.getByTestId("payment-method").click();
  // By its accessible name: English unless the page is in another language (menuName, from its translation).
  const menu = page.getByRole("listbox", { name: opts.menuName ?? "Payment method" });
  await expect(menu).toBeVisible();
  const option = menu.getByTestId(`payment-option-${id}`);
  const symbol = (await option.locator(".token-row-name strong").textContent()) ?? "";
  await option.click();
  if (opts.confirmModeChange) {
    const popup = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: /^Buy with / }).click();
  }
  // The pay field is emptied with the selection and Max-filled 1 s later: on a busy machine the empty moment can pass
  // before a check sees it, so the field's label naming the new token is the sign that the selection happened.
  await expect(pay).toHaveAccessibleName(new RegExp(`\\b${symbol}\\b`));
  if (opts.waitForMax === false) return;
  await expect(pay).not.toHaveValue(""); // Max auto-filled
  await expect(page.getByTestId("token-amount")).not.toHaveValue(""); // and its quote arrived (no fill lands mid-typing)
}

/** Types a whole-token quantity (the pay amount follows after the 500 ms debounce). */
export async function enterTokens(page: Page, tokens: number): Promise<string> {
  const pay = page.getByTestId("pay-amount");
  await pay.fill("");
  await page.getByTestId("token-amount").fill(String(tokens));
  await expect(pay).not.toHaveValue("");
  return pay.inputValue();
}

/** Types `text` into `field` key by key as a person does, 80 to 200 ms apart (a fixed sequence: a run repeats). */
export async function typeLikeAPerson(field: Locator, text: string): Promise<void> {
  await field.fill("");
  for (const [i, key] of [...text].entries()) {
    await field.pressSequentially(key);
    await field.page().waitForTimeout(80 + ((i * 47) % 121));
  }
}

/** The one toast of `type` on screen has exactly this title and message (a status view's toast says its words). */
export async function expectToast(
  page: Page,
  type: "error" | "success",
  title: string,
  message: string,
): Promise<void> {
  const toast = page.getByTestId(`toast-${type}`);
  await expect(toast).toHaveCount(1);
  await expect(toast.locator("strong")).toHaveText(title);
  await expect(toast.locator(".toast-body > span")).toHaveText(message);
}

/** The hash of the last transaction the wallet sent. */
export function lastTxHash(wallet: TestWallet): `0x${string}` {
  const sent = wallet.sent();
  if (!sent.length) throw new Error("the wallet sent no transaction");
  return sent[sent.length - 1].result as `0x${string}`;
}

/** Opens the staking page and connects the wallet through the page's own Connect button. */
export async function openStakingAndConnect(page: Page, wallet: TestWallet, path = "/staking"): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId("staking-page")).toBeVisible();
  await page.getByTestId("staking-connect").click();
  await page.getByTestId(CONNECT_TEST_ID).click();
  await expect(page.getByTestId("connect-modal")).toBeHidden();
  await expect(page.getByTestId("header-address")).toBeVisible();
  await expect(page.getByTestId("staking-connect")).toHaveCount(0);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the keyboard focus, as a keyboard-only visitor moves; fails
 * after `max` presses (a control the keyboard cannot reach). Returns the number of presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  await target.waitFor({ state: "attached" });
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el.ownerDocument.hasFocus() && el.ownerDocument.activeElement === el)) return i;
  }
  throw new Error(`${String(target)} not reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

/** What has the focus: the focused element's test id, else its tag and text ("body" when focus was lost). */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return (
      el.getAttribute("data-testid") ?? `${el.tagName.toLowerCase()}:${(el.textContent ?? "").trim().slice(0, 40)}`
    );
  });
}

/**
 * No axe-core violation on the page as it is (an open dialog included) at each width (desktop, then phone), with a
 * screenshot of each (`<name>-<width>.png`); the viewport is put back afterwards.
 */
export async function expectAccessible(
  page: Page,
  testInfo: TestInfo,
  name: string,
  widths: readonly number[] = [1440, 390],
): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      expect(await axeViolations(page), `axe: ${name} at ${width} px`).toEqual([]);
      await endState(page, testInfo, `${name}-${width}`);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
