/**
 * Deploy preflight for public chains. A chain is public unless its chain id is a local one (decided by chain id, not
 * by network name or URL: a node on 127.0.0.1 with chain id 1 is treated as mainnet). On a public chain nothing is
 * sent unless
 *  - the offline rules hold (the same ones `npm run params:check` applies to every committed file): every external
 *    address is the canonical one for that chain (deploy/canonical.ts, with the public source of each); a stand-in
 *    this project deploys ("mock") only on a testnet and only where the file's `standIns` says why; on a mainnet id
 *    no "deployer" placeholder; nothing listed under `unverified` (unless --allow-unverified);
 *  - every external address answers on the target chain as what it claims to be: code, none of this repo's mocks
 *    (recognised by their code without the compiler's metadata, and by what only a stand-in allows: anyone minting a
 *    token or setting a feed's answer), decimals, symbol, a fresh positive price, a live sequencer feed.
 * Every problem names the parameter, the address and what was found; all of them are reported at once.
 */
import fs from "node:fs";
import path from "node:path";
import { getAddress, Interface } from "ethers";
import { createPublicClient, custom, erc20Abi, getAddress as toAddress, type PublicClient } from "viem";
import { IAggregatorV3__factory, ISanctionsList__factory } from "../../typechain-types/index.js";
import { CANONICAL, knownElsewhere, MAINNET_IDS } from "../../deploy/canonical.js";
import { ParamsError, type DeployParams, type ExternalField } from "../../deploy/schema.js";
import type { Connection } from "./deploy.js";
import { ROOT } from "./networks.js";

export const LOCAL_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 31338]);
export const isPublicChain = (chainId: number): boolean => !LOCAL_CHAIN_IDS.has(chainId);

export interface PreflightIssue {
  /** Dotted parameter path, e.g. "external.usdc". */
  param: string;
  address?: string;
  found: string;
}

type Check = (ctx: CheckContext, address: string) => Promise<string[]>;
interface CheckContext {
  conn: Connection;
  params: DeployParams;
  now: number;
}

const FEED_ABI = IAggregatorV3__factory.abi;
const SANCTIONS_ABI = ISanctionsList__factory.abi;
/** Chainlink ETH/USD feeds answer with 8 decimals; the presale's price maths assume it. */
const ETH_USD_DECIMALS = 8;

/** Reads through viem, so that each call is type-checked against the contract's ABI. */
const clientOf = (conn: Connection): PublicClient => createPublicClient({ transport: custom(conn.provider) });

/** Calls a view; a failure is returned as text ("reverted", "no answer") rather than thrown. */
async function read<T>(
  fn: string,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; why: string }> {
  try {
    return { ok: true, value: await call() };
  } catch (e) {
    const msg = String(
      (e as { shortMessage?: string; message?: string }).shortMessage ?? (e as Error).message ?? e,
    ).split("\n")[0];
    return { ok: false, why: `${fn}() failed (${msg.slice(0, 120)})` };
  }
}

/** Any contract: code presence is checked for every field before its own check, so nothing more here. */
const hasCode: Check = () => Promise.resolve([]);

const token =
  (symbol: string): Check =>
  async ({ conn }, address) => {
    const [client, token] = [clientOf(conn), toAddress(address)];
    const out: string[] = [];
    const d = await read("decimals", () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    );
    if (!d.ok) out.push(d.why);
    else if (d.value !== 6) out.push(`decimals() = ${d.value}, expected 6`);
    const s = await read("symbol", () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
    );
    if (!s.ok) out.push(s.why);
    else if (s.value !== symbol) out.push(`symbol() = "${s.value}", expected "${symbol}"`);
    return out;
  };

