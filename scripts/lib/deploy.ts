/**
 * Deploys one chain's system with the Ignition module (ignition/modules/System.ts) from a validated parameter file,
 * then records deployments/<chainId>.json and regenerates deployments/deployedContracts.ts.
 * Used by `npm run deploy`, the local stack and the tests.
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import type { NetworkConnection } from "hardhat/types/network";
import { ZeroAddress } from "ethers";
import { Presale__factory } from "../../typechain-types/index.js";
import { buildSystemModule, moduleId, type SystemShape } from "../../ignition/modules/System.js";
import { assertPairAgrees } from "../../deploy/pair.js";
import {
  L2_MESSENGER_PREDEPLOY,
  loadParams,
  ParamsError,
  resolveParams,
  toJsonSafe,
  type DeployParams,
  type ResolvedParams,
} from "../../deploy/schema.js";
import {
  DEPLOYMENTS_DIR,
  ERC20_ABI,
  MESSENGER_ABI,
  readDeployment,
  writeDeployment,
  type ContractRecord,
  type DeploymentRecord,
} from "./deployments.js";
import { NETWORKS, pairOf, ROOT } from "./networks.js";
import { deployL1Bridge, installL2Messenger } from "./opstack.js";
import { opStackAbi } from "./opstack-artifacts.js";
import { assertDeployable, isPublicChain } from "./preflight.js";

export type Connection = NetworkConnection<"generic">;

export interface DeployOptions {
  /** Where <chainId>.json and deployedContracts.ts go (tests use a temp dir). */
  outDir?: string;
  /** Public networks refuse values listed under `unverified` unless this is set. */
  allowUnverified?: boolean;
  /** Show Ignition's progress UI. */
  displayUi?: boolean;
  log?: (msg: string) => void;
  /** Ignition deployment id (journal folder under ignition/deployments/); default chain-<chainId>. */
  deploymentId?: string;
  /**
   * Unix time that `sale.anchor: "deploy"` resolves to, instead of this chain's block time: deploying both chains of
   * a pair with the same value gives them identical round end times (one ladder; `admin status` compares them).
   */
  anchor?: number;
  /**
   * Local Base only: the L1CrossDomainMessenger the L2 messenger at the predeploy trusts (its aliased address
   * delivers). Default: the Messenger of the local Ethereum deployment in `outDir`.
   */
  l1Messenger?: string;
}

export function shapeOf(r: ResolvedParams): SystemShape {
  const e = r.external;
  return {
    chain: r.chain,
    mocks: {
      usdt: e.usdt === "mock",
      usdc: e.usdc === "mock",
      ethUsdFeed: e.ethUsdFeed === "mock",
      sequencerFeed: e.sequencerFeed === "mock",
      sanctionsList: e.sanctionsList === "mock",
      multicall3: e.multicall3 === "mock",
    },
    has: { usdt: e.usdt !== null, sequencerFeed: e.sequencerFeed !== null, sanctionsList: e.sanctionsList !== null },
    cardProviders: r.cardProviders.length,
    splits: r.splits.length > 0,
    presaleFunding: (r.saleToken?.presaleFundingWei ?? 0n) > 0n,
    rewardFunding: (r.staking?.rewardFundingWei ?? 0n) > 0n,
  };
}

/** What Ignition takes as one module's parameters (addresses, numbers, strings, booleans and arrays of them). */
type ModuleParameters = Extract<
  NonNullable<NonNullable<Parameters<Connection["ignition"]["deploy"]>[1]>["parameters"]>,
  object
>[string];

/** The presale's sale settings as its InitParams takes them (the same in Ignition's parameters and the record). */
function saleArgs(r: ResolvedParams) {
  return {
    priceFeedHeartbeat: r.priceFeedHeartbeat,
    sequencerGracePeriod: r.sequencerGracePeriod,
    paymentWallet: r.paymentWallet,
    startTime: r.startTime,
    endTime: r.endTime,
    maxTokensToBuy: r.maxTokensToBuy,
    caps: r.rounds.map((x) => x.cap),
    prices: r.rounds.map((x) => x.price),
    endTimes: r.rounds.map((x) => x.endTime),
    ethereumQuotas: r.ethereumQuotas,
  };
}

/**
 * Module parameters for Ignition, keyed by module id. `l1Messenger`: the local Ethereum's L1 messenger, deployed
 * before the module (external.messenger "mock").
 */
