// The dapp's folder boundaries (frontend/eslint.boundaries.js) through the repository's real ESLint config: each
// import that crosses a boundary is written into a file of the folder it would come from, and must fail the lint.
import { expect } from "chai";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { ROOT } from "../../../scripts/lib/networks.js";

const BOUNDARY_RULES = new Set(["no-restricted-imports", "no-restricted-syntax"]);

// The files below exist only as text: type-aware linting (which needs them on disk) is off; every other rule and
// every file pattern of the config applies as in `npm run lint`.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { files: ["**/*.{ts,tsx}"], languageOptions: { parserOptions: { projectService: false } } },
  ],
});

/** The boundary findings for `source` as the content of `file` (a path under frontend/src), one message each. */
async function findings(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}/frontend/src/${file}` });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, "the fixture parses").to.deep.equal([]);
  return result.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId ?? "")).map((m) => m.message);
}

/** Each of `lines`, alone in a file at `file`, fails the lint once, with `message`. */
async function expectRefused(file: string, lines: string[], message: RegExp): Promise<void> {
  for (const line of lines) {
    const found = await findings(file, line);
    expect(found, `${file}: ${line}`).to.have.lengthOf(1);
    expect(found[0], `${file}: ${line}`).to.match(message);
  }
}

const FEATURE = /another feature through its index\.ts/;
const LAYER = /a layer through its index\.ts/;
const UPWARD = /does not import a feature, the app or a layer above it/;

describe("dapp boundaries: features and layers import each other through index.ts", function () {
  this.timeout(60_000);

  it("a feature reaching into another feature's module fails, however it imports it", async function () {
    await expectRefused(
      "features/staking/Fixture.tsx",
      [
        'import { dispatchSwap } from "../buy/swapMachine.ts";',
        'import type { PurchaseInput } from "../buy/purchase.ts";',
        'export { CardHost } from "../card/CardHost.tsx";',
        'export * from "../wallet/walletUi.ts";',
        'export const load = () => import("../buy/SwapForm.tsx");',
      ],
      FEATURE,
    );
  });

  it("through the other feature's index.ts, the same imports pass; so do its own modules, layers and shared", async function () {
    const source = [
      'import { dispatchSwap, loadSwapModal } from "../buy/index.ts";',
      'import { startCardPurchase } from "../card/index.ts";',
      'import { flowStore } from "./stakingMachine.ts";',
      'import { useWallet } from "../../chain/index.ts";',
      'import { runBatch } from "../../chain/approvals/index.ts";',
      'import { usePresale } from "../../presale/index.ts";',
      'import { env } from "../../config/env.ts";',
      'import { toast } from "../../shared/toast.ts";',
      'export const load = () => import("./StakingPage.tsx");',
      "void [dispatchSwap, loadSwapModal, startCardPurchase, flowStore, useWallet, runBatch, usePresale, env, toast];",
    ].join("\n");
    expect(await findings("features/staking/Fixture.tsx", source)).to.deep.equal([]);
  });

  it("a feature reaching into a layer's module fails (chain/approvals/index.ts is the chain layer's second surface)", async function () {
    await expectRefused(
      "features/buy/Fixture.ts",
      [
        'import { walletState } from "../../chain/walletState.ts";',
        'import { signPermit } from "../../chain/approvals/permit.ts";',
        'import { buildCalls } from "../../presale/reads.ts";',
        'export const load = () => import("../../chain/wagmiIO.ts");',
      ],
      LAYER,
    );
  });

  it("the app imports features through their index.ts too, statically and lazily", async function () {
    await expectRefused(
      "app/Fixture.tsx",
      [
        'import { BuyWidget } from "../features/buy/BuyWidget.tsx";',
        'export const StakingPage = () => import("../features/staking/StakingPage.tsx");',
      ],
      FEATURE,
    );
    const through = 'import { BuyWidget } from "../features/buy/index.ts";\nvoid BuyWidget;';
    expect(await findings("app/Fixture.tsx", through)).to.deep.equal([]);
  });

  it("a layer never imports a feature, the app or a layer above it", async function () {
    const cases: [string, string][] = [
      ["chain/Fixture.ts", 'import { openConnectModal } from "../features/wallet/index.ts";'],
      ["chain/Fixture.ts", 'import { queryClient } from "../app/Providers.tsx";'],
      ["chain/Fixture.ts", 'import { usePresale } from "../presale/index.ts";'],
      ["chain/approvals/Fixture.ts", 'import { dispatchSwap } from "../../features/buy/index.ts";'],
      ["presale/Fixture.ts", 'export const load = () => import("../features/buy/index.ts");'],
      ["shared/Fixture.ts", 'import { useWallet } from "../chain/index.ts";'],
      ["config/Fixture.ts", 'import { PAY_TOKENS } from "../presale/index.ts";'],
    ];
    for (const [file, line] of cases) await expectRefused(file, [line], UPWARD);
    const down =
      'import { useWallet } from "../chain/index.ts";\nimport { env } from "../config/env.ts";\nvoid [useWallet, env];';
    expect(await findings("presale/Fixture.ts", down)).to.deep.equal([]);
  });

  it("the boundary rules keep the repository's own restriction (Zod 4 from zod/v4) in every folder", async function () {
    for (const file of ["features/buy/Fixture.ts", "chain/Fixture.ts", "app/Fixture.ts", "shared/Fixture.ts"]) {
      const found = await findings(file, 'import { z } from "zod";\nvoid z;');
      expect(found, file).to.have.lengthOf(1);
      expect(found[0], file).to.match(/zod\/v4/);
    }
  });
});