const ethUsdFeed: Check = async ({ conn, params, now }, address) => {
  const [client, feed] = [clientOf(conn), toAddress(address)];
  const out: string[] = [];
  const d = await read("decimals", () =>
    client.readContract({ address: feed, abi: FEED_ABI, functionName: "decimals" }),
  );
  if (!d.ok) out.push(d.why);
  else if (d.value !== ETH_USD_DECIMALS) out.push(`decimals() = ${d.value}, expected ${ETH_USD_DECIMALS}`);
  const r = await read("latestRoundData", () =>
    client.readContract({ address: feed, abi: FEED_ABI, functionName: "latestRoundData" }),
  );
  if (!r.ok) out.push(r.why);
  else {
    const [, answer, , updatedAt] = r.value;
    if (answer <= 0n) out.push(`latestRoundData() answer ${answer}, expected a positive price`);
    const age = now - Number(updatedAt);
    if (age > params.priceFeed.heartbeat)
      out.push(
        `latestRoundData() updated ${age} s ago, older than priceFeed.heartbeat (${params.priceFeed.heartbeat} s)`,
      );
  }
  return out;
};

const sequencerFeed: Check = async ({ conn }, address) => {
  const client = clientOf(conn);
  const r = await read("latestRoundData", () =>
    client.readContract({ address: toAddress(address), abi: FEED_ABI, functionName: "latestRoundData" }),
  );
  if (!r.ok) return [r.why];
  const [, answer, startedAt] = r.value;
  if (answer !== 0n && answer !== 1n) return [`latestRoundData() answer ${answer}, expected 0 (up) or 1 (down)`];
  if (startedAt === 0n) return ["latestRoundData() startedAt is 0 (no round yet)"];
  return answer === 1n ? ["latestRoundData() reports the sequencer down"] : [];
};

/** Any address works as the probe: the oracle must answer a bool for it. */
const SANCTIONS_PROBE = "0x000000000000000000000000000000000000dEaD";
const sanctionsList: Check = async ({ conn }, address) => {
  const client = clientOf(conn);
  const r = await read("isSanctioned", () =>
    client.readContract({
      address: toAddress(address),
      abi: SANCTIONS_ABI,
      functionName: "isSanctioned",
      args: [SANCTIONS_PROBE],
    }),
  );
  return r.ok ? [] : [r.why];
};

/**
 * What each external address must answer. A field of `external` without an entry here still gets the has-code
 * check, so a newly added address parameter is never deployed unchecked; give it its own line for more.
 */
const EXTERNAL_CHECKS: Record<string, Check> = {
  usdt: token("USDT"),
  usdc: token("USDC"),
  ethUsdFeed,
  sequencerFeed,
  sanctionsList,
  multicall3: hasCode,
  messenger: hasCode,
};

/** Address parameters outside `external` that must be contracts on the target chain (dotted paths). */
const OTHER_CONTRACT_PARAMS: string[] = [];

