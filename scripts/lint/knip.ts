/**
 * `npm run lint`'s knip step: unused files, exports, types and dependencies (knip.ts) fail the lint, except the dapp
 * findings listed below, which the dapp's restructuring removes. Any other finding fails, and so does a listed one
 * that knip no longer reports (remove it from the list: the list only shrinks).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Known dapp findings, as `<kind> <file> <name>`. */
const KNOWN_DAPP_FINDINGS = new Set([
  "files frontend/src/features/buy/index.ts",
  "files frontend/src/features/staking/index.ts",
  "exports frontend/src/config/env.ts CHAIN_KEYS",
  "exports frontend/src/features/buy/TokenSelect.tsx allTokens",
  "exports frontend/src/features/buy/chainReads.ts readChainData",
  "exports frontend/src/features/buy/chainReads.ts readStageData",
  "exports frontend/src/features/buy/chainReads.ts readQuote",
  "exports frontend/src/features/buy/chainReads.ts readChainTime",
  "exports frontend/src/features/card/start.ts startCard",
  "exports frontend/src/features/staking/rules.ts rewardPerSecond",
  "exports frontend/src/features/wallet/web3.ts currentConnector",
  "exports frontend/src/features/wallet/web3.ts disconnectWallet",
  "exports frontend/src/shared/icons.tsx WalletIcon",
  "duplicates frontend/src/features/staking/ClaimActions.tsx ClaimActions|default",
]);

interface Named {
  name: string;
}
interface Report {
  files: string[];
  issues: ({ file: string } & Record<string, Named[] | Named[][] | Record<string, Named[]> | string>)[];
}

const knip = spawnSync(process.execPath, [path.join(ROOT, "node_modules/knip/bin/knip.js"), "--reporter", "json"], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (knip.error !== undefined || !knip.stdout.trim().startsWith("{")) {
  console.error(knip.stderr || knip.stdout || knip.error?.message);
  process.exit(2);
}
const report = JSON.parse(knip.stdout) as Report;

/** Every finding as `<kind> <file> <name>`: arrays of names, arrays of duplicate groups, or names per enum/class. */
const findings = report.files.map((file) => `files ${file}`);
for (const { file, ...kinds } of report.issues) {
  for (const [kind, value] of Object.entries(kinds)) {
    const items = Array.isArray(value) ? value : typeof value === "object" ? Object.values(value).flat() : [];
    for (const item of items) {
      const name = Array.isArray(item) ? item.map((d) => d.name).join("|") : item.name;
      findings.push(`${kind} ${file} ${name}`);
    }
  }
}

const unexpected = findings.filter((f) => !KNOWN_DAPP_FINDINGS.has(f));
const gone = [...KNOWN_DAPP_FINDINGS].filter((f) => !findings.includes(f));
for (const f of unexpected) console.error(`knip: ${f}`);
for (const f of gone) console.error(`knip: fixed, remove it from KNOWN_DAPP_FINDINGS in scripts/lint/knip.ts: ${f}`);
if (unexpected.length > 0 || gone.length > 0) process.exit(1);
console.log(`knip: no unused files, exports or dependencies (${KNOWN_DAPP_FINDINGS.size} known dapp findings pending)`);
