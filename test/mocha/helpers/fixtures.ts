/**
 * Shared deployment fixtures for the mocha suites, the gas budget test and `scripts/bench/gas.ts`.
 *
 * Two in-process chains (see hardhat.config.ts): `hardhatEth` (l1, 31337, no sale token, USDT + USDC, no sequencer
 * feed) and `hardhatBase` (op, 31338, claim chain: sale token, staking, USDC only, sequencer uptime feed).
 * Accounts follow docs/CONVENTIONS.md: #0 owner, #1 keeper (relays; no role), #2 card provider, #3.. buyers; #9 payment wallet,
 * #8 split recipient.
 */
import { network } from "hardhat";
import { MAX_TRANSACTION_GAS } from "../../../scripts/lib/opstack-gas.js";
import type { ContractTransactionResponse, TransactionReceipt } from "ethers";
import type { NetworkConnection } from "hardhat/types/network";
import type {
  BasePresale,
  EthereumPresale,
  HookToken,
  MockSanctionsList,
  MockUSDC,
  MockUSDT,
  MockV3Aggregator,
  SaleToken,
  Staking,
} from "../../../typechain-types/index.js";
import type { IBasePresale } from "../../../typechain-types/BasePresale.js";
import {
  L1CrossDomainMessenger__factory,
  L2CrossDomainMessenger__factory,
  type L1CrossDomainMessenger,
  type L2CrossDomainMessenger,
} from "../../../typechain-types/opstack/index.js";
import {
  applyL1ToL2Alias,
  baseGas,
  deployL1Bridge,
  depositsIn,
  installL2Messenger as installOpStackL2Messenger,
  messageHash,
  messageOf,
  PREDEPLOYS,
  relayMessageCalldata,
  type Deposit,
  type L1Bridge,
} from "../../../scripts/lib/opstack.js";

export type ChainName = "hardhatEth" | "hardhatBase";
/** A connection to one simulated chain, with Hardhat's ethers (typed by typechain-types) and network helpers. */
export type Conn = NetworkConnection;
export type Signer = Awaited<ReturnType<Conn["ethers"]["getSigners"]>>[number];
/**
 * Each chain's messenger, OP's own (contracts-bedrock, scripts/lib/opstack.ts): the L1CrossDomainMessenger behind its
 * portal on Ethereum, the L2CrossDomainMessenger at its predeploy on Base.
 */
export type Messenger<N extends ChainName> = N extends "hardhatBase" ? L2CrossDomainMessenger : L1CrossDomainMessenger;
/** Each chain's presale: Ethereum's sells its quota for a named Base recipient, Base's sells the rest and pays out. */
export type PresaleOf<N extends ChainName> = N extends "hardhatBase" ? BasePresale : EthereumPresale;
/** The sale token: the real SaleToken, or in reentrancy tests a token that calls back into its recipients. */
export type SaleTokenLike = SaleToken | HookToken;

const connections = new Map<ChainName, Promise<Conn>>();

/**
 * One connection per simulated chain, created once. Ethereum's sends every transaction with EIP-7825's cap as its
 * gas limit instead of an estimate: estimating a relay re-runs the portal's gas burn (often a million gas of
 * looping) a dozen times over; the limit is what any single transaction may use on Ethereum anyway.
 */
export function chain(name: ChainName): Promise<Conn> {
  let c = connections.get(name);
  if (c === undefined) {
    c =
      name === "hardhatEth"
        ? network.create({ network: name, override: { gas: Number(MAX_TRANSACTION_GAS) } })
        : network.create(name);
    connections.set(name, c);
  }
  return c;
}

// ------------------------------------------------------------------------------------------------ constants

export const TOKEN = 10n ** 18n; // sale-token wei per whole token
export const USD6 = 10n ** 6n;
export const DAY = 86_400n;
export const HEARTBEAT = 3_600n;
export const GRACE = 3_600n;
export const ETH_USD_8 = 3_000n * 10n ** 8n; // $3,000 with the feed's 8 decimals
export const ETH_USD_18 = 3_000n * 10n ** 18n;
export const MAX_TOKENS = 10_000_000n;
export const ROUND_SPACING = 30n * DAY;
export const APY_BPS = 1_500n;
export const LOCK = 30n * DAY;
export const STAKING_LENGTH = 365n * DAY;
export const SUPPLY = 1_000_000_000n * TOKEN;
/** A pair's default split: Ethereum's quota of each round in basis points (the deployment parameter's unit). */
export const ETH_SHARE_BPS = 4_000n;

