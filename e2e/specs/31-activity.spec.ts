/**
 * "My activity" and the owner console on the real stack (the indexer started by startLocalStack with the rest): an
 * Ethereum purchase appears in the buyer's panel as "sent to Base" once the keeper has relayed it, while Base does not
 * mine (automine off: the bridge's delivery waits in Base's mempool, as a slow deposit would), then "claimable on Base"
 * once Base mines it; the steps the panel showed only move forward. The console at /owner counts the purchase.
 * Screenshots at 1440 and 390 px of both.
 */
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { pub, read, write } from "../support/chain.ts";
import { expect, openAndConnect, test } from "../support/fixtures.ts";

test.use({ buyer: BUYERS.activity, walletChain: CHAIN_IDS.eth });

const TOKENS = 1_500n;
const STAGES = ["bought", "sent", "onBase"];

test("an Ethereum purchase goes from bought to sent to Base to claimable on Base in My activity", async ({
  page,
  wallet,
}, testInfo) => {
  await openAndConnect(page, wallet);
  const panel = page.getByTestId("activity-panel");
  await expect(panel).toBeVisible();

  const base = (method: string, params: unknown[] = []) =>
    pub.base.request({ method, params } as unknown as Parameters<typeof pub.base.request>[0]);
  await base("evm_setAutomine", [false]);
  const cost = await read("eth", "Presale", "ethBuyHelper", [TOKENS]);
  const tx = await write("eth", "Presale", "buyWithEth", [TOKENS, wallet.address], {
    from: wallet.index,
    value: (cost * 102n) / 100n,
  });

  const item = panel.locator(`[data-testid="activity-purchase"][data-tx="${tx}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId("activity-tokens")).toContainText("1,500");

  // The stages the panel shows while it refreshes (every 5 s): relayed, then on Base once Base mines again.
  const seen: string[] = [];
  const stageIs = (want: string) =>
    expect
      .poll(
        async () => {
          const stage = (await item.getByTestId("journey").getAttribute("data-stage")) ?? "";
          if (seen.at(-1) !== stage) seen.push(stage);
          return stage;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(want);
  try {
    await stageIs("sent");
    await expect(item.getByTestId("journey-relay-tx")).toBeVisible();
    await expect(item.getByTestId("journey-expected")).toBeVisible();
    await expect(item.getByTestId("journey-sent")).toHaveClass("current");
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath("activity-sent-1440.png") });
  } finally {
    await base("evm_setAutomine", [true]);
    await base("evm_mine");
  }
  await stageIs("onBase");
  const order = seen.map((s) => STAGES.indexOf(s));
  expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
  await expect(item.getByTestId("journey-relay-tx")).toBeVisible();
  await expect(item.getByTestId("journey-credit-tx")).toBeVisible();
  await expect(item.getByTestId("journey-onBase")).toHaveClass("current");
  testInfo.annotations.push({ type: "stages seen", description: seen.join(" → ") });

  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: testInfo.outputPath("activity-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: testInfo.outputPath("activity-390.png") });

  // The owner console counts it on Ethereum, with no wallet needed.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/owner");
  await expect(page.getByTestId("owner-console")).toBeVisible();
  const sold = await read("eth", "Presale", "localTokensSold");
  await expect(page.getByTestId("owner-sold-eth")).toHaveText(Number(sold).toLocaleString("en-US"));
  await expect(page.getByTestId("check-in-flight")).toHaveAttribute("data-ok", "true");
  await page.screenshot({ path: testInfo.outputPath("owner-1440.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("owner-390.png"), fullPage: true });
});
