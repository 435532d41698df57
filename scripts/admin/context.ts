/** Shared setup of the owner commands: network connection, deployment record, contracts, sender and mode. */
import type { ChainRef } from "@shaft/owner-actions";
import { getAddress, isAddress, ZeroAddress, type BaseContract } from "ethers";
import {
  BasePresale__factory,
  EthereumPresale__factory,
  Presale__factory,
  SaleToken__factory,
  Staking__factory,
  type BasePresale,
  type EthereumPresale,
  type Presale,
  type SaleToken,
  type Staking,
} from "../../typechain-types/index.js";
import { assertReachable, connect, Refusal, UsageError } from "../lib/cli.js";
import type { Connection } from "../lib/deploy.js";
import { assertChain } from "../lib/deploy.js";
import { DEPLOYMENTS_DIR, readDeployment, type DeploymentRecord } from "../lib/deployments.js";
import type { ExecContext, Mode } from "../lib/exec.js";
import { networkInfo, pairOf, type NetworkInfo } from "../lib/networks.js";

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
  /**
   * What both chains' presales share; typed by Hardhat's TypeChain output (typechain-types/, generated at compile), so
   * calls are type-checked. The chain's own contract is `ethPresale` (Ethereum side) or `basePresale` (Base side).
   */
  presale: Presale;
  ethPresale?: EthereumPresale;
  basePresale?: BasePresale;
  staking?: Staking;
  saleToken?: SaleToken;
}

export async function openChain(
  network: string | undefined,
  env: AdminEnv,
  signer: "deployer" | "none" = "deployer",
): Promise<ChainCtx> {
  const info = networkInfo(network);
  const record = readDeployment(info.chainId, env.deploymentsDir ?? DEPLOYMENTS_DIR);
  if (record === undefined) {
    throw new Refusal(
      `no deployment for ${info.name} (chain ${info.chainId}) in ${env.deploymentsDir ?? DEPLOYMENTS_DIR}: deploy first (npm run deploy -- --network ${info.name})`,
    );
  }
  const conn = env.connections?.[info.name] ?? (await connect(info.name, signer, { check: false }));
  await assertReachable(conn);
  await assertChain(conn, record.chainId, `deployments/${record.chainId}.json`);
  const { provider } = conn.ethers;
  const address = (name: string): string | undefined => record.contracts[name]?.address;
  const presale = address("Presale");
  if (presale === undefined) throw new Refusal(`deployments/${record.chainId}.json has no Presale`);
  const staking = address("Staking");
  const saleToken = address("SaleToken");
  return {
    info,
    conn,
    record,
    presale: Presale__factory.connect(presale, provider),
    ethPresale: record.chain === "eth" ? EthereumPresale__factory.connect(presale, provider) : undefined,
    basePresale: record.chain === "base" ? BasePresale__factory.connect(presale, provider) : undefined,
    staking: staking === undefined ? undefined : Staking__factory.connect(staking, provider),
    saleToken: saleToken === undefined ? undefined : SaleToken__factory.connect(saleToken, provider),
  };
}

/**
 * The sender and mode of a command. `--from` is honoured everywhere it can be: a dry run simulates from it, a sent
 * command signs with its key (which must be one this network holds: the node's accounts locally, DEPLOYER_PRIVATE_KEY
 * on a public chain); with --safe the Safe executes the batch, so --from is refused there.
 */
export async function makeExec(
  chain: ChainCtx,
  values: { "dry-run"?: boolean; safe?: string; "safe-address"?: string; from?: string },
  out: (s: string) => void,
): Promise<ExecContext> {
  const wanted = values.from === undefined ? undefined : parseAddress(values.from, "--from");
  let mode: Mode;
  let from: string;
  if (values.safe !== undefined) {
    if (wanted !== undefined)
      throw new Refusal(
        `--from does not go with --safe: the Safe executes the batch (choose it with --safe-address), nobody sends it from ${wanted}`,
      );
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
      from = wanted ?? signers[0]?.address ?? (await chain.presale.owner());
    } else {
      mode = { kind: "send" };
      if (signers[0] === undefined)
        throw new Refusal(
          `no signer for ${chain.info.name}: set DEPLOYER_PRIVATE_KEY (env or hardhat keystore), or use --safe / --dry-run`,
        );
      if (wanted !== undefined && !signers.some((s) => s.address === wanted)) {
        throw new Refusal(
          chain.info.local
            ? `--from ${wanted}: not one of the local node's accounts, so nothing can be signed for it (--dry-run simulates from any address)`
            : `--from ${wanted}: the key in DEPLOYER_PRIVATE_KEY is ${signers[0].address}'s; set the key of ${wanted} to send from it (--dry-run simulates from any address)`,
        );
      }
      from = wanted ?? signers[0].address;
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
  if (v === undefined || !/^\d+$/.test(v.replace(/_/g, "")))
    throw new Refusal(`${what}: "${v ?? ""}" is not a non-negative integer`);
  return BigInt(v.replace(/_/g, ""));
}

/** "15%", "12.5%" or basis points ("1500"). */
export function parseBps(v: string | undefined, what: string): number {
  if (v === undefined) throw new UsageError(`${what} is required`);
  const m = /^(\d+(?:\.\d{1,2})?)%$/.exec(v);
  const bps = m ? Math.round(Number(m[1]) * 100) : /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(bps))
    throw new Refusal(`${what}: "${v}" is neither a percentage ("10%") nor basis points ("1000")`);
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

export { fmtTime } from "@shaft/owner-actions";

/** This chain as the planners of @shaft/owner-actions name it. */
export const chainRef = (chain: ChainCtx): ChainRef => ({
  name: chain.info.name,
  side: chain.record.chain,
  chainId: chain.record.chainId,
});

/** The Ethereum presale of an Ethereum-side chain; refused elsewhere, saying what `what` is for. */
export function needEthereum(chain: ChainCtx, what: string): EthereumPresale {
  if (chain.ethPresale === undefined)
    throw new Refusal(`${chain.info.name} is the Base side: ${what} (--network ${pairOf(chain.info.name).eth})`);
  return chain.ethPresale;
}

/** The Base presale of a Base-side chain; refused elsewhere, saying what `what` is for. */
export function needBase(chain: ChainCtx, what: string): BasePresale {
  if (chain.basePresale === undefined)
    throw new Refusal(`${chain.info.name} is the Ethereum side: ${what} (--network ${pairOf(chain.info.name).base})`);
  return chain.basePresale;
}

/** The staking contract and sale token of a chain; refused on a chain without staking (the Ethereum side). */
export function needStaking(chain: ChainCtx): { staking: Staking; token: SaleToken } {
  if (chain.staking === undefined || chain.saleToken === undefined) {
    throw new Refusal(
      `no staking on ${chain.info.name} (chain ${chain.record.chainId}): staking lives on the Base side`,
    );
  }
  return { staking: chain.staking, token: chain.saleToken };
}

/** A contract's address (the admin contracts are always connected by address, so `target` is the string). */
export function addressOf(contract: BaseContract): string {
  if (typeof contract.target !== "string") throw new Error("contract connected without an address");
  return contract.target;
}