/** OP Stack: the L2CrossDomainMessenger predeploy (Base). */
export const L2_MESSENGER = PREDEPLOYS.L2CrossDomainMessenger;
/**
 * Base-only deployments have no Ethereum: the L1 messenger address the real L2 messenger trusts there, and the
 * Ethereum presale whose reports Base accepts (deliverReport plays their deposits).
 */
export const L1_MESSENGER_STANDIN = "0x00000000000000000000000000000000000011e1";
export const ETH_PRESALE_STANDIN = "0x000000000000000000000000000000000000e7e7";

/** The address an L1 contract appears as on L2 (OP's address aliasing). */
export const aliased = applyL1ToL2Alias;

/** Spec section 9: cumulative caps (whole tokens) and USD prices (18 decimals). */
export const CAPS = [
  4_500_000n,
  10_000_000n,
  16_500_000n,
  23_500_000n,
  32_500_000n,
  43_000_000n,
  54_000_000n,
  64_000_000n,
  73_000_000n,
  80_000_000n,
];
export const PRICES = [
  "0.006",
  "0.0065",
  "0.007",
  "0.0075",
  "0.0085",
  "0.0095",
  "0.0105",
  "0.0115",
  "0.0125",
  "0.014",
].map((p) => BigInt(Math.round(Number(p) * 1e7)) * 10n ** 11n);

// ------------------------------------------------------------------------------------------------ reference model

export interface LadderState {
  step: number;
  checkPoint: bigint;
  caps: bigint[];
  prices: bigint[];
}

/** USD (18 decimals) for `amount` whole tokens from `state`, round by round (no time expiry). */
export function refUsd(amount: bigint, s: LadderState): bigint {
  let left = amount;
  let cp = s.checkPoint;
  let usd = 0n;
  for (let i = s.step; i < s.caps.length && left > 0n; i++) {
    const room = s.caps[i] - cp;
    const take = left < room ? left : room;
    usd += take * s.prices[i];
    left -= take;
    cp += take;
  }
  if (left > 0n) throw new Error("sold out");
  return usd;
}
export const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
export const refEth = (usd18: bigint, ethUsd18 = ETH_USD_18) => ceilDiv(usd18 * 10n ** 18n, ethUsd18);
export const refStable = (usd18: bigint) => ceilDiv(usd18, 10n ** 12n);

// ------------------------------------------------------------------------------------------------ deployment

/** Ethereum's quota of each round for a share in basis points of each round's size (rounded down). */
export function quotasFor(caps: bigint[], shareBps: bigint): bigint[] {
  return caps.map((cap, i) => ((cap - (i === 0 ? 0n : caps[i - 1])) * shareBps) / 10_000n);
}

export interface Deployment<N extends ChainName = ChainName> {
  conn: Conn;
  ethers: Conn["ethers"];
  helpers: Conn["networkHelpers"];
  chainName: N;
  signers: Signer[];
  owner: Signer;
  keeper: Signer;
  provider: Signer;
  buyers: Signer[];
  splitWallet: Signer;
  paymentWallet: Signer;
  presale: PresaleOf<N>;
  staking: Staking | null;
  token: SaleTokenLike | null;
  usdt: MockUSDT | null;
  usdc: MockUSDC;
  feed: MockV3Aggregator;
  seqFeed: MockV3Aggregator | null;
  sanctions: MockSanctionsList;
  /** Ethereum: the L1CrossDomainMessenger (proxy); Base: the L2CrossDomainMessenger at the predeploy address. */
  messenger: Messenger<N>;
  /** Ethereum: the OP Stack L1 contracts deployed for this presale (portal, configs, messenger); Base: null. */
  bridge: L1Bridge | null;
  t0: bigint; // deployment timestamp
  roundEnds: bigint[];
  start: bigint;
  end: bigint;
}

