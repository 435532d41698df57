/** Small shared CLI plumbing: argument parsing, connecting to a named network, clear refusals and exit codes. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { PlanRefusal } from "@shaft/owner-actions";
import hre from "hardhat";
import { configVariable } from "hardhat/config";
import type { HttpNetworkConfigOverride } from "hardhat/types/config";
import { ParamsError } from "../../deploy/schema.js";
import type { Connection } from "./deploy.js";
import { networkInfo, UsageError } from "./networks.js";

export { UsageError };

/**
 * A refusal: bad input or a state that makes the command unsafe. Exit code 1, message only (no stack). The planners of
 * @shaft/owner-actions refuse with its base class, PlanRefusal, which is a refusal here too.
 */
export class Refusal extends PlanRefusal {
  override name = "Refusal";
}

/** A chain that cannot be reached. Exit code 2. */
export class ChainDownError extends Error {
  override name = "ChainDownError";
}

export function parse<const O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true as const, strict: true as const });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export type Signer = "deployer" | "keeper" | "none";

/**
 * Connects to a Hardhat network by name. Local networks use the node's unlocked default accounts; public ones take
 * the key from DEPLOYER_PRIVATE_KEY / KEEPER_PRIVATE_KEY (environment or `npx hardhat keystore set`), or none at all
 * for read-only work (status, --dry-run, --safe).
 */
export async function connect(
  network: string,
  signer: Signer = "deployer",
  opts: { url?: string; check?: boolean } = {},
): Promise<Connection> {
  const info = networkInfo(network);
  const override: HttpNetworkConfigOverride = {};
  if (opts.url !== undefined) override.url = opts.url;
  if (!info.local) {
    if (signer === "none") override.accounts = [];
    if (signer === "keeper") override.accounts = [configVariable("KEEPER_PRIVATE_KEY")];
  }
  let conn: Connection;
  try {
    conn = await hre.network.create({ network, override });
  } catch (e) {
    throw new UsageError(`cannot set up network ${network}: ${(e as Error).message}`);
  }
  retryDroppedReads(conn);
  if (!info.local && signer !== "none")
    await assertPrivateKey(conn, signer === "keeper" ? "KEEPER_PRIVATE_KEY" : "DEPLOYER_PRIVATE_KEY");
  if (opts.check !== false) await assertReachable(conn);
  return conn;
}

/**
 * The signing key is read before anything else: a malformed one would otherwise surface as "unknown RPC error" on
 * every call signed or simulated with it, never naming the variable. The key itself is never printed.
 */
async function assertPrivateKey(conn: Connection, variable: string): Promise<void> {
  const accounts = conn.networkConfig.type === "http" ? conn.networkConfig.accounts : "remote";
  if (!Array.isArray(accounts) || accounts[0] === undefined) return;
  let key: string;
  try {
    key = (await accounts[0].get()).trim();
  } catch (e) {
    throw missingVariable(e) ?? e;
  }
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key) || /^(0x)?0{64}$/.test(key)) {
    const shape = /^(0x)?[0-9a-fA-F]*$/.test(key)
      ? `${key.replace(/^0x/, "").length} hex digits`
      : "characters that are not hex";
    throw new UsageError(
      `${variable} is not a private key: expected 32 bytes of hex (64 hex digits, with or without 0x), got ${shape}. Set it again (export ${variable}=…, or npx hardhat keystore set ${variable})`,
    );
  }
}

/** JSON-RPC methods that only read: asking again after a dropped connection cannot do anything twice. */
const READ_METHODS = new Set([
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "net_version",
]);

