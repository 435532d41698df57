/**
 * One wallet prompt per action, for each kind of wallet (support/wallet.ts modes):
 * - batch (EIP-5792 atomic batches): approve-and-buy and approve-and-stake as one wallet_sendCalls;
 * - plain (no batches, signs typed data): a USDC purchase and a stake take one permit signature and one transaction;
 *   USDT (no permit) stays sequential;
 * - legacy (neither): the approval transaction(s) first, as always.
 * Each flow is checked on chain; the prompt counts and the gas paid go to test-results/flows.json (reports/flows.json
 * with `npm run bench:flows`).
 */
import fs from "node:fs";
import path from "node:path";
import { decodeFunctionData } from "viem";
import { BUYERS, CHAIN_IDS, ROOT } from "../support/config.ts";
import {
  allowance,
  contract,
  deployedContract,
  deposits,
  leaveUsdtAllowance,
  pub,
  read,
  tokenBalance,
  WHOLE,
  write,
  type ChainKey,
} from "../support/chain.ts";
import {
  endState,
  enterTokens,
  expect,
  expectToast,
  openAndConnect,
  openStakingAndConnect,
  selectPayToken,
  test,
} from "../support/fixtures.ts";
import { accountAt, type TestWallet, type WalletMode } from "../support/wallet.ts";

test.describe.configure({ mode: "serial" });

const UNLIMITED = 10n ** 26n;
type Flow = "usdc_first_purchase" | "usdt_purchase_nonzero_allowance" | "stake_from_wallet";
type Row = { prompts: number; methods: string[]; transactions: number; gasUsed: string };
const rows: Partial<Record<Flow, Partial<Record<WalletMode, Row>>>> = {};

/** What the user was asked during an action (from call number `from` on), and the gas its transactions used. */
async function measure(chain: ChainKey, wallet: TestWallet, from: number): Promise<Row & { functions: string[] }> {
  const prompts = wallet.prompts(from);
  const hashes = wallet.txHashes(from);
  const receipts = await Promise.all(hashes.map((hash) => pub[chain].getTransactionReceipt({ hash })));
  for (const r of receipts) expect(r.status).toBe("success");
  const functions = await Promise.all(
    hashes.map(async (hash) => {
      const tx = await pub[chain].getTransaction({ hash });
      const known = ["Presale", "Staking", "USDC", "USDT", "SaleToken"]
        .map((n) => deployedContract(chain, n))
        .find((c) => c?.address.toLowerCase() === tx.to?.toLowerCase());
      return known ? decodeFunctionData({ abi: known.abi, data: tx.input }).functionName : "?";
    }),
  );
  const gasUsed = receipts.reduce((sum, r) => sum + r.gasUsed, 0n);
  return {
    prompts: prompts.length,
    methods: prompts.map((c) => c.method),
    transactions: hashes.length,
    gasUsed: gasUsed.toString(),
    functions,
  };
}

function record(flow: Flow, mode: WalletMode, m: Row) {
  (rows[flow] ??= {})[mode] = {
    prompts: m.prompts,
    methods: m.methods,
    transactions: m.transactions,
    gasUsed: m.gasUsed,
  };
}

/** Hardhat #4 (funded, no spec of its own) buys once with each stablecoin and stakes once, so every mode's first
 * purchase meets the same warm contract storage and the gas figures compare the routes, not the run order. */
const WARM_UP = 4;
test.beforeAll(async () => {
  const presale = contract("eth", "Presale").address;
  for (const [token, buy, quote] of [
    ["USDC", "buyWithUSDC", "usdcBuyHelper"],
    ["USDT", "buyWithUSDT", "usdtBuyHelper"],
  ] as const) {
    const cost = await read("eth", "Presale", quote, [100n]);
    if ((await allowance("eth", token, accountAt(WARM_UP).address, presale)) === 0n)
      await write("eth", token, "approve", [presale, 10n ** 12n], { from: WARM_UP });
    await write("eth", "Presale", buy, [100n, cost * 2n, accountAt(WARM_UP).address], { from: WARM_UP });
  }
  const staking = contract("base", "Staking").address;
  await write("base", "SaleToken", "transfer", [accountAt(WARM_UP).address, 100n * WHOLE]);
  await write("base", "SaleToken", "approve", [staking, 100n * WHOLE], { from: WARM_UP });
  await write("base", "Staking", "deposit", [100n * WHOLE], { from: WARM_UP });
});