export interface DeployOptions {
  caps?: bigint[];
  prices?: bigint[];
  roundEnds?: bigint[];
  /** Ethereum's quota of each round (default: a lone chain owns every round, Ethereum all of it, Base none of it). */
  ethereumQuotas?: bigint[];
  maxTokensToBuy?: bigint;
  /** Seconds after deployment the sale starts (0 = now). */
  startDelay?: bigint;
  /** Optional replacement for the sale token constructor argument (e.g. a hook token for reentrancy tests). */
  saleToken?: string;
  /** Optional replacement for the staking stake token. */
  stakeToken?: string;
  stakingMaxDeposit?: bigint;
  link?: boolean; // link presale and staking (default true)
  /** Base: the L1 messenger whose aliased address may deliver (default a stand-in address). */
  l1Messenger?: string;
  /** The other chain's presale (default on Base: ETH_PRESALE_STANDIN; on Ethereum: none, set by the caller). */
  remotePresale?: string | null;
}

export async function now(conn: Conn): Promise<bigint> {
  return BigInt(await conn.networkHelpers.time.latest());
}

export async function deploy<N extends ChainName>(chainName: N, o: DeployOptions = {}): Promise<Deployment<N>> {
  const conn = await chain(chainName);
  const { ethers } = conn;
  const signers = await ethers.getSigners();
  const [owner, keeper, provider] = signers;
  const buyers = signers.slice(3, 8);
  const splitWallet = signers[8];
  const paymentWallet = signers[9];
  const isBase = chainName === "hardhatBase";

  const t0 = await now(conn);
  const usdc = await ethers.deployContract("MockUSDC");
  const usdt = isBase ? null : await ethers.deployContract("MockUSDT");
  const feed = await ethers.deployContract("MockV3Aggregator", [8, ETH_USD_8, "ETH / USD"]);
  const seqFeed = isBase ? await ethers.deployContract("MockV3Aggregator", [0, 0, "L2 sequencer uptime"]) : null;
  if (seqFeed) {
    // The sequencer has been up for a day: outside the grace period.
    await seqFeed.updateRoundData(1, 0, t0 - DAY, t0 - DAY);
  }
  const sanctions = await ethers.deployContract("MockSanctionsList");
  const token = isBase ? await ethers.deployContract("SaleToken", ["Shaft", "SHAFT", SUPPLY, owner.address]) : null;
  const bridge = isBase ? null : await deployL1Bridge(conn);
  const messenger = isBase
    ? await installL2Messenger(conn, o.l1Messenger ?? L1_MESSENGER_STANDIN)
    : L1CrossDomainMessenger__factory.connect(bridge!.l1Messenger, owner);
  const ladderBook = await ethers.deployContract("LadderBook");

  const caps = o.caps ?? CAPS;
  const prices = o.prices ?? PRICES;
  const roundEnds = o.roundEnds ?? caps.map((_, i) => t0 + ROUND_SPACING * BigInt(i + 1));
  const start = t0 + (o.startDelay ?? 0n);
  const end = roundEnds[roundEnds.length - 1];
  const ethereumQuotas = o.ethereumQuotas ?? quotasFor(caps, isBase ? 0n : 10_000n);
  const params = {
    owner: owner.address,
    adminDelay: 0,
    usdt: usdt ? await usdt.getAddress() : ethers.ZeroAddress,
    usdc: await usdc.getAddress(),
    priceFeed: await feed.getAddress(),
    priceFeedHeartbeat: HEARTBEAT,
    sequencerFeed: seqFeed ? await seqFeed.getAddress() : ethers.ZeroAddress,
    sequencerGracePeriod: seqFeed ? GRACE : 0n,
    paymentWallet: paymentWallet.address,
    startTime: start,
    endTime: end,
    maxTokensToBuy: o.maxTokensToBuy ?? MAX_TOKENS,
    caps,
    prices,
    endTimes: roundEnds,
    ethereumQuotas,
    messenger: await messenger.getAddress(),
  };
  const libraries = { libraries: { LadderBook: await ladderBook.getAddress() } };
  const saleTokenAddress = o.saleToken ?? (token ? await token.getAddress() : ethers.ZeroAddress);
  // `isBase` decides which presale is deployed; TypeScript cannot tie it to `N` on its own.
  const presale = (
    isBase
      ? await ethers.deployContract("BasePresale", [params, saleTokenAddress], libraries)
      : await ethers.deployContract("EthereumPresale", [params], libraries)
  ) as PresaleOf<N>;
  const remote = o.remotePresale === undefined ? (isBase ? ETH_PRESALE_STANDIN : null) : o.remotePresale;
  if (remote !== null) await presale.setRemotePresale(remote);
  if (isBase)
    await (presale as BasePresale).grantRole(await (presale as BasePresale).CARD_PROVIDER_ROLE(), provider.address);

  let staking: Staking | null = null;
  if (isBase) {
    const stakeToken = o.stakeToken ?? saleTokenAddress;
    staking = await ethers.deployContract("Staking", [
      owner.address,
      stakeToken,
      APY_BPS,
      LOCK,
      t0 + STAKING_LENGTH,
      o.stakingMaxDeposit ?? 0n,
    ]);
    if (o.link !== false) {
      await staking.setPresale(await presale.getAddress());
      await (presale as BasePresale).setStaking(await staking.getAddress());
    }
  }

  // Buyers get stablecoins and allowances ready (USDT approve only from zero).
  for (const b of buyers) {
    await usdc.mint(b.address, 1_000_000n * USD6);
    await usdc.connect(b).approve(await presale.getAddress(), ethers.MaxUint256);
    if (usdt) {
      await usdt.mint(b.address, 1_000_000n * USD6);
      await usdt.connect(b).approve(await presale.getAddress(), ethers.MaxUint256);
    }
  }

  return {
    conn,
    ethers,
    helpers: conn.networkHelpers,
    chainName,
    signers,
    owner,
    keeper,
    provider,
    buyers,
    splitWallet,
    paymentWallet,
    presale,
    staking,
    token,
    usdt,
    usdc,
    feed,
    seqFeed,
    sanctions,
    t0,
    roundEnds,
    start,
    end,
    // `isBase` decided which messenger was deployed; TypeScript cannot tie it to `N` on its own.
    messenger: messenger as Messenger<N>,
    bridge,
  };
}

