/**
 * The owner console's private data on the real stack: a buyer who came through a referral link signs its lead and
 * buys on Base, and the API server records the conversion from the chain; the owner (the deployer, holding the owner
 * role on Base) connects on /owner, signs in with Ethereum, sees that conversion with its referrer, and downloads the
 * CSV of purchases, which must hold exactly the presales' `TokensBought` events of both chains. A wallet without the
 * role is refused and sees nothing private. Screenshots at 1440 and 390 px.
 */
import fs from "node:fs";
import { formatUnits, zeroAddress, type Address, type Hex } from "viem";
import { createSiweMessage, generateSiweNonce } from "viem/siwe";
import { BUYERS, CHAIN_IDS, URLS } from "../support/config.ts";
import { contract, deployedContract, pub, read, write, type ChainKey } from "../support/chain.ts";
import { expect, test } from "../support/fixtures.ts";
import { accountAt, CONNECT_TEST_ID, type TestWallet } from "../support/wallet.ts";
import type { Page } from "@playwright/test";

/** The indexer of the stack (scripts/local/stack.ts starts it on its default port). */
const INDEXER = "http://127.0.0.1:42069";
const OWNER = 0; // the deployer: the owner role on both presales
const REFERRER = 3;
const REFERRED = BUYERS.activity;
let referralCode = "";