export function ignitionParameters(r: ResolvedParams, l1Messenger?: string): Record<string, ModuleParameters> {
  const p: ModuleParameters = {
    adminDelay: BigInt(r.adminDelay),
    ...saleArgs(r),
    sanctionsEnabled: r.sanctionsEnabled,
  };
  for (const [k, v] of Object.entries(r.external))
    if (v !== null && v !== "mock" && !(k === "messenger" && r.chain === "base")) p[k] = v;
  if (l1Messenger !== undefined) p.messenger = l1Messenger;
  if (r.external.ethUsdFeed === "mock") p.mockEthUsdAnswer = r.mockEthUsdAnswer;
  r.cardProviders.forEach((a, i) => (p[`cardProvider${i}`] = a));
  if (r.splits.length > 0) {
    p.splitWallets = r.splits.map((s) => s.wallet);
    p.splitBps = r.splits.map((s) => BigInt(s.bps));
  }
  if (r.saleToken) {
    p.tokenName = r.saleToken.name;
    p.tokenSymbol = r.saleToken.symbol;
    p.tokenSupply = r.saleToken.supplyWei;
    p.presaleFunding = r.saleToken.presaleFundingWei;
  }
  if (r.staking) {
    p.stakingApyBps = r.staking.apyBps;
    p.stakingLockTime = r.staking.lockTime;
    p.stakingEndTime = r.staking.endTime;
    p.stakingMaxDepositLimit = r.staking.maxDepositLimitWei;
    p.rewardFunding = r.staking.rewardFundingWei;
  }
  return { [moduleId(r.chain)]: p };
}

async function chainIdOf(conn: Connection): Promise<number> {
  return Number(await conn.provider.request({ method: "eth_chainId" }));
}

/** Refuses when the connected chain is not the one the parameters (or the network name) are for. */
export async function assertChain(conn: Connection, expected: number, what: string): Promise<void> {
  const actual = await chainIdOf(conn);
  if (actual !== expected) {
    throw new ParamsError(
      `chain id mismatch: ${what} is for chain ${expected} but network "${conn.networkName}" is chain ${actual}; refusing to send anything`,
    );
  }
}