/**
 * The real L2 messenger at its predeploy, trusting `l1Messenger` (the chain is shared by every deployment of the
 * run: a new pair's L1 messenger replaces the last one).
 */
export async function installL2Messenger(conn: Conn, l1Messenger: string): Promise<L2CrossDomainMessenger> {
  await installOpStackL2Messenger(conn, l1Messenger, { replace: true });
  const [owner] = await conn.ethers.getSigners();
  return L2CrossDomainMessenger__factory.connect(L2_MESSENGER, owner);
}

/** One relayed leg in a report (whole tokens): `receiveEthereumReport`'s deposit entries. */
export type RelayedDeposit = IBasePresale.RelayedDepositStruct;

/** Ethereum's side of a report, as `receiveEthereumReport` takes it. */
export interface EthereumReport {
  deposits?: RelayedDeposit[];
  quotas?: bigint[];
  used?: bigint[];
  tokensSold?: bigint;
  usdRaised?: bigint;
  closed?: boolean;
}

/** A relayed leg for `recipient` (defaults: the buyer itself, leg 0). */
export function leg(buyer: string, tokens: bigint, recipient = buyer, legIndex = 0n): RelayedDeposit {
  return { buyer, leg: legIndex, recipient, tokens };
}

/** Base gas a report needs: what the Ethereum presale asks the messenger for (EthereumPresale.relayGasLimit). */
export function reportGas(deposits: number, rounds = CAPS.length): bigint {
  return 69_000n + 54_000n * BigInt(deposits) + 33_000n * BigInt(rounds);
}

let standInNonce = 0n;

/**
 * Delivers a report to the Base presale as the OP Stack's deposit would: the aliased L1 messenger calls
 * `relayMessage` on the real L2 messenger, with the Ethereum presale (stand-in by default) as sender and the gas the
 * L1 messenger buys for it (baseGas). Returns the transaction.
 */