function at(obj: unknown, dotted: string): unknown {
  return dotted.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

/**
 * What a public deploy refuses without touching the chain: placeholders, stand-ins where none is allowed, addresses
 * that are not the chain's canonical ones. `npm run params:check` and `deploy --dry-run` both apply exactly this.
 */
export function offlineIssues(params: DeployParams, opts: { allowUnverified?: boolean } = {}): PreflightIssue[] {
  const issues: PreflightIssue[] = [];
  if (!isPublicChain(params.chainId)) return issues;
  const mainnet = MAINNET_IDS.has(params.chainId);
  const canonical = CANONICAL[params.chainId] as
    Partial<Record<ExternalField, (typeof CANONICAL)[number][ExternalField]>> | undefined;
  const unverified = new Set(params.unverified ?? []);
  if (mainnet && params.standIns !== undefined && Object.keys(params.standIns).length > 0)
    issues.push({ param: "standIns", found: `stand-ins are never deployed on a mainnet (chain ${params.chainId})` });
  for (const [field, value] of Object.entries(params.external) as [ExternalField, string | null][]) {
    const param = `external.${field}`;
    const want = canonical?.[field];
    if (value === null) continue; // absent: the schema says where that is allowed
    if (value === "mock") {
      const why = params.standIns?.[field];
      if (mainnet || why === undefined)
        issues.push({
          param,
          found: mainnet
            ? `"mock": a stand-in (anyone can mint or set its answer) on a mainnet`
            : `"mock": a stand-in this project deploys; on a testnet only where standIns.${field} says why${want?.address ? ` (here the real one exists: ${want.name} ${want.address})` : ""}`,
        });
      continue;
    }
    if (want?.address != null) {
      if (getAddress(value) !== want.address) {
        const known = knownElsewhere(value);
        issues.push({
          param,
          address: value,
          found: `is not ${want.name} ${want.address} (${want.source})${known ? `: it is ${known}` : ""}`,
        });
      }
    } else if (!unverified.has(param) && (mainnet || params.standIns?.[field] === undefined)) {
      issues.push({
        param,
        address: value,
        found: `no canonical ${want?.name ?? "contract"} is known on chain ${params.chainId} (${want?.source ?? "not in deploy/canonical.ts"}): list it under unverified and pass --allow-unverified to deploy with it`,
      });
    }
  }
  for (const [field, value] of Object.entries(params.accounts)) {
    if (value === "deployer" && mainnet)
      issues.push({ param: `accounts.${field}`, found: `"deployer" placeholder: set the real address` });
  }
  if (opts.allowUnverified !== true) {
    for (const p of params.unverified ?? []) {
      const v = at(params, p);
      issues.push({
        param: p,
        address: typeof v === "string" ? v : undefined,
        found: 'listed under "unverified" (verify it, or pass --allow-unverified)',
      });
    }
  }
  return issues;
}

/** The on-chain half: every external address (and every OTHER_CONTRACT_PARAMS one) checked on the target chain. */
export async function onChainIssues(conn: Connection, params: DeployParams): Promise<PreflightIssue[]> {
  const latest = await conn.ethers.provider.getBlock("latest");
  const ctx: CheckContext = { conn, params, now: Number(latest!.timestamp) };
  const fields: Array<[string, unknown, Check]> = [
    ...Object.entries(params.external).map(
      ([f, v]) => [`external.${f}`, v, EXTERNAL_CHECKS[f] ?? hasCode] as [string, unknown, Check],
    ),
    ...OTHER_CONTRACT_PARAMS.map((p) => [p, at(params, p), hasCode] as [string, unknown, Check]),
  ];
  const mocks = mockRuntimeCodes();
  const declared = new Set(MAINNET_IDS.has(params.chainId) ? [] : Object.keys(params.standIns ?? {}));
  const issues: PreflightIssue[] = [];
  for (const [param, value, check] of fields) {
    if (value === null || value === undefined || value === "mock") continue; // absent, or refused as a placeholder
    const address = getAddress(typeof value === "string" ? value : JSON.stringify(value));
    const code = await conn.ethers.provider.getCode(address);
    if (code === "0x") {
      issues.push({ param, address, found: "no contract code at this address on the target chain" });
      continue;
    }
    // A stand-in the file declares (a testnet's standIns) is one; anywhere else it is refused.
    const standIn = declared.has(param.replace(/^external\./, ""))
      ? undefined
      : await standInFound(conn, code, address, mocks);
    if (standIn !== undefined) {
      issues.push({ param, address, found: standIn });
      continue;
    }
    for (const found of await check(ctx, address)) issues.push({ param, address, found });
  }
  return issues;
}

type ImmutableRefs = Record<string, { start: number; length: number }[]>;
type MockCode = { code: string; refs: ImmutableRefs };

/**
 * The runtime code of every stand-in compiled from contracts/mocks, by contract name, with where its immutables sit.
 * A mock deployed at an address passes the behavioural checks (it mimics the real thing on purpose), so on a public
 * chain its code is recognised instead.
 */
function mockRuntimeCodes(): Map<string, MockCode> {
  const out = new Map<string, MockCode>();
  const dir = path.join(ROOT, "artifacts/contracts/mocks");
  if (!fs.existsSync(dir)) return out;
  for (const sol of fs.readdirSync(dir)) {
    for (const f of fs.readdirSync(path.join(dir, sol)).filter((x) => x.endsWith(".json"))) {
      const a = JSON.parse(fs.readFileSync(path.join(dir, sol, f), "utf8")) as {
        contractName?: string;
        deployedBytecode?: string;
        immutableReferences?: ImmutableRefs;
      };
      if (!a.contractName || !a.deployedBytecode || a.deployedBytecode.length <= 2) continue;
      const refs = a.immutableReferences ?? {};
      out.set(a.contractName, { code: withoutMetadata(blankImmutables(a.deployedBytecode, refs)), refs });
    }
  }
  return out;
}

/** The code with the bytes of its immutables zeroed (they hold per-deployment values such as decimals). */
function blankImmutables(code: string, refs: ImmutableRefs): string {
  const hex = code.toLowerCase().replace(/^0x/, "").split("");
  for (const r of Object.values(refs).flat()) hex.fill("0", r.start * 2, (r.start + r.length) * 2);
  return hex.join("");
}

/**
 * The code without the compiler's CBOR metadata at its end (its last two bytes give the metadata's length): a mock
 * recompiled, or with a byte of its metadata hash changed, runs the same code and is still recognised.
 */
function withoutMetadata(hex: string): string {
  if (hex.length < 4) return hex;
  const length = parseInt(hex.slice(-4), 16);
  return (length + 2) * 2 <= hex.length ? hex.slice(0, hex.length - (length + 2) * 2) : hex;
}

/** A random caller with no role anywhere: a call it can make succeed is open to anyone. */
const ANYONE = "0x000000000000000000000000000000000000bad1";
/** Calls only a stand-in lets anyone make: minting a token, setting a feed's answer. */
const OPEN_TO_ANYONE: Array<[string, string]> = [
  ["mint(address,uint256)", "anyone can mint it"],
  ["updateAnswer(int256)", "anyone can set its answer"],
  ["updateRoundData(uint80,int256,uint256,uint256)", "anyone can set its answer"],
];

/** Why this code is a stand-in (one of this repo's mocks, or something anyone can mint or steer), or undefined. */
async function standInFound(
  conn: Connection,
  code: string,
  address: string,
  mocks: Map<string, MockCode>,
): Promise<string | undefined> {
  for (const [name, m] of mocks)
    if (withoutMetadata(blankImmutables(code, m.refs)) === m.code)
      return `the code is ${name} from contracts/mocks (a local stand-in), not the real contract`;
  const iface = new Interface(OPEN_TO_ANYONE.map(([sig]) => `function ${sig}`));
  for (const [sig, what] of OPEN_TO_ANYONE) {
    const fn = iface.getFunction(sig)!;
    const args = fn.inputs.map((i) => (i.type === "address" ? ANYONE : 1n));
    try {
      await conn.ethers.provider.call({ to: address, from: ANYONE, data: iface.encodeFunctionData(fn, args) });
      return `${what} (${sig} succeeds from any account): a stand-in, not the real contract`;
    } catch {
      // refused, as the real contract refuses a stranger
    }
  }
  return undefined;
}

export function formatIssues(issues: PreflightIssue[]): string {
  return issues.map((i) => `  - ${i.param}${i.address ? ` (${i.address})` : ""}: ${i.found}`).join("\n");
}

/**
 * Refuses (ParamsError, nothing sent) a deploy of `params` to a public chain unless every placeholder is replaced and
 * every external address checks out on `conn`. Local chain ids pass untouched (their mocks are deployed on purpose).
 */
export async function assertDeployable(
  conn: Connection,
  params: DeployParams,
  opts: { allowUnverified?: boolean; log?: (s: string) => void } = {},
): Promise<void> {
  if (!isPublicChain(params.chainId)) return;
  const issues = [...offlineIssues(params, opts), ...(await onChainIssues(conn, params))];
  if (issues.length > 0) {
    throw new ParamsError(
      `refusing to deploy ${params.network} (chain ${params.chainId}, a public chain id): ${issues.length} problem(s), nothing sent:\n${formatIssues(issues)}`,
    );
  }
  opts.log?.(`preflight on chain ${params.chainId}: every external address answers as expected`);
}
