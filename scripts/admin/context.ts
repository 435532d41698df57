/** Shared setup of the owner commands: network connection, deployment record, contracts, sender and mode. */
import { Contract, getAddress, isAddress, ZeroAddress } from "ethers";
import { assertReachable, connect, Refusal, UsageError } from "../lib/cli.js";
import type { Connection } from "../lib/deploy.js";
import { assertChain } from "../lib/deploy.js";
import { DEPLOYMENTS_DIR, readDeployment, type DeploymentRecord } from "../lib/deployments.js";
import type { ExecContext, Mode } from "../lib/exec.js";
import { networkInfo, type NetworkInfo } from "../lib/networks.js";

export interface AdminEnv {
  /** Pre-made connections by network name (tests use the in-process hardhatEth/hardhatBase). */
  connections?: Record<string, Connection>;
  deploymentsDir?: string;
  progressDir?: string;
  out?: (line: string) => void;
  /** Test hook: called after each CSV batch is recorded in the progress file. */
  onBatchDone?: (batchIndex: number) => void;
}

export interface ChainCtx {
  info: NetworkInfo;
  conn: Connection;
  record: DeploymentRecord;
  presale: Contract;
  staking?: Contract;
  saleToken?: Contract;
}

export async function openChain(network: string, env: AdminEnv, signer: "deployer" | "none" = "deployer"): Promise<ChainCtx> {
  const info = networkInfo(network);
  const record = readDeployment(info.chainId, env.deploymentsDir ?? DEPLOYMENTS_DIR);
  if (record === undefined) {
    throw new Refusal(`no deployment for ${network} (chain ${info.chainId}) in ${env.deploymentsDir ?? DEPLOYMENTS_DIR}: deploy first (npm run deploy -- --network ${network})`);
  }
  const conn = env.connections?.[network] ?? (await connect(network, signer, { check: false }));
  await assertReachable(conn);
  await assertChain(conn, record.chainId, `deployments/${record.chainId}.json`);
  const make = (name: string) => {
    const c = record.contracts[name];
    return c === undefined ? undefined : new Contract(c.address, c.abi as any, conn.ethers.provider);
  };
  const presale = make("Presale");
  if (presale === undefined) throw new Refusal(`deployments/${record.chainId}.json has no Presale`);
  return { info, conn, record, presale, staking: make("Staking"), saleToken: make("SaleToken") };
}

export async function makeExec(chain: ChainCtx, values: { "dry-run"?: boolean; safe?: string; "safe-address"?: string; from?: string }, out: (s: string) => void): Promise<ExecContext> {
  let mode: Mode;
  let from: string;
  if (values.safe !== undefined) {
    const given = values["safe-address"] !== undefined;
    const safeAddress = given ? parseAddress(values["safe-address"], "--safe-address") : await chain.presale.owner();
    // A batch for an address without code could never be executed (an EOA is no Safe): refuse before writing it.
    if ((await chain.conn.ethers.provider.getCode(safeAddress)) === "0x") {
      throw new Refusal(
        `${given ? "--safe-address" : "the presale owner"} ${safeAddress} has no contract code on ${chain.info.name}: --safe needs the Safe's address${given ? "" : " (pass --safe-address, or hand the ownership over first)"}`,
      );
    }
    mode = { kind: "safe", file: values.safe, safeAddress };
    from = safeAddress;
  } else {
    const signers = await chain.conn.ethers.getSigners();
    if (values["dry-run"]) {
      mode = { kind: "dry-run" };
      from = values.from !== undefined ? parseAddress(values.from, "--from") : signers[0]?.address ?? (await chain.presale.owner());
    } else {
      mode = { kind: "send" };
      if (signers[0] === undefined) throw new Refusal(`no signer for ${chain.info.name}: set DEPLOYER_PRIVATE_KEY (env or hardhat keystore), or use --safe / --dry-run`);
      from = signers[0].address;
    }
  }
  return { conn: chain.conn, chainId: chain.record.chainId, mode, from, out };
}

export function parseAddress(v: string | undefined, what: string): string {
  if (v === undefined || !isAddress(v)) throw new Refusal(`${what}: "${v ?? ""}" is not a valid address`);
  if (getAddress(v) === ZeroAddress) throw new Refusal(`${what}: the zero address is not allowed`);
  return getAddress(v);
}

/** Whole-token or plain integer argument. */
export function parseUint(v: string | undefined, what: string): bigint {
  if (v === undefined || !/^\d+$/.test(v.replace(/_/g, ""))) throw new Refusal(`${what}: "${v ?? ""}" is not a non-negative integer`);
  return BigInt(v.replace(/_/g, ""));
}

/** "15%", "12.5%" or basis points ("1500"). */
export function parseBps(v: string | undefined, what: string): number {
  if (v === undefined) throw new UsageError(`${what} is required`);
  const m = /^(\d+(?:\.\d{1,2})?)%$/.exec(v);
  const bps = m ? Math.round(Number(m[1]) * 100) : /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(bps)) throw new Refusal(`${what}: "${v}" is neither a percentage ("10%") nor basis points ("1000")`);
  return bps;
}

/** Seconds, or "<n>[s|m|h|d|w]". */
export function parseDuration(v: string | undefined, what: string): bigint {
  const m = v === undefined ? null : /^(\d+)([smhdw]?)$/.exec(v);
  if (m === null) throw new Refusal(`${what}: "${v ?? ""}" is not a duration (e.g. 2592000 or 30d)`);
  const unit: Record<string, number> = { "": 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  return BigInt(m[1]) * BigInt(unit[m[2]]);
}

/** Absolute unix seconds, "now", or "+<duration>" from the chain's current time. */
export async function parseTime(v: string | undefined, what: string, conn: Connection): Promise<bigint> {
  if (v === undefined) throw new UsageError(`${what} is required`);
  const now = BigInt((await conn.ethers.provider.getBlock("latest"))!.timestamp);
  if (v === "now") return now;
  if (v.startsWith("+")) return now + parseDuration(v.slice(1), what);
  if (/^\d+$/.test(v)) return BigInt(v);
  throw new Refusal(`${what}: "${v}" is not a time (unix seconds, "now" or "+1h")`);
}

export function parseBool(v: string | undefined, what: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (["true", "on", "yes", "1"].includes(v)) return true;
  if (["false", "off", "no", "0"].includes(v)) return false;
  throw new Refusal(`${what}: "${v}" is not true/false`);
}

export const fmtTime = (t: bigint | number) => (BigInt(t) === 0n ? "-" : `${new Date(Number(t) * 1000).toISOString().replace(".000Z", "Z")} (${t})`);