/** A connection the other side closed before answering (the node's keep-alive timeout racing a request). */
export function isDroppedConnection(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c !== undefined && c !== null && depth < 6; depth++) {
    const { code, message } = errorFields(c);
    if (code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE") return true;
    if (typeof message === "string" && /other side closed|socket hang up/.test(message)) return true;
    c = (c as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Reads are asked once more when the HTTP connection was dropped under them (scripts/lib/purchases.ts explains how a
 * stalled process met a node closing its keep-alive socket); a transaction is never sent twice this way.
 */
function retryDroppedReads(conn: Connection): void {
  const provider = conn.provider;
  const request = provider.request.bind(provider);
  provider.request = async (args): Promise<unknown> => {
    try {
      return (await request(args)) as unknown;
    } catch (e) {
      if (!READ_METHODS.has(args.method) || !isDroppedConnection(e)) throw e;
      return (await request(args)) as unknown;
    }
  };
}

/** Fails with ChainDownError (and the RPC URL) if the chain does not answer eth_chainId. */
export async function assertReachable(conn: Connection, timeoutMs = 5000): Promise<number> {
  const url = conn.networkConfig.type === "http" ? await describeUrl(conn) : "in-process";
  try {
    const id = await Promise.race([
      conn.provider.request({ method: "eth_chainId" }) as Promise<string>,
      new Promise<never>((_, rej) =>
        setTimeout(() => rej(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
    return Number(id);
  } catch (e) {
    throw missingVariable(e) ?? new ChainDownError(`cannot reach ${conn.networkName} (${url}): ${shortError(e)}`);
  }
}

/** Hardhat's "configuration variable not found" (a key or URL not set) as a usage error naming the variable. */
export function missingVariable(e: unknown): UsageError | undefined {
  const text = String((e as Error)?.message ?? e);
  const m =
    /Configuration Variable "([A-Z0-9_]+)" not found/i.exec(text) ??
    /Key "([A-Z0-9_]+)" not found in the [a-z ]*keystore/i.exec(text);
  if (m === null) return undefined;
  return new UsageError(`${m[1]} is not set: export it, or store it with \`npx hardhat keystore set ${m[1]}\``);
}

async function describeUrl(conn: Connection): Promise<string> {
  if (conn.networkConfig.type !== "http") return "in-process";
  const u = conn.networkConfig.url;
  try {
    const s = typeof u === "string" ? u : await u.getUrl();
    return new URL(s).origin; // never print path/query: they may carry an API key
  } catch {
    return "configured RPC";
  }
}

/** The fields of ethers, Hardhat and Node errors that the tooling reads; any of them may be missing. */
export interface ErrorFields {
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  cause?: { code?: unknown };
  data?: unknown;
  info?: { error?: { data?: unknown } };
  error?: { data?: unknown };
  revert?: { name?: string; args?: unknown[] };
}

export function errorFields(e: unknown): ErrorFields {
  return typeof e === "object" && e !== null ? e : {};
}

export function shortError(e: unknown): string {
  const err = errorFields(e);
  const parts = [err.shortMessage, err.cause?.code, err.code, err.message].filter(
    (x): x is string => typeof x === "string" && x.length > 0,
  );
  return (parts[0] ?? String(e)).split("\n")[0];
}

/** Runs a CLI main with uniform error reporting and exit codes (0 ok, 1 refusal/usage, 2 chain down, 3 other). */
export async function runMain(main: () => Promise<void | number>): Promise<void> {
  try {
    const code = await main();
    process.exitCode = typeof code === "number" ? code : 0;
  } catch (e) {
    process.exitCode = exitCodeFor(e);
    const label =
      e instanceof UsageError
        ? "usage error"
        : ({ 1: "refused", 2: "chain unreachable" }[process.exitCode as 1 | 2] ?? "error");
    console.error(`${label}: ${(e as Error).message}`);
    if (process.exitCode === 3 && process.env.DEBUG) console.error(e);
  }
  // Network connections keep sockets open; do not wait for them.
  setTimeout(() => process.exit(process.exitCode ?? 0), 50).unref();
}

export function exitCodeFor(e: unknown): number {
  if (e instanceof ChainDownError) return 2;
  if (e instanceof PlanRefusal || e instanceof UsageError || e instanceof ParamsError) return 1;
  return 3;
}
