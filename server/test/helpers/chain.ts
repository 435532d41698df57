/**
 * A real local "Base" for chain-dependent tests and the benchmark: `hardhat node` (chain id 31338, OP chain type)
 * from the repo root on a free loopback port, with the presale and its dependencies deployed from artifacts/.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  keccak256,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from "viem";
import { presaleAbi } from "../../src/contracts.ts";
import { freePort } from "./net.ts";

export const REPO = path.resolve(import.meta.dirname, "../../..");
const ARTIFACTS = path.join(REPO, "artifacts/contracts");

/** Hardhat's default accounts (unlocked on `hardhat node`). */
export const ACCOUNTS = {
  deployer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  keeper: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  cardProvider: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  buyer: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  buyer2: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  stranger: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
} as const satisfies Record<string, Address>;

export const CHAIN_ID = 31338;
export const ETH_USD = 3000n; // feed answer, USD per ETH
export const MAX_TOKENS = 1_000_000n;

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

export function artifact(file: string, name: string): Artifact {
  const p = path.join(ARTIFACTS, file, `${name}.json`);
  const j = JSON.parse(fs.readFileSync(p, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: j.abi, bytecode: j.bytecode };
}

/** Why chain tests cannot run here, or undefined when they can. */
export function chainUnavailable(): string | undefined {
  if (!fs.existsSync(path.join(REPO, "contracts/BasePresale.sol"))) return "contracts/BasePresale.sol is not there yet";
  if (!fs.existsSync(path.join(ARTIFACTS, "BasePresale.sol/BasePresale.json"))) {
    // Compile once (the contracts suite normally has done it already).
    const r = spawnSync(path.join(REPO, "node_modules/.bin/hardhat"), ["compile", "--quiet"], {
      cwd: REPO,
      stdio: "ignore",
      timeout: 600_000,
    });
    if (r.status !== 0 || !fs.existsSync(path.join(ARTIFACTS, "BasePresale.sol/BasePresale.json")))
      return "could not compile the contracts";
  }
  if (!fs.existsSync(path.join(REPO, "node_modules/.bin/hardhat"))) return "Hardhat is not installed at the repo root";
  return undefined;
}

export interface TestChain {
  rpcUrl: string;
  chain: ReturnType<typeof defineChain>;
  publicClient: PublicClient;
  wallet(account: Address): WalletClient;
  presale: Address;
  feed: Address;
  /** Deploys a contract from the deployer's account. */
  deploy(a: Artifact, args?: unknown[]): Promise<Address>;
  stop(): Promise<void>;
}

export async function startChain(): Promise<TestChain> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(REPO, "node_modules/.bin/hardhat"),
    ["node", "--port", String(port), "--hostname", "127.0.0.1", "--chain-id", String(CHAIN_ID), "--chain-type", "op"],
    {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
      detached: false,
    },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr!.on("data", (d) => (output = (output + d).slice(-4000)));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const chain = defineChain({
    id: CHAIN_ID,
    name: "local base",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await publicClient.getChainId()) === CHAIN_ID) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const wallet = (account: Address) => createWalletClient({ account, chain, transport: http(rpcUrl) });
  try {
    const d = await deployPresale(publicClient, wallet(ACCOUNTS.deployer));
    const deployFrom = (a: Artifact, args: unknown[] = []) => deploy(publicClient, wallet(ACCOUNTS.deployer), a, args);
    return { rpcUrl, chain, publicClient, wallet, ...d, deploy: deployFrom, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function deploy(pc: PublicClient, w: WalletClient, a: Artifact, args: unknown[] = []): Promise<Address> {
  const hash = await w.deployContract({ abi: a.abi, bytecode: a.bytecode, args, account: w.account!, chain: w.chain });
  const r = await pc.waitForTransactionReceipt({ hash });
  if (r.status !== "success" || !r.contractAddress) throw new Error(`deploy failed`);
  return r.contractAddress;
}

async function send(
  pc: PublicClient,
  w: WalletClient,
  address: Address,
  abi: Abi,
  functionName: string,
  args: unknown[],
) {
  const hash = await w.writeContract({ address, abi, functionName, args, account: w.account!, chain: w.chain });
  const r = await pc.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error(`${functionName} failed`);
}

/** The Base side of CONVENTIONS.md: sale token, USDC, ETH/USD feed, sequencer feed, BasePresale with its ladder. */
async function deployPresale(pc: PublicClient, w: WalletClient) {
  const now = BigInt((await pc.getBlock()).timestamp);
  const token = await deploy(pc, w, artifact("SaleToken.sol", "SaleToken"), [
    "Shaft",
    "SHAFT",
    80_000_000n * 10n ** 18n,
    ACCOUNTS.deployer,
  ]);
  const usdc = await deploy(pc, w, artifact("mocks/MockUSDC.sol", "MockUSDC"));
  const agg = artifact("mocks/MockV3Aggregator.sol", "MockV3Aggregator");
  const feed = await deploy(pc, w, agg, [8, ETH_USD * 10n ** 8n, "ETH / USD"]);
  const seq = await deploy(pc, w, agg, [0, 0n, "L2 sequencer uptime"]);
  // The sequencer has been up for two hours (past the grace period).
  await send(pc, w, seq, agg.abi, "updateRoundData", [2n, 0n, now - 7200n, now - 7200n]);
  const caps = [4.5e6, 10e6, 16.5e6, 23.5e6, 32.5e6, 43e6, 54e6, 64e6, 73e6, 80e6].map((c) => BigInt(c));
  const prices = ["0.006", "0.0065", "0.007", "0.0075", "0.0085", "0.0095", "0.0105", "0.0115", "0.0125", "0.014"].map(
    (p) => BigInt(Math.round(Number(p) * 1e6)) * 10n ** 12n,
  );
  const endTimes = caps.map((_, i) => now + 30n * 86400n * BigInt(i + 1));
  // The presale's ladder bookkeeping is an external library: deploy it and link its address into the bytecode.
  const ladderBook = await deploy(pc, w, artifact("presale/LadderBook.sol", "LadderBook"));
  const unlinked = artifact("BasePresale.sol", "BasePresale");
  const p: Artifact = {
    abi: unlinked.abi,
    bytecode: unlinked.bytecode.replace(/__\$[0-9a-fA-F]{34}\$__/g, ladderBook.slice(2).toLowerCase()) as Hex,
  };
  const presale = await deploy(pc, w, p, [
    {
      owner: ACCOUNTS.deployer,
      adminDelay: 0,
      usdt: "0x0000000000000000000000000000000000000000",
      usdc,
      priceFeed: feed,
      priceFeedHeartbeat: 86_400n,
      sequencerFeed: seq,
      sequencerGracePeriod: 3600n,
      paymentWallet: ACCOUNTS.keeper,
      startTime: now - 60n,
      endTime: now + 400n * 86400n,
      maxTokensToBuy: MAX_TOKENS,
      caps,
      prices,
      endTimes,
      // Ethereum's quota of each round is 0 here: Base sells every round whole (no Ethereum side in these tests).
      ethereumQuotas: caps.map(() => 0n),
      // Base's L2CrossDomainMessenger predeploy (the card flow never receives a report).
      messenger: "0x4200000000000000000000000000000000000007",
    },
    token,
  ]);
  // Typed against the generated map's presale ABI (src/contracts.ts), like every server call.
  const grant = await w.writeContract({
    address: presale,
    abi: presaleAbi,
    functionName: "grantRole",
    args: [keccak256(toHex("CARD_PROVIDER_ROLE")), ACCOUNTS.cardProvider],
    account: w.account!,
    chain: w.chain,
  });
  if ((await pc.waitForTransactionReceipt({ hash: grant })).status !== "success") throw new Error("grantRole failed");
  return { presale, feed };
}
