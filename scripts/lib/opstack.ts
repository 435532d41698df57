/**
 * The OP Stack bridge between the local Ethereum and the local Base, from the official contracts
 * (`@eth-optimism/contracts-bedrock` 0.17.3: bytecode from its forge artifacts, see opstack-artifacts.ts):
 *
 * - Ethereum: SuperchainConfig, SystemConfig (Base's ResourceConfig), OptimismPortal and L1CrossDomainMessenger, each
 *   behind OP's Proxy and initialised through it (upgradeToAndCall), as OP's deploy scripts do.
 * - Base: L2CrossDomainMessenger at its predeploy address behind a Proxy whose admin is the ProxyAdmin predeploy, its
 *   implementation in OP's code namespace (0xc0d3…), initialised through the proxy as OP's L2 genesis does, with
 *   `otherMessenger` = the L1 messenger; L1Block at its predeploy when the chain has none (an OP chain type already has one).
 * - Deposits: each `TransactionDeposited` event of the portal is decoded as the OP node does (aliased sender, mint,
 *   value, gas limit, creation flag, data) and executed on Base as its deposit transaction would be: from that sender
 *   (impersonated on the local node) with the deposit's gas limit and value.
 *
 * Works on two chains or on one (L1 contracts and the L2 messenger side by side: the mocha suite's single chain).
 */
import { ContractFactory, getAddress, keccak256, toBeHex, toUtf8Bytes, zeroPadValue, type Signer } from "ethers";
import type { NetworkConnection } from "hardhat/types/network";
import {
  L1CrossDomainMessenger__factory,
  L2CrossDomainMessenger__factory,
  OptimismPortal__factory,
  Proxy__factory,
  SuperchainConfig__factory,
  SystemConfig__factory,
} from "../../typechain-types/opstack/index.js";
import { opStackBytecode, type OpStackContract } from "./opstack-artifacts.js";