export async function deliverReport(
  d: Deployment,
  r: EthereumReport,
  sender = ETH_PRESALE_STANDIN,
  l1 = L1_MESSENGER_STANDIN,
) {
  if (!onBase(d)) throw new Error("reports are delivered on Base");
  const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [
    r.deposits ?? [],
    r.quotas ?? [],
    r.used ?? [],
    r.tokensSold ?? 0n,
    r.usdRaised ?? 0n,
    r.closed ?? false,
  ]);
  const nonce = (1n << 240n) | standInNonce++;
  const relayer = await impersonate(d, aliased(l1));
  // The deposit's own gas limit: a gas estimate would find the cheaper path where OP's messenger records the message
  // as failed.
  const minGas = reportGas((r.deposits ?? []).length);
  return d.messenger
    .connect(relayer)
    .relayMessage(nonce, sender, await d.presale.getAddress(), 0n, minGas, data, { gasLimit: baseGas(data, minGas) });
}

/** A signer for `address` with some ETH (for the aliased messenger and other impersonations). */
export async function impersonate(d: Deployment, address: string) {
  await d.helpers.impersonateAccount(address);
  await d.helpers.setBalance(address, 10n ** 20n);
  return d.ethers.getSigner(address);
}

/** On a Base deployment with the Ethereum stand-in: delivers Ethereum's close with `tokensSold` (default none). */
export async function closeEthereumStandIn(d: Deployment, r: EthereumReport = {}) {
  return deliverReport(d, { ...r, closed: true });
}

/** Narrows a deployment to Base (the chain with the L2 messenger, the sale token and staking). */
export function onBase(d: Deployment): d is Deployment<"hardhatBase"> {
  return d.chainName === "hardhatBase";
}

export const deployEth = (): Promise<Deployment<"hardhatEth">> => deploy("hardhatEth");
export const deployBase = (): Promise<Deployment<"hardhatBase">> => deploy("hardhatBase");

/** Moves time forward and republishes the ETH/USD answer so the feed is fresh (and the sequencer stays up). */
export async function advance(d: Deployment, seconds: bigint): Promise<void> {
  await d.helpers.time.increase(seconds);
  await d.feed.updateAnswer(ETH_USD_8);
}

export async function advanceTo(d: Deployment, ts: bigint): Promise<void> {
  await d.helpers.time.increaseTo(ts);
  await d.feed.updateAnswer(ETH_USD_8);
}

/** Funds the presale with enough sale tokens for everything sold and opens the claim now. */
export async function openClaim(d: Deployment, extra = 0n): Promise<bigint> {
  if (!onBase(d)) throw new Error("the claim opens on Base");
  const sold = await d.presale.totalTokensSold();
  const need = sold * TOKEN + extra;
  const bal = await d.token!.balanceOf(await d.presale.getAddress());
  if (bal < need) await d.token!.transfer(await d.presale.getAddress(), need - bal);
  if (!(await d.presale.remoteSaleClosed())) await closeEthereumStandIn(d);
  // Claim from the next block on: startClaim is mined at >= ts, so every later transaction is after the start.
  const ts = (await now(d.conn)) + 1n;
  await d.presale.startClaim(ts);
  return ts;
}

/**
 * Buys `amount` tokens with exactly the quoted ETH: on Base for the buyer (staked if `stake`), on Ethereum for the
 * buyer's own address on Base unless `recipient` names another.
 */
export async function buyEth(d: Deployment, buyer: Signer, amount: bigint, stake = false, recipient?: string) {
  const cost = await d.presale.ethBuyHelper(amount);
  if (onBase(d)) return d.presale.connect(buyer).buyWithEth(amount, stake, { value: cost });
  return (d.presale as EthereumPresale).connect(buyer).buyWithEth(amount, recipient ?? buyer.address, { value: cost });
}