/** First block at which `address` has code (binary search over eth_getCode; needs historical state). */
export async function findDeployBlock(conn: Connection, address: string, lo: number, hi: number): Promise<number> {
  const hasCode = async (b: number) =>
    ((await conn.provider.request({ method: "eth_getCode", params: [address, `0x${b.toString(16)}`] })) as string) !==
    "0x";
  try {
    if (!(await hasCode(hi))) return hi;
    if (lo > 0 && (await hasCode(lo - 1))) lo = 0; // resumed deployment: created before this run
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (await hasCode(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  } catch {
    return lo; // no archive state: the block this run started at is a safe lower bound for event scans
  }
}

const ANCHOR_FILE = "shaft-anchor.json";

/**
 * Deploys (or resumes) the system for `params` on `conn`. Idempotent per Ignition journal: re-running on a public
 * network after an interruption continues where it stopped, with the same resolved times.
 */
export async function deploySystem(
  conn: Connection,
  params: DeployParams,
  opts: DeployOptions = {},
): Promise<DeploymentRecord> {
  const log = opts.log ?? (() => {});
  await assertChain(conn, params.chainId, `deploy/params for ${params.network}`);
  const latest = await conn.ethers.provider.getBlock("latest");
  const now = Number(latest!.timestamp);
  // Both chains of a pair run one table; then, on public chain ids, no placeholder and every external address
  // checked on the chain, before anything is sent.
  assertPairParams(conn.networkName, params, now);
  await assertDeployable(conn, params, { allowUnverified: opts.allowUnverified, log });
  const [deployerSigner] = await conn.ethers.getSigners();
  if (deployerSigner === undefined)
    throw new ParamsError(`network ${conn.networkName} has no account to deploy from (set DEPLOYER_PRIVATE_KEY)`);
  const deployer = deployerSigner.address;
  const simulated = conn.networkConfig.type === "edr-simulated";
  const deploymentId = opts.deploymentId ?? `chain-${params.chainId}`;
  const journalDir = path.join(ROOT, "ignition/deployments", deploymentId);

  // A public deploy anchored at "deploy" keeps the anchor of its first attempt, so a resumed run sends the same values.
  let anchor: number | undefined = params.sale.anchor === "deploy" ? opts.anchor : undefined;
  if (!simulated && params.sale.anchor === "deploy" && fs.existsSync(path.join(journalDir, ANCHOR_FILE))) {
    anchor = (JSON.parse(fs.readFileSync(path.join(journalDir, ANCHOR_FILE), "utf8")) as { anchor: number }).anchor;
    log(`resuming with the anchor of the first attempt: ${anchor}`);
  }
  const resolved = resolveParams(params, { deployer, now, anchor });
  const isLocal = !isPublicChain(params.chainId);
  if (!simulated) {
    fs.mkdirSync(journalDir, { recursive: true });
    fs.writeFileSync(path.join(journalDir, ANCHOR_FILE), JSON.stringify({ anchor: resolved.anchor }) + "\n");
  }

  // Local chains run OP's own bridge contracts (scripts/lib/opstack.ts): the L1 messenger behind its portal on
  // Ethereum, the L2 messenger at its predeploy on Base, trusting the local Ethereum's.
  let localMessenger: ContractRecord | undefined;
  if (resolved.external.messenger === "mock") {
    localMessenger =
      resolved.chain === "eth"
        ? await localL1Messenger(conn, params.chainId, opts.outDir ?? DEPLOYMENTS_DIR, log)
        : await localL2Messenger(conn, opts.l1Messenger ?? localEthMessenger(conn, opts.outDir), log);
  }
  const shape = shapeOf(resolved);
  const module = buildSystemModule(shape);
  const startBlock = Number(latest!.number) + 1;
  log(`deploying ${module.id} to ${conn.networkName} (chain ${params.chainId}) from ${deployer}`);
  const result = (await conn.ignition.deploy(module, {
    parameters: ignitionParameters(resolved, resolved.chain === "eth" ? localMessenger?.address : undefined),
    deploymentId: simulated ? undefined : deploymentId,
    displayUi: opts.displayUi ?? false,
    config: isLocal ? { requiredConfirmations: 1, blockPollingInterval: 50 } : {},
  })) as Record<string, { target: unknown }>;
  const endBlock = await conn.ethers.provider.getBlockNumber();

  const contracts: Record<string, ContractRecord> = {};
  const addrOf = (name: string) => String(result[name].target);
  const artifactFor: Record<string, string> = {
    Presale: resolved.chain === "base" ? "BasePresale" : "EthereumPresale",
    Staking: "Staking",
    SaleToken: "SaleToken",
    USDT: "MockUSDT",
    USDC: "MockUSDC",
    EthUsdFeed: "MockV3Aggregator",
    SequencerFeed: "MockV3Aggregator",
    SanctionsList: "MockSanctionsList",
    Multicall3: "Multicall3",
  };
  // The InitParams struct in its field order (the record shows it as sent).
  const { priceFeedHeartbeat, sequencerGracePeriod, ...sale } = saleArgs(resolved);
  const init = {
    owner: deployer,
    adminDelay: resolved.adminDelay,
    usdt: result.USDT ? addrOf("USDT") : (resolved.external.usdt ?? ZeroAddress),
    usdc: result.USDC ? addrOf("USDC") : resolved.external.usdc,
    priceFeed: result.EthUsdFeed ? addrOf("EthUsdFeed") : resolved.external.ethUsdFeed,
    priceFeedHeartbeat,
    sequencerFeed: result.SequencerFeed ? addrOf("SequencerFeed") : (resolved.external.sequencerFeed ?? ZeroAddress),
    sequencerGracePeriod,
    ...sale,
    messenger:
      resolved.chain === "base" ? L2_MESSENGER_PREDEPLOY : (localMessenger?.address ?? resolved.external.messenger),
  };
  const ctorArgs: Record<string, unknown[]> = {
    // EthereumPresale(InitParams) / BasePresale(InitParams, saleToken)
    Presale: resolved.chain === "base" ? [init, addrOf("SaleToken")] : [init],
    Staking: resolved.staking
      ? [
          deployer,
          result.SaleToken ? addrOf("SaleToken") : "",
          resolved.staking.apyBps,
          resolved.staking.lockTime,
          resolved.staking.endTime,
          resolved.staking.maxDepositLimitWei,
        ]
      : [],
    SaleToken: resolved.saleToken
      ? [resolved.saleToken.name, resolved.saleToken.symbol, resolved.saleToken.supplyWei, deployer]
      : [],
    USDT: [],
    USDC: [],
    EthUsdFeed: [8, resolved.mockEthUsdAnswer, "ETH / USD"],
    SequencerFeed: [0, 0, "L2 Sequencer Uptime Status Feed"],
    SanctionsList: [],
    Multicall3: [],
  };
  for (const name of Object.keys(result)) {
    const address = addrOf(name);
    const artifact = await hre.artifacts.readArtifact(artifactFor[name] ?? name);
    contracts[name] = {
      address,
      deployBlock: await findDeployBlock(conn, address, startBlock, endBlock),
      artifact: artifact.contractName,
      external: false,
      constructorArgs: toJsonSafe<unknown[]>(ctorArgs[name] ?? []),
      abi: artifact.abi as unknown[],
    };
  }
  // Real contracts that already exist on the chain: standard ABIs.
  const externals: [string, string | null, () => unknown[] | Promise<unknown[]>][] = [
    ["USDT", resolved.external.usdt, () => [...ERC20_ABI]],
    ["USDC", resolved.external.usdc, () => [...ERC20_ABI]],
    [
      "EthUsdFeed",
      resolved.external.ethUsdFeed,
      async () => (await hre.artifacts.readArtifact("IAggregatorV3")).abi as unknown[],
    ],
    [
      "SequencerFeed",
      resolved.external.sequencerFeed,
      async () => (await hre.artifacts.readArtifact("IAggregatorV3")).abi as unknown[],
    ],
    [
      "SanctionsList",
      resolved.external.sanctionsList,
      async () => (await hre.artifacts.readArtifact("ISanctionsList")).abi as unknown[],
    ],
    [
      "Multicall3",
      resolved.external.multicall3,
      async () => (await hre.artifacts.readArtifact("Multicall3")).abi as unknown[],
    ],
    [
      "Messenger",
      resolved.chain === "eth" ? resolved.external.messenger : L2_MESSENGER_PREDEPLOY,
      () => [...MESSENGER_ABI],
    ],
  ];
  for (const [name, addr, abi] of externals) {
    if (addr === null || addr === "mock") continue;
    contracts[name] = {
      address: addr,
      deployBlock: contracts.Presale.deployBlock,
      artifact: "external",
      external: true,
      abi: await abi(),
    };
  }
  if (localMessenger !== undefined) contracts.Messenger = localMessenger;

  const record: DeploymentRecord = {
    chainId: params.chainId,
    network: params.network,
    chain: params.chain,
    deployer,
    deployedAt: new Date(now * 1000).toISOString(),
    ignitionDeploymentId: simulated ? "in-memory" : deploymentId,
    params: toJsonSafe(resolved),
    contracts,
  };
  if (isLocal) makeDeterministic(record, params);
  const files = writeDeployment(record, opts.outDir ?? DEPLOYMENTS_DIR);
  log(`wrote ${path.relative(ROOT, files.json)} and ${path.relative(ROOT, files.ts)}`);
  return record;
}

/**
 * Local chains are fresh on every start and their addresses are deterministic; only the times differ. Recording the
 * times as the parameter file's relative specs ("+3d") keeps deployments/3133x.json byte-identical between starts,
 * so the committed files do not churn.
 */
/**
 * Local Ethereum: OP's L1CrossDomainMessenger behind its OptimismPortal (deployL1Bridge), or the one the deployment
 * in `outDir` recorded for this chain if it is still there (a re-run of the deploy on the same chain).
 */
async function localL1Messenger(
  conn: Connection,
  chainId: number,
  outDir: string,
  log: (msg: string) => void,
): Promise<ContractRecord> {
  const abi = opStackAbi("L1CrossDomainMessenger");
  const recorded = readDeployment(chainId, outDir)?.contracts.Messenger;
  if (
    recorded?.artifact === "L1CrossDomainMessenger" &&
    (await conn.provider.request({ method: "eth_getCode", params: [recorded.address, "latest"] })) !== "0x"
  )
    return { ...recorded, abi };
  const bridge = await deployL1Bridge(conn, { log });
  const deployBlock = await findDeployBlock(
    conn,
    bridge.l1Messenger,
    bridge.deployBlock,
    await conn.ethers.provider.getBlockNumber(),
  );
  return { address: bridge.l1Messenger, deployBlock, artifact: "L1CrossDomainMessenger", external: false, abi };
}

/** The local Ethereum deployment's L1 messenger, which the local Base's L2 messenger must trust. */
function localEthMessenger(conn: Connection, outDir: string | undefined): string {
  const l1 = readDeployment(NETWORKS[pairOf(conn.networkName).eth]?.chainId ?? 31337, outDir ?? DEPLOYMENTS_DIR)
    ?.contracts.Messenger?.address;
  if (l1 === undefined)
    throw new ParamsError(
      `the local Base messenger trusts the local Ethereum one: deploy ${pairOf(conn.networkName).eth} first`,
    );
  return l1;
}

/**
 * Local Base: OP's L2CrossDomainMessenger at its predeploy, trusting `l1Messenger` (installL2Messenger; a local
 * chain that trusted an earlier Ethereum deployment's messenger is re-pointed). The predeploy counts as existing
 * before the deploy (external), as on Base; its deploy block is the chain's latest when installed.
 */
async function localL2Messenger(
  conn: Connection,
  l1Messenger: string,
  log: (msg: string) => void,
): Promise<ContractRecord> {
  await installL2Messenger(conn, l1Messenger, { replace: true });
  const deployBlock = await conn.ethers.provider.getBlockNumber();
  log(`installed OP's L2CrossDomainMessenger at ${L2_MESSENGER_PREDEPLOY} (trusts the L1 messenger ${l1Messenger})`);
  return {
    address: L2_MESSENGER_PREDEPLOY,
    deployBlock,
    artifact: "L2CrossDomainMessenger",
    external: true,
    abi: opStackAbi("L2CrossDomainMessenger"),
  };
}

/**
 * Makes each presale of a pair learn the other (setRemotePresale, once per presale; the owner of each side sends).
 * Idempotent: a side that already points at the other is left alone; one that points elsewhere is refused.
 */
export async function linkPresales(
  eth: { conn: Connection; record: DeploymentRecord },
  base: { conn: Connection; record: DeploymentRecord },
  log: (msg: string) => void = () => {},
): Promise<void> {
  for (const [side, other] of [
    [eth, base],
    [base, eth],
  ] as const) {
    const [owner] = await side.conn.ethers.getSigners();
    if (owner === undefined)
      throw new ParamsError(`network ${side.conn.networkName} has no account to link from (set DEPLOYER_PRIVATE_KEY)`);
    const p = Presale__factory.connect(side.record.contracts.Presale.address, owner);
    const want = other.record.contracts.Presale.address;
    const current = await p.remotePresale();
    if (current === want) continue;
    if (current !== ZeroAddress)
      throw new ParamsError(
        `the presale on chain ${side.record.chainId} already trusts ${current}, not ${want}: it can be set once (redeploy)`,
      );
    await (await p.setRemotePresale(want)).wait();
    log(`presale on chain ${side.record.chainId} now trusts presale ${want} on chain ${other.record.chainId}`);
  }
}

function makeDeterministic(record: DeploymentRecord, params: DeployParams): void {
  const rel = "relative to the deploy time (local chain)";
  record.deployedAt = rel;
  record.ignitionDeploymentId = "local";
  const p = record.params;
  p.anchor = params.sale.anchor;
  p.startTime = params.sale.startTime;
  p.endTime = params.sale.endTime;
  p.rounds = p.rounds.map((r, i) => ({ ...r, endTime: params.sale.rounds[i].endTime }));
  if (p.staking && params.staking) p.staking.endTime = params.staking.endTime;
  // The presale's one constructor argument is its InitParams struct (see deploySystem's ctorArgs).
  const presaleArgs = record.contracts.Presale?.constructorArgs?.[0] as Record<string, unknown> | undefined;
  if (presaleArgs) {
    presaleArgs.startTime = params.sale.startTime;
    presaleArgs.endTime = params.sale.endTime;
    presaleArgs.endTimes = params.sale.rounds.map((r) => r.endTime);
  }
  const stakingArgs = record.contracts.Staking?.constructorArgs;
  if (stakingArgs && params.staking) stakingArgs[4] = params.staking.endTime;
}

/**
 * Refuses `params` (for `network`) unless the other chain's parameter file of its pair describes the same ladder:
 * caps, Ethereum quotas, prices, round end times, sale times (deploy/pair.ts).
 */
export function assertPairParams(network: string, params: DeployParams, now: number): void {
  const pair = pairOf(network);
  const other = loadNetworkParams(params.chain === "eth" ? pair.base : pair.eth);
  if (params.chain === "eth") assertPairAgrees(params, other, now);
  else assertPairAgrees(other, params, now);
}

export function loadNetworkParams(network: string): DeployParams {
  const info = NETWORKS[network];
  if (info === undefined) throw new ParamsError(`unknown network "${network}"`);
  return loadParams(info.paramsFile);
}
