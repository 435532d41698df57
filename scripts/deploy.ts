/**
 * npm run deploy -- --network <name> [--params file] [--dry-run] [--allow-unverified] [--out dir]
 * npm run deploy -- --link <pair>      (after both sides are deployed: each presale learns the other, once)
 * npm run deploy -- --check            (validate every deploy/params/*.json and exit)
 *
 * Validates the network's parameter file, deploys the system with Ignition (resuming an interrupted public deploy
 * from its journal), writes deployments/<chainId>.json and regenerates deployments/deployedContracts.ts.
 * Order: the Ethereum side, the Base side, then --link (local Base needs the local Ethereum messenger first).
 */
import path from "node:path";
import hre from "hardhat";
import { Wallet } from "ethers";
import { loadParams, resolveParams, toJsonSafe } from "../deploy/schema.js";
import { connect, parse, Refusal, runMain } from "./lib/cli.js";
import { assertPairAgrees } from "../deploy/pair.js";
import {
  assertChain,
  assertPairParams,
  deploySystem,
  ignitionParameters,
  linkPresales,
  shapeOf,
} from "./lib/deploy.js";
import { DEPLOYMENTS_DIR, readDeployment } from "./lib/deployments.js";
import { NETWORKS, networkInfo, networksInTwoPairs, pairOf, PAIRS } from "./lib/networks.js";
import { assertDeployable, formatIssues, offlineIssues } from "./lib/preflight.js";

const USAGE = `npm run deploy -- --network <name> [--params file] [--dry-run] [--allow-unverified] [--out dir]
npm run deploy -- --link local|testnet|mainnet [--out dir]   (each presale learns the other, once)
npm run deploy -- --check [--allow-unverified]   (every deploy/params/*.json: schema and the preflight's offline rules)

Validates the network's parameter file, deploys the system with Ignition (resuming an interrupted public deploy
from its journal), writes deployments/<chainId>.json and regenerates deployments/deployedContracts.ts.
Order: the Ethereum side, the Base side, then --link.`;

/** A stand-in for the deployer's address when no key is given (never shown as such). */
const NO_KEY_STANDIN = "0x00000000000000000000000000000000DeaDBeef";

/** The deployer's address from DEPLOYER_PRIVATE_KEY in the environment, if set and valid. */
function deployerFromEnv(): string | undefined {
  const key = process.env.DEPLOYER_PRIVATE_KEY?.trim();
  if (!key) return undefined;
  try {
    return new Wallet(key.startsWith("0x") ? key : `0x${key}`).address;
  } catch {
    throw new Refusal("DEPLOYER_PRIVATE_KEY is not a valid private key (32 bytes of hex)");
  }
}

/**
 * For `sale.anchor: "deploy"` on a public chain: the anchor the other chain of the pair was deployed with, if it is
 * deployed already, so both chains get the same round end times (one ladder).
 */
function partnerAnchor(network: string, anchorSpec: number | "deploy", outDir: string | undefined): number | undefined {
  if (anchorSpec !== "deploy" || networkInfo(network).local) return undefined;
  const pair = pairOf(network);
  const other = networkInfo(pair.eth === network ? pair.base : pair.eth);
  const a = (readDeployment(other.chainId, outDir ?? DEPLOYMENTS_DIR)?.params as { anchor?: unknown } | undefined)
    ?.anchor;
  return typeof a === "number" ? a : undefined;
}

