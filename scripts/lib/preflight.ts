/**
 * Deploy preflight for public chains. A chain is public unless its chain id is a local one (decided by chain id, not
 * by network name or URL: a node on 127.0.0.1 with chain id 1 is treated as mainnet). On a public chain nothing is
 * sent unless
 *  - no parameter is a placeholder: no "mock" contract, no "deployer" account, nothing listed under `unverified`;
 *  - every external address answers on the target chain as what it claims to be (code that is not one of this
 *    repo's mocks, decimals, symbol, a fresh positive price, a live sequencer feed).
 * Every problem names the parameter, the address and what was found; all of them are reported at once.
 */
import fs from "node:fs";
import path from "node:path";
import { getAddress } from "ethers";
import { createPublicClient, custom, erc20Abi, getAddress as toAddress, type PublicClient } from "viem";
import { IAggregatorV3__factory, ISanctionsList__factory } from "../../typechain-types/index.js";
import { ParamsError, type DeployParams } from "../../deploy/schema.js";
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

/** Placeholders a public deploy refuses, found without touching the chain. */
export function placeholderIssues(params: DeployParams, opts: { allowUnverified?: boolean } = {}): PreflightIssue[] {
  const issues: PreflightIssue[] = [];
  for (const [field, value] of Object.entries(params.external)) {
    if (value === "mock")
      issues.push({
        param: `external.${field}`,
        found: `"mock": a mock contract (anyone can mint or set its answer) on a public chain`,
      });
  }
  for (const [field, value] of Object.entries(params.accounts)) {
    if (value === "deployer")
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
  const issues: PreflightIssue[] = [];
  for (const [param, value, check] of fields) {
    if (value === null || value === undefined || value === "mock") continue; // absent, or refused as a placeholder
    const address = getAddress(typeof value === "string" ? value : JSON.stringify(value));
    const code = await conn.ethers.provider.getCode(address);
    if (code === "0x") {
      issues.push({ param, address, found: "no contract code at this address on the target chain" });
      continue;
    }
    const mock = whichMock(code, mocks);
    if (mock !== undefined) {
      issues.push({
        param,
        address,
        found: `the code is ${mock} from contracts/mocks (a local stand-in), not the real contract`,
      });
      continue;
    }
    for (const found of await check(ctx, address)) issues.push({ param, address, found });
  }
  return issues;
}

type ImmutableRefs = Record<string, { start: number; length: number }[]>;

/**
 * The runtime code of every stand-in compiled from contracts/mocks, by contract name, with where its immutables sit.
 * A mock deployed at an address passes the behavioural checks (it mimics the real thing on purpose), so on a public
 * chain its code is recognised instead.
 */
function mockRuntimeCodes(): Map<string, { code: string; refs: ImmutableRefs }> {
  const out = new Map<string, { code: string; refs: ImmutableRefs }>();
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
      out.set(a.contractName, { code: blankImmutables(a.deployedBytecode, refs), refs });
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

/** The mock from contracts/mocks whose code this is, if any. */
function whichMock(code: string, mocks: Map<string, { code: string; refs: ImmutableRefs }>): string | undefined {
  for (const [name, m] of mocks) if (blankImmutables(code, m.refs) === m.code) return name;
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
  const issues = [...placeholderIssues(params, opts), ...(await onChainIssues(conn, params))];
  if (issues.length > 0) {
    throw new ParamsError(
      `refusing to deploy ${params.network} (chain ${params.chainId}, a public chain id): ${issues.length} problem(s), nothing sent:\n${formatIssues(issues)}`,
    );
  }
  opts.log?.(`preflight on chain ${params.chainId}: every external address answers as expected`);
}
