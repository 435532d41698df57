/**
 * `npm run bench:chaos` (tooling part, `hardhat run scripts/bench/chaos.ts`): the keeper and the bridge relayer killed
 * with SIGKILL, again and again, while buyers buy on both chains of a local stack. 20 rounds: the keeper is killed
 * after its first relay batch is mined (rounds 1-12, its kill hook) or runs to the end; the relayer is then killed
 * right after a delivery is mined, before it records it (every round). At the end both run to completion and:
 * no buyer is credited twice on Base (each buyer's Base deposits = what it bought on Base + on Ethereum), and every
 * message the Ethereum messenger sent is relayed on Base exactly once. Writes its sections of reports/chaos.json.
 * The same kills, once each, are named tests: test/mocha/tooling/keeper-process.test.ts, opstack-relayer.test.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { id, zeroPadValue } from "ethers";
import { ROOT } from "../lib/networks.ts";
import { readDeployment } from "../lib/deployments.ts";
import { depositsIn, messageHash, messageOf, PREDEPLOYS } from "../lib/opstack.ts";
import type { LocalStack } from "../local/stack.ts";
import { L1CrossDomainMessenger__factory } from "../../typechain-types/opstack/index.ts";
import {
  basePresale,
  buyEth,
  ethPresale,
  killWhen,
  startChainsOnly,
  tmpDir,
  wakeConnections,
} from "../../test/mocha/tooling/helpers.ts";
import { writeSection } from "../../server/scripts/report.ts";

const ROUNDS = Number(process.env.CHAOS_RELAYER_KILLS ?? 20);
const KEEPER_KILLS = Number(process.env.CHAOS_KEEPER_KILLS ?? 12);
const BUYERS = [3, 4, 5, 6, 7, 8];
const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

async function main() {
  const started = Date.now();
  const dir = tmpDir("chaos");
  const stack: LocalStack = await startChainsOnly(dir);
  try {
    const { eth, base } = stack.connections;
    const ethDep = readDeployment(31337, dir)!;
    const baseDep = readDeployment(31338, dir)!;
    const common = ["--deployments", dir, "--eth-url", stack.urls.eth, "--base-url", stack.urls.base];
    const keeperArgs = [
      tsx,
      "scripts/keeper/index.ts",
      "--once",
      "--batch-size",
      "2",
      "--state",
      path.join(dir, "keeper.json"),
      ...common,
    ];
    const relayerArgs = [
      tsx,
      "scripts/relayer/index.ts",
      "--once",
      "--delay-ms",
      "0",
      "--state",
      path.join(dir, "relayer.json"),
      ...common,
    ];

    // Buyers buy on both chains the whole time, one purchase after another, each chain in turn.
    const boughtOnBase = new Map<number, bigint>(BUYERS.map((i) => [i, 0n]));
    let buying = true;
    let purchases = 0;
    let buyError: Error | undefined;
    const buyers = (async () => {
      for (let n = 0; buying; n++) {
        const i = BUYERS[n % BUYERS.length];
        const amount = 100n + BigInt(n % 7) * 50n;
        if (n % 2 === 0) await buyEth(eth, ethDep, i, amount);
        else {
          await buyEth(base, baseDep, i, amount);
          boughtOnBase.set(i, boughtOnBase.get(i)! + amount);
        }
        purchases++;
      }
    })().catch((e: unknown) => {
      buyError = e instanceof Error ? e : new Error(JSON.stringify(e));
    });

    const kills = { keeper: 0, relayer: 0 };
    // Asynchronous: the buyers keep buying while it runs.
    const run = (args: string[]) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, args, { cwd: ROOT });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.once("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`${args[1]} exited ${code}:\n${out}`)),
        );
      });
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((r) => setTimeout(r, 1500)); // some purchases to relay
      if (round < KEEPER_KILLS) {
        const killed = await killWhen(
          keeperArgs,
          { KEEPER_TEST_PAUSE_AFTER_BATCH_MS: "60000" },
          /relay → \S+ via the bridge: .* batch 1\//,
          { orExit: true },
        );
        if (killed) kills.keeper++;
      } else await run(keeperArgs);
      const killed = await killWhen(
        relayerArgs,
        { RELAYER_TEST_PAUSE_AFTER_DELIVERY_MS: "60000" },
        /test pause: delivered the deposit/,
        { orExit: true },
      );
      if (killed) kills.relayer++;
      console.log(
        `round ${round + 1}/${ROUNDS}: keeper kills ${kills.keeper}, relayer kills ${kills.relayer}, purchases ${purchases}`,
      );
    }
    buying = false;
    await buyers;
    if (buyError) throw buyError;
    // To the end: everything bought is relayed and delivered (twice each: a report may need a second tick).
    for (let i = 0; i < 2; i++) {
      await run(keeperArgs);
      await run(relayerArgs);
    }
    await wakeConnections(eth, base);

    // No double credit: each buyer's Base deposits are exactly its Base purchases plus its Ethereum ones.
    const signers = await eth.ethers.getSigners();
    const baseP = await basePresale(base, baseDep);
    const ethP = await ethPresale(eth, ethDep);
    let doubleCredits = 0;
    for (const i of BUYERS) {
      const expected = (boughtOnBase.get(i)! + (await ethP.buyerInfo(signers[i].address)).tokens) * 10n ** 18n;
      if ((await baseP.userDeposits(signers[i].address)) !== expected) doubleCredits++;
    }
    const importedAll = (await baseP.totalRemoteDepositsImported()) === (await ethP.localTokensSold());

    // Exactly once: every message through the portal relayed on Base once (RelayedMessage per hash), none failed.
    const messenger = ethDep.contracts.Messenger;
    const portal = await L1CrossDomainMessenger__factory.connect(messenger.address, eth.ethers.provider).portal();
    const head = Number(await eth.ethers.provider.getBlockNumber());
    const messages = (await depositsIn(eth.provider, portal, messenger.deployBlock, head))
      .map(messageOf)
      .filter((m) => m !== null)
      .map(messageHash);
    const relayed = await base.ethers.provider.getLogs({
      address: PREDEPLOYS.L2CrossDomainMessenger,
      topics: [id("RelayedMessage(bytes32)")],
      fromBlock: 0,
    });
    const failed = await base.ethers.provider.getLogs({
      address: PREDEPLOYS.L2CrossDomainMessenger,
      topics: [id("FailedRelayedMessage(bytes32)")],
      fromBlock: 0,
    });
    const times = (hash: string) => relayed.filter((l) => l.topics[1] === zeroPadValue(hash, 32)).length;
    const deliveredOnce = messages.filter((h) => times(h) === 1).length;

    const seconds = (Date.now() - started) / 1000;
    const section = {
      generatedAt: new Date().toISOString(),
      setup: `local stack (hardhat nodes 31337 + 31338, OP's messenger and portal); ${BUYERS.length} buyers buying on both chains throughout; ${ROUNDS} rounds: keeper --once --batch-size 2 killed after its first mined batch (first ${KEEPER_KILLS} rounds), relayer --once killed after a mined delivery before recording it; then both to completion`,
      purchases,
      keeper: {
        kills: kills.keeper,
        doubleCredits,
        buyersChecked: BUYERS.length,
        remoteImportsEqualEthereumSales: importedAll,
      },
      relayer: {
        kills: kills.relayer,
        messages: messages.length,
        deliveredOnce,
        relayedEvents: relayed.length,
        failed: failed.length,
      },
      seconds,
    };
    writeSection("tooling", section);
    console.log(JSON.stringify(section, null, 2));
    const ok =
      doubleCredits === 0 &&
      importedAll &&
      deliveredOnce === messages.length &&
      relayed.length === messages.length &&
      failed.length === 0 &&
      kills.keeper === KEEPER_KILLS &&
      kills.relayer === ROUNDS;
    if (!ok) {
      console.error("chaos: a guarantee did not hold (or fewer kills than asked), see above");
      process.exitCode = 1;
    }
  } finally {
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