await runMain(async () => {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const { values } = parse(process.argv.slice(2), {
    network: { type: "string" },
    params: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    "allow-unverified": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    link: { type: "string" },
    out: { type: "string" },
  });
  if (values.link !== undefined) {
    const pair = PAIRS[values.link];
    if (pair === undefined) throw new Refusal(`--link ${values.link}: one of ${Object.keys(PAIRS).join(", ")}`);
    const side = async (name: string) => {
      const record = readDeployment(NETWORKS[name].chainId, values.out ?? DEPLOYMENTS_DIR);
      if (record === undefined)
        throw new Refusal(`no deployment of ${name}: deploy it first (npm run deploy -- --network ${name})`);
      return { conn: await connect(name, "deployer"), record };
    };
    await linkPresales(await side(pair.eth), await side(pair.base), console.log);
    console.log(`${pair.eth} and ${pair.base} presales are linked.`);
    return;
  }
  if (values.check) {
    // The offline rules of the deploy preflight, on every file: a file this refuses, deploy --dry-run refuses too.
    const refused: string[] = [];
    for (const info of Object.values(NETWORKS)) {
      if (info.simulated) continue;
      const p = loadParams(info.paramsFile);
      if (p.network !== info.name || p.chainId !== info.chainId)
        throw new Refusal(`${info.paramsFile}: network/chainId do not match ${info.name}/${info.chainId}`);
      resolveParams(p, { deployer: "0x000000000000000000000000000000000000dEaD", now: Math.floor(Date.now() / 1000) });
      const issues = offlineIssues(p, { allowUnverified: values["allow-unverified"] });
      const file = path.relative(process.cwd(), info.paramsFile);
      if (issues.length === 0) console.log(`ok       ${info.name.padEnd(12)} ${file}`);
      else {
        refused.push(info.name);
        console.log(
          `refused  ${info.name.padEnd(12)} ${file}: a deploy would stop here, nothing sent:\n${formatIssues(issues)}`,
        );
      }
    }
    // A network in two pairs would report to the other pair's messenger and share its deployment record.
    const shared = networksInTwoPairs(PAIRS);
    if (shared.length > 0) throw new Refusal(`PAIRS (scripts/lib/networks.ts):\n  - ${shared.join("\n  - ")}`);
    // Both files of a pair must describe one ladder (the chains never exchange the table).
    const now = Math.floor(Date.now() / 1000);
    for (const [name, pair] of Object.entries(PAIRS)) {
      assertPairAgrees(loadParams(NETWORKS[pair.eth].paramsFile), loadParams(NETWORKS[pair.base].paramsFile), now);
      console.log(`ok  pair ${name.padEnd(7)} ${pair.eth} + ${pair.base}: the same caps, quotas, prices and times`);
    }
    if (refused.length > 0)
      throw new Refusal(`${refused.join(", ")} cannot be deployed as committed (the lines above say what to change)`);
    return;
  }
  const info = networkInfo(values.network);
  const params = loadParams(values.params ?? info.paramsFile);
  if (params.chainId !== info.chainId) {
    throw new Refusal(
      `parameter file is for chain ${params.chainId} (${params.network}) but --network ${info.name} is chain ${info.chainId}`,
    );
  }
  if (values["dry-run"]) {
    const conn = await connect(info.name, "none");
    await assertChain(conn, params.chainId, `deploy/params for ${params.network}`);
    const block = await conn.ethers.provider.getBlock("latest");
    assertPairParams(info.name, params, Number(block!.timestamp));
    // The preview is printed either way; a failed preflight then makes the dry run fail too.
    const preflight = await assertDeployable(conn, params, {
      allowUnverified: values["allow-unverified"],
      log: console.log,
    }).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
    // Without a key the deployer is unknown: a stand-in address, printed as what it is rather than as an address.
    const deployer = deployerFromEnv() ?? NO_KEY_STANDIN;
    const resolved = resolveParams(params, {
      deployer,
      now: Number(block!.timestamp),
      anchor: partnerAnchor(info.name, params.sale.anchor, values.out),
    });
    const show = (text: string) =>
      deployer === NO_KEY_STANDIN ? text.replaceAll(NO_KEY_STANDIN, "(deployer: no key given)") : text;
    console.log(`dry run: would deploy to ${info.name} (chain ${info.chainId}) from ${show(deployer)}; nothing sent.`);
    console.log("shape:", JSON.stringify(shapeOf(resolved)));
    console.log(show(`ignition parameters: ${JSON.stringify(toJsonSafe(ignitionParameters(resolved)), null, 2)}`));
    if (preflight !== undefined) throw preflight;
    return;
  }
  await hre.tasks.getTask("build").run({ quiet: true });
  const conn = await connect(info.name, "deployer");
  const anchor = partnerAnchor(info.name, params.sale.anchor, values.out);
  if (anchor !== undefined)
    console.log(
      `sale.anchor "deploy": using the other chain's anchor ${anchor} (identical round end times on both chains)`,
    );
  const record = await deploySystem(conn, params, {
    allowUnverified: values["allow-unverified"],
    displayUi: !info.local,
    log: console.log,
    outDir: values.out,
    anchor,
    retryCommand: `npm run deploy -- ${process.argv.slice(2).join(" ")}`,
  });
  console.log(`\n${info.name} (chain ${record.chainId}):`);
  for (const [name, c] of Object.entries(record.contracts))
    console.log(`  ${name.padEnd(14)} ${c.address}  block ${c.deployBlock}${c.external ? "  (existing)" : ""}`);
  if (!info.local) console.log(`\nverify: npm run verify -- chain-${record.chainId}`);
  const pairName = Object.entries(PAIRS).find(([, p]) => p.eth === info.name || p.base === info.name)?.[0];
  if (pairName !== undefined) {
    const other = info.role === "eth" ? pairOf(info.name).base : pairOf(info.name).eth;
    console.log(
      info.role === "eth"
        ? `next: deploy ${other}, then npm run deploy -- --link ${pairName}`
        : `next: npm run deploy -- --link ${pairName}${readDeployment(NETWORKS[other].chainId, values.out ?? DEPLOYMENTS_DIR) ? "" : ` (after deploying ${other})`}`,
    );
  }
});