type Connection = NetworkConnection<"generic">;
/** An EIP-1193 provider (a Hardhat connection's `provider`, or the relayer's wrapper that reports a chain down). */
export interface Rpc {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** OP Stack predeploys (the same addresses on every OP chain, Base included). */
export const PREDEPLOYS = {
  L2CrossDomainMessenger: "0x4200000000000000000000000000000000000007",
  L1Block: "0x4200000000000000000000000000000000000015",
  ProxyAdmin: "0x4200000000000000000000000000000000000018",
} as const;

/** OP's genesis puts a predeploy's implementation at 0xc0d3c0d3…, keeping the predeploy's last two bytes. */
export function predeployImplementation(predeploy: string): string {
  return getAddress(`0xc0d3c0d3c0d3c0d3c0d3c0d3c0d3c0d3c0d3${predeploy.slice(-4)}`);
}

/** EIP-1967 slots of OP's Proxy: keccak256("eip1967.proxy.admin") - 1, derived rather than pasted. */
const ADMIN_SLOT = toBeHex(BigInt(keccak256(toUtf8Bytes("eip1967.proxy.admin"))) - 1n, 32);

export interface ResourceConfig {
  maxResourceLimit: number;
  elasticityMultiplier: number;
  baseFeeMaxChangeDenominator: number;
  minimumBaseFee: number;
  systemTxMaxGas: number;
  maximumBaseFee: bigint;
}

/**
 * Base's ResourceConfig on Ethereum mainnet (SystemConfig 0x73a79Fab69143498Ed3712e519A88a918e1f4072): the
 * Superchain's standard values (superchain-registry, standard-config-params-mainnet.toml), read from the contract in
 * l2beat's discovery of Base. A deposit may buy at most 20M L2 gas per L1 block; above a 2M target per block the
 * deposit base fee rises by up to 1/8 per block; it never drops below 1 gwei. docs/OPERATING.md, "The OP Stack bridge".
 */
export const BASE_RESOURCE_CONFIG: ResourceConfig = {
  maxResourceLimit: 20_000_000,
  elasticityMultiplier: 10,
  baseFeeMaxChangeDenominator: 8,
  minimumBaseFee: 1_000_000_000,
  systemTxMaxGas: 1_000_000,
  maximumBaseFee: 2n ** 128n - 1n,
};

/** L2 block gas limit given to the local SystemConfig: any value ≥ maxResourceLimit + systemTxMaxGas (deposits never read it). */
const LOCAL_L2_GAS_LIMIT = 30_000_000n;

export interface L1Bridge {
  /** The proxies: the addresses everything talks to. */
  superchainConfig: string;
  systemConfig: string;
  portal: string;
  l1Messenger: string;
  /** The package's bytecode behind each proxy. */
  implementations: Record<"SuperchainConfig" | "SystemConfig" | "OptimismPortal" | "L1CrossDomainMessenger", string>;
  /** First block of the deployment (where a relayer starts scanning the portal). */
  deployBlock: number;
}

/** The L1 contracts deployed with their creation code (the L2 ones are installed with their runtime code). */
const L1_FACTORIES = {
  Proxy: Proxy__factory,
  SuperchainConfig: SuperchainConfig__factory,
  SystemConfig: SystemConfig__factory,
  OptimismPortal: OptimismPortal__factory,
  L1CrossDomainMessenger: L1CrossDomainMessenger__factory,
} satisfies Partial<Record<OpStackContract, { abi: unknown }>>;

/** Deploys `name` with the creation code of the package's artifact (the factory only lends its ABI). */
async function deployFromArtifact(name: keyof typeof L1_FACTORIES, signer: Signer, args: unknown[] = []) {
  const factory = new ContractFactory(L1_FACTORIES[name].abi, opStackBytecode(name).creation, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract.getAddress();
}

/**
 * Deploys the L1 side on `conn` from its first account (the proxies' admin, the SystemConfig owner and the guardian,
 * locally). Four proxies, four implementations, then each initialised through its proxy.
 */
export async function deployL1Bridge(
  conn: Connection,
  opts: { resourceConfig?: ResourceConfig; log?: (m: string) => void } = {},
): Promise<L1Bridge> {
  const [admin] = await conn.ethers.getSigners();
  const deployBlock = (await conn.ethers.provider.getBlockNumber()) + 1;
  const proxy = () => deployFromArtifact("Proxy", admin, [admin.address]);
  const superchainConfig = await proxy();
  const systemConfig = await proxy();
  const portal = await proxy();
  const l1Messenger = await proxy();
  const implementations = {
    SuperchainConfig: await deployFromArtifact("SuperchainConfig", admin),
    SystemConfig: await deployFromArtifact("SystemConfig", admin),
    OptimismPortal: await deployFromArtifact("OptimismPortal", admin),
    L1CrossDomainMessenger: await deployFromArtifact("L1CrossDomainMessenger", admin),
  };
  const initialise = async (at: string, impl: string, data: string) =>
    (await (await Proxy__factory.connect(at, admin).upgradeToAndCall(impl, data)).wait())!;
  await initialise(
    superchainConfig,
    implementations.SuperchainConfig,
    SuperchainConfig__factory.createInterface().encodeFunctionData("initialize", [admin.address, false]),
  );
  await initialise(
    systemConfig,
    implementations.SystemConfig,
    SystemConfig__factory.createInterface().encodeFunctionData("initialize", [
      admin.address,
      0,
      0,
      zeroPadValue("0x", 32),
      LOCAL_L2_GAS_LIMIT,
      "0x0000000000000000000000000000000000000000",
      opts.resourceConfig ?? BASE_RESOURCE_CONFIG,
      "0x0000000000000000000000000000000000000000",
      {
        l1CrossDomainMessenger: l1Messenger,
        l1ERC721Bridge: "0x0000000000000000000000000000000000000000",
        l1StandardBridge: "0x0000000000000000000000000000000000000000",
        disputeGameFactory: "0x0000000000000000000000000000000000000000",
        optimismPortal: portal,
        optimismMintableERC20Factory: "0x0000000000000000000000000000000000000000",
        gasPayingToken: "0x0000000000000000000000000000000000000000", // ETH, as on Base
      },
    ]),
  );
  // No L2OutputOracle: withdrawals (L2 to L1) are not part of the product; deposits never read it.
  await initialise(
    portal,
    implementations.OptimismPortal,
    OptimismPortal__factory.createInterface().encodeFunctionData("initialize", [
      "0x0000000000000000000000000000000000000000",
      systemConfig,
      superchainConfig,
    ]),
  );
  await initialise(
    l1Messenger,
    implementations.L1CrossDomainMessenger,
    L1CrossDomainMessenger__factory.createInterface().encodeFunctionData("initialize", [
      superchainConfig,
      portal,
      systemConfig,
    ]),
  );
  opts.log?.(`OP Stack L1 bridge: L1CrossDomainMessenger ${l1Messenger}, OptimismPortal ${portal}`);
  return { superchainConfig, systemConfig, portal, l1Messenger, implementations, deployBlock };
}

const code = async (rpc: Rpc, address: string) =>
  (await rpc.request({ method: "eth_getCode", params: [address, "latest"] })) as string;

/**
 * The L2 messenger's slot 0: a legacy spacer (20 bytes, always zero) and OpenZeppelin's Initializable flags
 * (`_initialized` at byte 20, `_initializing` at byte 21), per the artifact's storage layout.
 */
const INITIALIZABLE_SLOT = "0x0";

/**
 * Installs the L2CrossDomainMessenger at its predeploy on `conn`, trusting `l1Messenger`: OP's Proxy at the
 * predeploy (admin: the ProxyAdmin predeploy), the implementation at 0xc0d3…0007, then `initialize(l1Messenger)`
 * through the proxy from the ProxyAdmin (impersonated). Idempotent for the same L1 messenger; refuses another one
 * unless `replace` (a test chain reused by many deployments: the flag is cleared and `initialize` runs again, the
 * messenger's record of relayed and failed messages is kept).
 */
export async function installL2Messenger(
  conn: Connection,
  l1Messenger: string,
  opts: { replace?: boolean } = {},
): Promise<void> {
  const rpc = conn.provider;
  const at = PREDEPLOYS.L2CrossDomainMessenger;
  const proxyRuntime = opStackBytecode("Proxy").runtime;
  const impl = predeployImplementation(at);
  if ((await code(rpc, at)) === proxyRuntime) {
    const trusted = await L2CrossDomainMessenger__factory.connect(at, conn.ethers.provider).otherMessenger();
    if (trusted === getAddress(l1Messenger)) return;
    if (opts.replace !== true)
      throw new Error(`the L2 messenger at ${at} already trusts ${trusted}, not ${l1Messenger}: restart the chain`);
    await rpc.request({ method: "hardhat_setStorageAt", params: [at, INITIALIZABLE_SLOT, zeroPadValue("0x", 32)] });
    return initialiseL2Messenger(rpc, l1Messenger);
  }
  await rpc.request({ method: "hardhat_setCode", params: [impl, opStackBytecode("L2CrossDomainMessenger").runtime] });
  await rpc.request({ method: "hardhat_setCode", params: [at, proxyRuntime] });
  await rpc.request({
    method: "hardhat_setStorageAt",
    params: [at, ADMIN_SLOT, zeroPadValue(PREDEPLOYS.ProxyAdmin, 32)],
  });
  await initialiseL2Messenger(rpc, l1Messenger);
  // The messenger reads the gas-paying token from L1Block (ETH when its storage is empty).
  if ((await code(rpc, PREDEPLOYS.L1Block)) === "0x")
    await rpc.request({ method: "hardhat_setCode", params: [PREDEPLOYS.L1Block, opStackBytecode("L1Block").runtime] });
}

/** `upgradeToAndCall(implementation, initialize(l1Messenger))` on the predeploy's proxy, from the ProxyAdmin. */
async function initialiseL2Messenger(rpc: Rpc, l1Messenger: string): Promise<void> {
  const at = PREDEPLOYS.L2CrossDomainMessenger;
  const impl = predeployImplementation(at);
  const initialize = L2CrossDomainMessenger__factory.createInterface().encodeFunctionData("initialize", [l1Messenger]);
  const data = Proxy__factory.createInterface().encodeFunctionData("upgradeToAndCall", [impl, initialize]);
  const receipt = await withImpersonated(rpc, PREDEPLOYS.ProxyAdmin, 10n ** 18n, async () =>
    mined(rpc, await send(rpc, { from: PREDEPLOYS.ProxyAdmin, to: at, value: 0n, gas: 1_000_000n, data })),
  );
  if (!receipt.status) throw new Error(`initialising the L2 messenger at ${at} reverted (tx ${receipt.hash})`);
}

/** Both sides on `l1` and `l2` (the same connection for the single-chain test setup). */
export async function deployOpStack(l1: Connection, l2: Connection = l1): Promise<L1Bridge> {
  const bridge = await deployL1Bridge(l1);
  await installL2Messenger(l2, bridge.l1Messenger);
  return bridge;
}

// ---------------------------------------------------------------------------------------------------------------
// Deposits: what the OP node derives from the portal's events, and their execution on L2.

const ALIAS_OFFSET = 0x1111000000000000000000000000000000001111n;

/** The address an L1 contract appears as on L2 (OP's AddressAliasHelper.applyL1ToL2Alias). */
export function applyL1ToL2Alias(l1: string): string {
  return getAddress(toBeHex((BigInt(l1) + ALIAS_OFFSET) % 2n ** 160n, 20));
}

const portalInterface = OptimismPortal__factory.createInterface();
export const TRANSACTION_DEPOSITED_TOPIC = portalInterface.getEvent("TransactionDeposited").topicHash;

/** A deposit transaction as the OP node derives it from one `TransactionDeposited` log. */
export interface Deposit {
  /** Already aliased by the portal when the L1 caller was a contract. */
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  mint: bigint;
  value: bigint;
  gasLimit: bigint;
  isCreation: boolean;
  data: string;
  /** Where on L1 (the OP node's source hash commits to the L1 block hash and the log index). */
  l1Block: number;
  l1Tx: string;
  logIndex: number;
}

/** A log as eth_getLogs returns it (hex quantities). */
export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  logIndex: string;
}

/** Decodes one `TransactionDeposited` log: opaqueData = mint (32) ‖ value (32) ‖ gasLimit (8) ‖ isCreation (1) ‖ data. */
export function decodeDeposit(log: RpcLog): Deposit {
  const parsed = portalInterface.parseLog({ topics: log.topics, data: log.data });
  if (parsed?.name !== "TransactionDeposited") throw new Error(`not a TransactionDeposited log: ${log.topics[0]}`);
  const [from, to, version, opaque] = parsed.args as unknown as [string, string, bigint, string];
  if (version !== 0n) throw new Error(`deposit version ${version} is not supported (only version 0)`);
  const hex = opaque.slice(2);
  const isCreation = hex.slice(144, 146) === "01";
  return {
    from: getAddress(from),
    to: isCreation ? null : getAddress(to),
    mint: BigInt(`0x${hex.slice(0, 64)}`),
    value: BigInt(`0x${hex.slice(64, 128)}`),
    gasLimit: BigInt(`0x${hex.slice(128, 144)}`),
    isCreation,
    data: `0x${hex.slice(146)}`,
    l1Block: Number(log.blockNumber),
    l1Tx: log.transactionHash,
    logIndex: Number(log.logIndex),
  };
}

/** The deposits of the portal in an (inclusive) block range. */
export async function depositsIn(rpc: Rpc, portal: string, fromBlock: number, toBlock: number): Promise<Deposit[]> {
  const logs = (await rpc.request({
    method: "eth_getLogs",
    params: [
      {
        address: portal,
        topics: [TRANSACTION_DEPOSITED_TOPIC],
        fromBlock: toBeHex(fromBlock),
        toBlock: toBeHex(toBlock),
      },
    ],
  })) as RpcLog[];
  return logs.map(decodeDeposit);
}

export interface DepositReceipt {
  hash: string;
  /** The transaction did not revert (a message whose target failed still succeeds: see messageFailed). */
  status: boolean;
  gasUsed: bigint;
  logs: { address: string; topics: string[] }[];
}

/**
 * Executes `d` on L2 as its deposit transaction: from `d.from` (impersonated), to `d.to`, with `d.value` and the
 * deposit's gas limit. `d.mint` is credited first, as the OP Stack mints it; locally the sender is also given the
 * gas (a deposit's L2 gas was bought on L1).
 */
export async function executeDeposit(rpc: Rpc, d: Deposit): Promise<DepositReceipt> {
  const gasPrice = BigInt((await rpc.request({ method: "eth_gasPrice" })) as string);
  const hash = await withImpersonated(rpc, d.from, d.mint + d.gasLimit * gasPrice * 2n, () =>
    send(rpc, { from: d.from, to: d.to, value: d.value, gas: d.gasLimit, data: d.data, gasPrice: gasPrice * 2n }),
  );
  return mined(rpc, hash);
}

async function withImpersonated<T>(rpc: Rpc, who: string, fund: bigint, fn: () => Promise<T>): Promise<T> {
  const balance = BigInt((await rpc.request({ method: "eth_getBalance", params: [who, "latest"] })) as string);
  await rpc.request({ method: "hardhat_setBalance", params: [who, toBeHex(balance + fund)] });
  await rpc.request({ method: "hardhat_impersonateAccount", params: [who] });
  try {
    return await fn();
  } finally {
    await rpc.request({ method: "hardhat_stopImpersonatingAccount", params: [who] });
  }
}

/**
 * Sends `tx` from an unlocked (impersonated) account and returns its hash. A local node mines a reverting transaction
 * but answers its eth_sendTransaction with an error: the transaction is then found by its sender and nonce.
 */
async function send(
  rpc: Rpc,
  tx: { from: string; to: string | null; value: bigint; gas: bigint; data: string; gasPrice?: bigint },
): Promise<string> {
  const nonce = (await rpc.request({ method: "eth_getTransactionCount", params: [tx.from, "pending"] })) as string;
  try {
    return (await rpc.request({
      method: "eth_sendTransaction",
      params: [
        {
          from: tx.from,
          ...(tx.to === null ? {} : { to: tx.to }),
          value: toBeHex(tx.value),
          gas: toBeHex(tx.gas),
          data: tx.data,
          nonce,
          ...(tx.gasPrice === undefined ? {} : { gasPrice: toBeHex(tx.gasPrice) }),
        },
      ],
    })) as string;
  } catch (e) {
    const block = (await rpc.request({ method: "eth_getBlockByNumber", params: ["latest", true] })) as {
      transactions: { hash: string; from: string; nonce: string }[];
    } | null;
    const reverted = block?.transactions.find(
      (t) => getAddress(t.from) === getAddress(tx.from) && BigInt(t.nonce) === BigInt(nonce),
    );
    if (reverted === undefined) throw e;
    return reverted.hash;
  }
}

async function mined(rpc: Rpc, hash: string): Promise<DepositReceipt> {
  for (let i = 0; i < 600; i++) {
    const r = (await rpc.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
      status: string;
      gasUsed: string;
      logs: { address: string; topics: string[] }[];
    } | null;
    if (r !== null) return { hash, status: r.status === "0x1", gasUsed: BigInt(r.gasUsed), logs: r.logs };
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`transaction ${hash} was not mined within a minute`);
}

// ---------------------------------------------------------------------------------------------------------------
// Cross-domain messages: the relayMessage call a messenger deposit carries.

const l2MessengerInterface = L2CrossDomainMessenger__factory.createInterface();
const FAILED_RELAY_TOPIC = l2MessengerInterface.getEvent("FailedRelayedMessage").topicHash;

export interface CrossDomainMessage {
  nonce: bigint;
  sender: string;
  target: string;
  value: bigint;
  minGasLimit: bigint;
  message: string;
}

/** The message a deposit relays, or null when it is not a `relayMessage` call to the L2 messenger. */
export function messageOf(d: Deposit): CrossDomainMessage | null {
  if (d.to === null || getAddress(d.to) !== getAddress(PREDEPLOYS.L2CrossDomainMessenger)) return null;
  let call;
  try {
    call = l2MessengerInterface.parseTransaction({ data: d.data, value: d.value });
  } catch {
    return null;
  }
  if (call?.name !== "relayMessage") return null;
  const [nonce, sender, target, value, minGasLimit, message] = call.args as unknown as [
    bigint,
    string,
    string,
    bigint,
    bigint,
    string,
  ];
  return { nonce, sender: getAddress(sender), target: getAddress(target), value, minGasLimit, message };
}

/**
 * The L2 gas the L1 messenger buys for a message (CrossDomainMessenger.baseGas of 0.17.3), the deposit's gas limit:
 * a constant overhead, 16 per message byte, the minimum gas limit grossed up for EIP-150's 63/64 and the reserves of
 * the relay around the call.
 */
export function baseGas(message: string, minGasLimit: bigint): bigint {
  const messageBytes = BigInt((message.length - 2) / 2);
  return 200_000n + 16n * messageBytes + (minGasLimit * 64n) / 63n + 40_000n + 40_000n + 5_000n;
}

/** `relayMessage` calldata of `m` (what the L1 messenger deposits). */
export function relayMessageCalldata(m: CrossDomainMessage): string {
  return l2MessengerInterface.encodeFunctionData("relayMessage", [
    m.nonce,
    m.sender,
    m.target,
    m.value,
    m.minGasLimit,
    m.message,
  ]);
}

/** OP's versioned message hash (Hashing.hashCrossDomainMessageV1): the key of successfulMessages / failedMessages. */
export function messageHash(m: CrossDomainMessage): string {
  return keccak256(relayMessageCalldata(m));
}

/** Whether a delivered message's call failed (the messenger recorded it in failedMessages). */
export function messageFailed(r: DepositReceipt): boolean {
  return !r.status || r.logs.some((l) => l.topics[0] === FAILED_RELAY_TOPIC);
}
