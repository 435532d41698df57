/**
 * `npm run lint`'s knip step: unused files, exports, types and dependencies (knip.ts) fail the lint, with two exact
 * lists of exceptions below. Any other finding fails, and so does a listed one that knip no longer reports (remove it
 * from its list: the lists only shrink).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Dead dapp code when knip was added, for the dapp's clean-up to remove (`<kind> <file> <name>`). */
const KNOWN_DAPP_FINDINGS = ["exports frontend/src/presale/chainReads.ts readChainTime"];

/**
 * Used, but only through a lazy loader (`const loadX = () => import("./x.ts")`, then `(await loadX()).name`), which
 * knip 5 does not follow: the dapp loads these modules after the first paint.
 */
const USED_THROUGH_LOADERS = [
  "exports frontend/src/chain/capabilities.ts prefetchCapabilities",
  "exports frontend/src/chain/wagmiIO.ts wagmiIO",
  "exports frontend/src/chain/wagmiWalletIO.ts wagmiWalletIO",
  "exports frontend/src/chain/web3.ts currentConnector",
  "exports frontend/src/chain/web3.ts disconnectWallet",
  "exports frontend/src/features/card/start.ts startCard",
  "exports frontend/src/presale/chainReads.ts readChainData",
  "exports frontend/src/presale/chainReads.ts readStageData",
  "exports frontend/src/presale/chainReads.ts readQuote",
  "exports frontend/src/presale/chainReads.ts readAccountCode",
];
const EXCEPTIONS = new Set([...KNOWN_DAPP_FINDINGS, ...USED_THROUGH_LOADERS]);

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

const unexpected = findings.filter((f) => !EXCEPTIONS.has(f));
const gone = [...EXCEPTIONS].filter((f) => !findings.includes(f));
for (const f of unexpected) console.error(`knip: ${f}`);
for (const f of gone) console.error(`knip: no longer reported, remove it from its list in scripts/lint/knip.ts: ${f}`);
if (unexpected.length > 0 || gone.length > 0) process.exit(1);
console.log(`knip: nothing unused (${KNOWN_DAPP_FINDINGS.length} known dapp findings pending)`);