async function api<T>(path: string, body: unknown): Promise<{ status: number; data: T }> {
  const r = await fetch(`${URLS.api}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, data: ((await r.json()) as { data: T }).data };
}

/** Connects the page's wallet on /owner through the private panel's own link and presses Sign in. */
async function signInOnOwnerPage(page: Page, wallet: TestWallet) {
  await page.goto("/owner");
  await expect(page.getByTestId("owner-console")).toBeVisible();
  const panel = page.getByTestId("owner-private");
  await panel.getByTestId("owner-private-connect").click();
  await page.getByTestId(CONNECT_TEST_ID).click();
  await expect(page.getByTestId("header-address")).toBeVisible();
  const asked = wallet.calls.length;
  await panel.getByTestId("owner-signin").click();
  // One prompt: the message to sign, nothing sent.
  await expect.poll(() => wallet.calls.slice(asked).map((c) => c.method)).toContain("personal_sign");
  expect(wallet.sent()).toHaveLength(0);
  return panel;
}

/** Every `TokensBought` of both presales, as the CSV must show it. */
async function purchasesOnChain(): Promise<string[][]> {
  const tokens = new Map<string, { symbol: string; decimals: number }>([
    [zeroAddress, { symbol: "ETH", decimals: 18 }],
  ]);
  const stable = (address: Address, symbol: string) => tokens.set(address.toLowerCase(), { symbol, decimals: 6 });
  stable(contract("eth", "USDT").address, "USDT");
  stable(contract("eth", "USDC").address, "USDC");
  stable(contract("base", "USDC").address, "USDC");
  const rows: string[][] = [];
  for (const chain of ["eth", "base"] as ChainKey[]) {
    const presale = deployedContract(chain, "Presale")!;
    const logs = await pub[chain].getContractEvents({
      address: presale.address,
      abi: presale.abi,
      eventName: "TokensBought",
      fromBlock: 0n,
    });
    for (const l of logs) {
      const a = (l as unknown as { args: Record<string, unknown> }).args as {
        buyer: Address;
        recipient: Address;
        paymentToken: Address;
        tokens: bigint;
        paid: bigint;
        usdValue: bigint;
      };
      const block = await pub[chain].getBlock({ blockNumber: l.blockNumber });
      const token = tokens.get(a.paymentToken.toLowerCase())!;
      rows.push([
        chain === "eth" ? "Ethereum" : "Base",
        String(CHAIN_IDS[chain]),
        l.transactionHash,
        String(l.logIndex),
        String(l.blockNumber),
        new Date(Number(block.timestamp) * 1000).toISOString(),
        a.buyer.toLowerCase(),
        a.recipient.toLowerCase(),
        token.symbol,
        formatUnits(a.paid, token.decimals),
        a.tokens.toString(),
        formatUnits(a.usdValue, 18),
      ]);
    }
  }
  return rows;
}

const byPosition = (a: string[], b: string[]) => (a[1] + a[2] + a[3]).localeCompare(b[1] + b[2] + b[3]);

test.describe("the owner", () => {
  test.use({ buyer: OWNER, walletChain: CHAIN_IDS.base });

  test("signs in on /owner, sees a referral conversion and downloads the purchases as CSV, exactly the chain's", async ({
    page,
    wallet,
  }, testInfo) => {
    // A referral link, a lead signed by the referred buyer, a purchase on Base, its conversion recorded by the server.
    const referral = await api<{ code: string }>("/api/referral", { walletAddress: accountAt(REFERRER).address });
    referralCode = referral.data.code;
    const buyer = accountAt(REFERRED);
    const issuedAt = new Date();
    const message = createSiweMessage({
      address: buyer.address,
      chainId: CHAIN_IDS.base,
      domain: new URL(URLS.dapp).host,
      uri: URLS.dapp,
      version: "1",
      nonce: generateSiweNonce(),
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + 3600_000),
      // A click id of this run: the API server's database outlives the chains, and a lead seen before is only bumped.
      resources: [`${URLS.dapp}/?referrer=${referralCode}&clickId=e2e${Date.now()}`],
    });
    const lead = await api<{ session: string }>("/api/track/lead", {
      walletAddress: buyer.address,
      message,
      signature: await buyer.signMessage({ message }),
    });
    expect(lead.status, JSON.stringify(lead.data)).toBe(201);
    const cost = await read("base", "Presale", "ethBuyHelper", [1_000n]);
    const tx: Hex = await write("base", "Presale", "buyWithEth", [1_000n, false], {
      from: REFERRED,
      value: (cost * 101n) / 100n,
    });
    // And one on Ethereum for itself, so that the export spans both chains even when this file runs alone.
    const ethCost = await read("eth", "Presale", "ethBuyHelper", [500n]);
    await write("eth", "Presale", "buyWithEth", [500n, buyer.address], {
      from: REFERRED,
      value: (ethCost * 101n) / 100n,
    });
    const conversion = await api<{ attribution: string }>("/api/track/conversion", {
      publicAddress: buyer.address,
      session: lead.data.session,
      hash: tx,
      chainId: CHAIN_IDS.base,
      event: "conversion",
    });
    expect([conversion.status, conversion.data.attribution]).toEqual([201, "wallet_signed_lead"]);

    const panel = await signInOnOwnerPage(page, wallet);
    await expect(panel.getByTestId("owner-signed-in")).toContainText("0xf39F");
    const row = panel.locator(`[data-testid="owner-conversion"][data-tx="${tx}"]`);
    await expect(row).toContainText(referralCode);
    await expect(row).toContainText("1,000");

    // The CSV once the indexer holds every purchase the chains have.
    const chain = (await purchasesOnChain()).sort(byPosition);
    await expect
      .poll(
        async () => {
          const r = await fetch(`${INDEXER}/purchases?limit=5000`).catch(() => undefined);
          return r?.ok ? ((await r.json()) as { purchases: unknown[] }).purchases.length : -1;
        },
        { timeout: 30_000 },
      )
      .toBe(chain.length);
    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByTestId("owner-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^purchases-\d{4}-\d\d-\d\d\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "chain,chain_id,tx_hash,log_index,block_number,block_time,buyer,base_recipient,pay_token,amount_paid,tokens,usd",
    );
    const csv = lines.slice(1).map((l) => l.split(","));
    expect(new Set(csv.map((r) => r[0]))).toEqual(new Set(["Ethereum", "Base"]));
    expect(csv.sort(byPosition)).toEqual(chain);
    expect(csv.some((r) => r[2] === tx)).toBe(true);
    testInfo.annotations.push({ type: "purchases exported", description: String(csv.length) });

    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath("owner-private-1440.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath("owner-private-390.png") });
  });
});

test.describe("a wallet without the owner role", () => {
  test.use({ buyer: REFERRED, walletChain: CHAIN_IDS.base });

  test("is refused at sign-in and sees nothing private", async ({ page, wallet }, testInfo) => {
    const panel = await signInOnOwnerPage(page, wallet);
    await expect(panel.getByTestId("owner-signin-refused")).toContainText("does not hold the owner role");
    await expect(panel.getByTestId("owner-csv")).toHaveCount(0);
    await expect(panel.getByTestId("owner-conversions")).toHaveCount(0);
    if (referralCode) expect(await page.content()).not.toContain(referralCode);
    await panel.screenshot({ path: testInfo.outputPath("owner-refused-1440.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath("owner-refused-390.png") });
  });
});