/** Buys `amount` tokens with USDC for at most `maxCost` (default the quote), on either chain, for the buyer. */
export async function buyUsdc(d: Deployment, buyer: Signer, amount: bigint, maxCost?: bigint, stake = false) {
  const cost = maxCost ?? (await d.presale.usdcBuyHelper(amount));
  if (onBase(d)) return d.presale.connect(buyer).buyWithUSDC(amount, cost, stake);
  return (d.presale as EthereumPresale).connect(buyer).buyWithUSDC(amount, cost, buyer.address);
}

/** Gives `who` sale tokens and approves staking. */
export async function giveStakeTokens(d: Deployment, who: Signer, amount: bigint) {
  await d.token!.transfer(who.address, amount);
  await d.token!.connect(who).approve(await d.staking!.getAddress(), d.ethers.MaxUint256);
}

export async function fundRewards(d: Deployment, amount: bigint) {
  await d.token!.approve(await d.staking!.getAddress(), amount);
  await d.staking!.fundRewards(amount);
}

/** The receipt of a sent transaction (ethers types it nullable, for transactions that are dropped or replaced). */
export async function receiptOf<R extends TransactionReceipt>(txp: Promise<{ wait(): Promise<R | null> }>): Promise<R> {
  const receipt = await (await txp).wait();
  if (receipt === null) throw new Error("transaction was not mined");
  return receipt;
}

/** The timestamp of the block that mined the transaction. */
export async function minedAt(d: Deployment, txp: Promise<ContractTransactionResponse>): Promise<bigint> {
  const block = await d.ethers.provider.getBlock((await receiptOf(txp)).blockNumber);
  if (block === null) throw new Error("block not found");
  return BigInt(block.timestamp);
}

export async function txGas(txp: Promise<ContractTransactionResponse>): Promise<bigint> {
  return (await receiptOf(txp)).gasUsed;
}

const FIXTURES: { [N in ChainName]: () => Promise<Deployment<N>> } = { hardhatEth: deployEth, hardhatBase: deployBase };

/** The standard deployment of `name`, restored from a snapshot after the first call (networkHelpers.loadFixture). */
export async function load<N extends ChainName>(name: N): Promise<Deployment<N>> {
  const c = await chain(name);
  return c.networkHelpers.loadFixture(FIXTURES[name]);
}

export const CHAINS: ChainName[] = ["hardhatEth", "hardhatBase"];

/** Ladder state read from the contract, for the reference model. */
export async function ladder(d: Deployment): Promise<LadderState> {
  const caps: bigint[] = [...(await d.presale.roundDetails(0))];
  const prices: bigint[] = [...(await d.presale.roundDetails(1))];
  return { step: Number(await d.presale.currentStep()), checkPoint: await d.presale.checkPoint(), caps, prices };
}

// ------------------------------------------------------------------------------------------------ two chains

/**
 * Ethereum and Base presales linked through the official OP Stack bridge (the L1 messenger behind its portal on
 * hardhatEth, the L2 messenger at its predeploy on hardhatBase), and the tests playing the OP node: each message is
 * the deposit the portal logged, executed on Base from the aliased L1 messenger with the deposit's gas limit, when
 * and as often as a test wants (late, out of order, again).
 */
export interface Pair {
  eth: Deployment<"hardhatEth">;
  base: Deployment<"hardhatBase">;
  /** Every message sent through the L1 messenger since the pair was deployed, oldest first. */
  sent: () => Promise<SentMessage[]>;
  /** The messages the L2 messenger has neither relayed nor recorded as failed (oldest first). */
  pending: () => Promise<SentMessage[]>;
  /** Executes the message's deposit on Base (by default with the deposit's gas limit, as the OP Stack does). */
  deliver: (m: SentMessage, gasLimit?: bigint) => Promise<TransactionReceipt>;
  /** Delivers every pending message in order; returns the receipts. */
  deliverAll: () => Promise<TransactionReceipt[]>;
  /** Moves both chains' clocks to `ts` (and refreshes both feeds). */
  advanceBothTo: (ts: bigint) => Promise<void>;
}