test.afterAll(() => {
  if (!Object.keys(rows).length) return;
  // An ignored file on every run; `npm run bench:flows` asks for the committed report (FLOWS_REPORT=reports/flows.json).
  const file = path.join(ROOT, process.env.FLOWS_REPORT ?? "test-results/flows.json");
  const note =
    "Wallet prompts (signatures, transactions, batches) and gas paid (sum of the receipts' gasUsed) per flow and wallet mode, " +
    "measured by e2e/specs/16-one-prompt.spec.ts on the local chains, each mode's buyer a fresh account after a warm-up " +
    "purchase and stake by another one. The test wallet holds a plain key: a batch runs as " +
    "back-to-back transactions, so its gas is that of the separate calls (a smart or EIP-7702 wallet runs them as one " +
    "transaction and pays one base fee).";
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ note, generatedAt: new Date().toISOString(), flows: rows }, null, 2)}\n`);
});

const MODES: { mode: WalletMode; buyer: number }[] = [
  { mode: "batch", buyer: BUYERS.promptBatch },
  { mode: "plain", buyer: BUYERS.promptPlain },
  { mode: "legacy", buyer: BUYERS.promptLegacy },
];
/** Prompts expected per flow and mode (the acceptance of the one-prompt flows). */
const EXPECTED: Record<Flow, Record<WalletMode, { methods: string[]; functions: string[] }>> = {
  usdc_first_purchase: {
    batch: { methods: ["wallet_sendCalls"], functions: ["approve", "buyWithUSDC"] },
    plain: { methods: ["eth_signTypedData_v4", "eth_sendTransaction"], functions: ["buyWithUSDCPermit"] },
    legacy: { methods: ["eth_sendTransaction", "eth_sendTransaction"], functions: ["approve", "buyWithUSDC"] },
  },
  usdt_purchase_nonzero_allowance: {
    batch: { methods: ["wallet_sendCalls"], functions: ["approve", "approve", "buyWithUSDT"] },
    plain: {
      methods: ["eth_sendTransaction", "eth_sendTransaction", "eth_sendTransaction"],
      functions: ["approve", "approve", "buyWithUSDT"],
    },
    legacy: {
      methods: ["eth_sendTransaction", "eth_sendTransaction", "eth_sendTransaction"],
      functions: ["approve", "approve", "buyWithUSDT"],
    },
  },
  stake_from_wallet: {
    batch: { methods: ["wallet_sendCalls"], functions: ["approve", "deposit"] },
    plain: { methods: ["eth_signTypedData_v4", "eth_sendTransaction"], functions: ["depositWithPermit"] },
    legacy: { methods: ["eth_sendTransaction", "eth_sendTransaction"], functions: ["approve", "deposit"] },
  },
};

for (const { mode, buyer } of MODES) {
  test.describe(`${mode} wallet`, () => {
    test.use({ buyer, walletMode: mode });

    test.describe("on Ethereum", () => {
      test.use({ walletChain: CHAIN_IDS.eth });

      if (mode === "batch") {
        test("a refused batch is 'rejected', not 'failed', and changes nothing", async ({ page, wallet }, testInfo) => {
          const presale = contract("eth", "Presale").address;
          await openAndConnect(page, wallet);
          await selectPayToken(page, "eth-usdc", { waitForMax: false }); // the amount is typed at once
          const before = await deposits("eth", wallet.address);
          await enterTokens(page, 1_000);
          const from = wallet.calls.length;
          wallet.rejectNext("wallet_sendCalls");
          await page.getByTestId("buy-now").click();
          await expect(page.getByTestId("swap-status-rejected")).toBeVisible();
          await expect(page.getByTestId("swap-status-failed")).toHaveCount(0);
          expect(wallet.prompts(from).map((c) => c.method)).toEqual(["wallet_sendCalls"]);
          expect(await deposits("eth", wallet.address)).toBe(before);
          expect(await allowance("eth", "USDC", wallet.address, presale)).toBe(0n);
          await endState(page, testInfo);
        });
      }

      test("first USDC purchase", async ({ page, wallet }, testInfo) => {
        const presale = contract("eth", "Presale").address;
        expect(await allowance("eth", "USDC", wallet.address, presale)).toBe(0n);
        await openAndConnect(page, wallet);
        await selectPayToken(page, "eth-usdc", { waitForMax: false }); // the amount is typed at once
        const before = await deposits("eth", wallet.address);
        const usdcBefore = await tokenBalance("eth", "USDC", wallet.address);
        const quote = await read("eth", "Presale", "usdcBuyHelper", [1_500n]);
        await enterTokens(page, 1_500);
        const from = wallet.calls.length;
        await page.getByTestId("buy-now").click();
        await expect(page.getByTestId("swap-status-complete")).toBeVisible();

        const m = await measure("eth", wallet, from);
        expect({ methods: m.methods, functions: m.functions }).toEqual(EXPECTED.usdc_first_purchase[mode]);
        expect(await deposits("eth", wallet.address)).toBe(before + 1_500n * WHOLE);
        const spent = usdcBefore - (await tokenBalance("eth", "USDC", wallet.address));
        expect(spent).toBe(quote);
        // A permit grants maxCost (the quote + 1 %) for this purchase only; an approval grants 1e26.
        const left = await allowance("eth", "USDC", wallet.address, presale);
        if (mode === "plain") expect(left).toBeLessThanOrEqual(quote / 100n + 1n);
        else expect(left).toBe(UNLIMITED - spent);
        record("usdc_first_purchase", mode, m);
        await endState(page, testInfo);
      });

      test("first USDT purchase with a smaller non-zero allowance", async ({ page, wallet }, testInfo) => {
        const presale = contract("eth", "Presale").address;
        await leaveUsdtAllowance(wallet, 1_000_000n);
        await openAndConnect(page, wallet);
        await selectPayToken(page, "eth-usdt", { waitForMax: false }); // the amount is typed at once
        const before = await deposits("eth", wallet.address);
        const usdtBefore = await tokenBalance("eth", "USDT", wallet.address);
        await enterTokens(page, 2_500); // ~15 USDT > 1 USDT allowed
        const from = wallet.calls.length;
        await page.getByTestId("buy-now").click();
        await expect(page.getByTestId("swap-status-complete")).toBeVisible();

        const m = await measure("eth", wallet, from);
        expect({ methods: m.methods, functions: m.functions }).toEqual(EXPECTED.usdt_purchase_nonzero_allowance[mode]);
        expect(await deposits("eth", wallet.address)).toBe(before + 2_500n * WHOLE);
        const spent = usdtBefore - (await tokenBalance("eth", "USDT", wallet.address));
        expect(spent).toBeGreaterThan(0n);
        expect(await allowance("eth", "USDT", wallet.address, presale)).toBe(UNLIMITED - spent);
        record("usdt_purchase_nonzero_allowance", mode, m);
        await endState(page, testInfo);
      });

      if (mode === "batch") {
        test("a batch whose purchase reverted SalePaused: named, with its toast; the approval said as on chain", async ({
          page,
          wallet,
        }, testInfo) => {
          const presale = contract("eth", "Presale").address;
          await write("eth", "USDC", "approve", [presale, 0n], { from: wallet.index }); // revoked: the batch approves
          await openAndConnect(page, wallet);
          await selectPayToken(page, "eth-usdc", { waitForMax: false }); // the amount is typed at once
          const before = await deposits("eth", wallet.address);
          await enterTokens(page, 1_000);
          const from = wallet.calls.length;
          const prompt = wallet.holdNext("wallet_sendCalls");
          await page.getByTestId("buy-now").click();
          await expect(page.getByTestId("swap-status-confirm_pending")).toBeVisible();
          await write("eth", "Presale", "pause"); // lands while the wallet shows the batch
          try {
            prompt.release();
            const failed = page.getByTestId("swap-status-failed");
            await expect(failed).toBeVisible();
            await expect(failed).toHaveAttribute("data-revert", "SalePaused");
            await expect(failed.getByRole("heading")).toHaveText("Purchase refused");
            const said = "The sale is paused right now. The approval was sent and confirmed; no tokens were bought.";
            await expect(page.getByTestId("swap-status-reason")).toHaveText(said);
            await expectToast(page, "error", "Purchase refused", said);
            await expect(page.getByText(/did not go through/)).toHaveCount(0);
            await endState(page, testInfo);
          } finally {
            await write("eth", "Presale", "unpause");
          }
          expect(wallet.prompts(from).map((c) => c.method)).toEqual(["wallet_sendCalls"]);
          expect(await allowance("eth", "USDC", wallet.address, presale)).toBe(UNLIMITED); // the batch's approval
          expect(await deposits("eth", wallet.address)).toBe(before);
        });
      }
    });

    test.describe("on Base", () => {
      test.use({ walletChain: CHAIN_IDS.base });

      test("stake from the wallet", async ({ page, wallet }, testInfo) => {
        const staking = contract("base", "Staking").address;
        const staked = async () => (await read("base", "Staking", "poolStakers", [wallet.address])).amount;
        // Sale tokens in the wallet (from the deployer's supply): what a buyer holds after claiming.
        await write("base", "SaleToken", "transfer", [wallet.address, 5_000n * WHOLE]);
        expect(await allowance("base", "SaleToken", wallet.address, staking)).toBe(0n);
        const stakedBefore = await staked();
        const balanceBefore = await tokenBalance("base", "SaleToken", wallet.address);
        await openStakingAndConnect(page, wallet);
        await page.getByTestId("stake-open").click();
        await expect(page.getByTestId("stake-modal")).toBeVisible();
        await page.getByTestId("stake-amount").fill("3000");
        const from = wallet.calls.length;
        await page.getByTestId("stake-submit").click();
        await expect(page.getByTestId("staking-status-complete")).toBeVisible();

        const m = await measure("base", wallet, from);
        expect({ methods: m.methods, functions: m.functions }).toEqual(EXPECTED.stake_from_wallet[mode]);
        expect(await staked()).toBe(stakedBefore + 3_000n * WHOLE);
        expect(await tokenBalance("base", "SaleToken", wallet.address)).toBe(balanceBefore - 3_000n * WHOLE);
        // A permit grants exactly the amount, used up by the deposit; an approval grants 1e26.
        const left = await allowance("base", "SaleToken", wallet.address, staking);
        expect(left).toBe(mode === "plain" ? 0n : UNLIMITED - 3_000n * WHOLE);
        record("stake_from_wallet", mode, m);
        await endState(page, testInfo);
      });
    });
  });
}