/** One message through the L1 messenger: its fields (as `SentMessage` logs them) and the deposit that carries it. */
export interface SentMessage {
  target: string;
  sender: string;
  message: string;
  messageNonce: bigint;
  /** The minimum gas limit the sender asked for on Base. */
  gasLimit: bigint;
  /** The portal's deposit: from the aliased L1 messenger to the L2 messenger, gas limit = the messenger's baseGas. */
  deposit: Deposit;
  /** OP's versioned message hash: the key of the L2 messenger's successfulMessages / failedMessages. */
  hash: string;
}

/** The messages in the portal's deposits of `eth`'s bridge, oldest first. */
export async function sentThrough(eth: Deployment<"hardhatEth">): Promise<SentMessage[]> {
  if (eth.bridge === null) throw new Error("no OP Stack bridge on this deployment");
  const latest = await eth.ethers.provider.getBlockNumber();
  const deposits = await depositsIn(eth.conn.provider, eth.bridge.portal, eth.bridge.deployBlock, latest);
  return deposits.flatMap((deposit) => {
    const m = messageOf(deposit);
    if (m === null) return [];
    const { target, sender, message, nonce: messageNonce, minGasLimit: gasLimit } = m;
    return [{ target, sender, message, messageNonce, gasLimit, deposit, hash: messageHash(m) }];
  });
}

/** The same message under another nonce, in a deposit of its own: what a bridge delivering one message twice would do. */
export function withNonce(m: SentMessage, messageNonce: bigint): SentMessage {
  const fields = { nonce: messageNonce, sender: m.sender, target: m.target, value: 0n, minGasLimit: m.gasLimit };
  const cdm = { ...fields, message: m.message };
  return {
    ...m,
    messageNonce,
    deposit: { ...m.deposit, data: relayMessageCalldata(cdm) },
    hash: messageHash(cdm),
  };
}

/**
 * Deploys both chains with the same table (round end times and Ethereum's quotas), each presale the other's remote
 * (Base's link left to the test with `linkBase: false`, as a deployment that has not finished).
 */
export async function deployPair(
  o: DeployOptions = {},
  { linkBase = true }: { linkBase?: boolean } = {},
): Promise<Pair> {
  const connE = await chain("hardhatEth");
  const connB = await chain("hardhatBase");
  const t = (await now(connE)) > (await now(connB)) ? await now(connE) : await now(connB);
  await connE.networkHelpers.time.increaseTo(t + 1n);
  await connB.networkHelpers.time.increaseTo(t + 1n);
  const caps = o.caps ?? CAPS;
  const roundEnds = o.roundEnds ?? caps.map((_, i) => t + 100n + ROUND_SPACING * BigInt(i + 1));
  const ethereumQuotas = o.ethereumQuotas ?? quotasFor(caps, ETH_SHARE_BPS);
  const eth = await deploy("hardhatEth", { ...o, roundEnds, ethereumQuotas, remotePresale: null });
  const base = await deploy("hardhatBase", {
    ...o,
    roundEnds,
    ethereumQuotas,
    remotePresale: null,
    l1Messenger: await eth.messenger.getAddress(),
  });
  await eth.presale.setRemotePresale(await base.presale.getAddress());
  if (linkBase) await base.presale.setRemotePresale(await eth.presale.getAddress());

  const sent = () => sentThrough(eth);
  const pending = async (): Promise<SentMessage[]> => {
    const out = [];
    for (const m of await sent()) {
      const seen = (await base.messenger.successfulMessages(m.hash)) || (await base.messenger.failedMessages(m.hash));
      if (!seen) out.push(m);
    }
    return out;
  };
  const deliver = async (m: SentMessage, gasLimit = m.deposit.gasLimit) => {
    const { from, to, value, data } = m.deposit;
    if (to === null) throw new Error("a messenger deposit is never a contract creation");
    const depositor = await impersonate(base, from);
    return receiptOf(depositor.sendTransaction({ to, value, data, gasLimit }));
  };
  const deliverAll = async () => {
    const out = [];
    for (const m of await pending()) out.push(await deliver(m));
    return out;
  };
  const advanceBothTo = async (ts: bigint) => {
    await advanceTo(eth, ts);
    await advanceTo(base, ts);
  };
  return { eth, base, sent, pending, deliver, deliverAll, advanceBothTo };
}
