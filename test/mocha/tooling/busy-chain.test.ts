/**
 * `admin status` and `start-claim --dry-run` on a busy chain with tokens in flight. The busy chain is built
 * synthetically: LogEmitter's code stands at the Ethereum presale's address for four transactions and emits 10,000
 * purchase events of 400 buyers, then the presale's own code goes back (its storage was never touched). Three real
 * buyers buy; two are relayed and delivered, the third one's tokens are still to relay.
 * The root cause of the crash (`buyersIn`, scripts/lib/crosschain.ts): decoding thousands of logs stalled the process
 * for seconds, and a keep-alive connection went stale under it; the lookup must not stall, and a dropped read is
 * asked again.
 */
import http from "node:http";
import { expect } from "chai";
import { runAdmin } from "../../../scripts/admin/commands.js";
import { openChain, type AdminEnv } from "../../../scripts/admin/context.js";
import { unrelayedBuyers } from "../../../scripts/admin/crosschain.js";
import { connect, exitCodeFor, isDroppedConnection } from "../../../scripts/lib/cli.js";
import { BUYER_TOPICS, buyersIn } from "../../../scripts/lib/crosschain.js";
import { EthereumPresale__factory, LogEmitter__factory } from "../../../typechain-types/index.js";
import { buyEth, collector, deployPair, freePort, makeRelayer, tmpDir, type Pair } from "./helpers.js";

const SYNTHETIC_LOGS = 10_000;
const SYNTHETIC_BUYERS = 400;
/** Far above any buyer of the real chain: the synthetic buyers are 0x…0001_0000_0000 onwards (no records). */
const PURCHASE = EthereumPresale__factory.createInterface().getEvent("TokensBought");
const BUYER_TOPIC_INDEX = BUYER_TOPICS.get(PURCHASE.topicHash)!;
const FIRST_SYNTHETIC = 1n << 32n;

/** The longest the event loop stood still while `run` ran (a timer every 5 ms measures the gaps). */
async function longestStall<T>(run: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 5);
    last = now;
  }, 5);
  try {
    const result = await run();
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe("tooling: status and start-claim on a busy chain with tokens in flight", function () {
  this.timeout(120_000);
  let pair: Pair;
  let env: AdminEnv;
  let inFlight: string;

  before(async function () {
    pair = await deployPair();
    env = { connections: { hardhatEth: pair.eth, hardhatBase: pair.base }, deploymentsDir: pair.dir };
    const signers = await pair.eth.ethers.getSigners();
    for (const i of [3, 4, 5]) await buyEth(pair.eth, pair.ethDep, i, 1_000n * BigInt(i));
    inFlight = signers[5].address;
    await runAdmin(["relay", "--network", "hardhatEth", "--buyer", signers[3].address, "--buyer", signers[4].address], {
      ...env,
      out: () => {},
    });
    await makeRelayer(pair, `${tmpDir("busy-relayer")}/state.json`).tick();

    // 10,000 purchase events at the presale's address, from LogEmitter's code standing in for two transactions.
    const presale = pair.ethDep.contracts.Presale.address;
    const realCode = await pair.eth.ethers.provider.getCode(presale);
    const emitter = await new LogEmitter__factory(signers[0]).deploy();
    const emitterCode = await pair.eth.ethers.provider.getCode(await emitter.getAddress());
    const sample = EthereumPresale__factory.createInterface().encodeEventLog(PURCHASE, [
      signers[9].address,
      signers[9].address,
      "0x0000000000000000000000000000000000000000",
      1_000n,
      10n ** 15n,
      6n * 10n ** 18n,
      false,
    ]);
    await pair.eth.provider.request({ method: "hardhat_setCode", params: [presale, emitterCode] });
    const asEmitter = LogEmitter__factory.connect(presale, signers[0]);
    const perTx = 2_500; // within a transaction's gas cap (2^24)
    for (let i = 0; i < SYNTHETIC_LOGS / perTx; i++) {
      await (
        await asEmitter.emitLogs(
          sample.topics,
          BUYER_TOPIC_INDEX,
          FIRST_SYNTHETIC,
          SYNTHETIC_BUYERS,
          sample.data,
          perTx,
        )
      ).wait();
    }
    await pair.eth.provider.request({ method: "hardhat_setCode", params: [presale, realCode] });
  });

  it("the chain holds the synthetic history: 10,003 purchases by 403 buyers at the presale's address", async function () {
    const presale = pair.ethDep.contracts.Presale.address;
    const logs = (await pair.eth.provider.request({
      method: "eth_getLogs",
      params: [{ address: presale, fromBlock: "0x0", toBlock: "latest", topics: [PURCHASE.topicHash] }],
    })) as unknown[];
    expect(logs).to.have.length(SYNTHETIC_LOGS + 3);
    const head = await pair.eth.ethers.provider.getBlockNumber();
    const buyers = await buyersIn(pair.eth, presale, 0, head);
    expect(buyers.size).to.equal(SYNTHETIC_BUYERS + 3);
  });

  it("the shared lookup reads them without stalling the process and names only the tokens in flight", async function () {
    const eth = await openChain("hardhatEth", env, "none");
    const { result, stallMs } = await longestStall(() => unrelayedBuyers(eth));
    expect(result.map((p) => p.buyer)).to.deep.equal([inFlight]);
    expect(result[0].tokens - result[0].relayed).to.equal(5_000n);
    // Decoding the 10,000 logs with the ABI stood still for about 3.4 s here; a keep-alive socket idles out in 5.
    expect(stallMs, `the event loop stood still ${Math.round(stallMs)} ms`).to.be.below(1000);
  });

  it("status prints both chains and the one buyer to relay (exit 0); start-claim --dry-run names it and is refused for the open sale (exit 1)", async function () {
    const out = collector();
    await runAdmin(["status", "--pair", "hardhat"], { ...env, out: out.out });
    expect(out.text()).to.match(/1 buyer\(s\), 5000 tokens not relayed yet/);
    const claim = collector();
    try {
      await runAdmin(["start-claim", "--network", "hardhatBase", "--dry-run"], { ...env, out: claim.out });
      expect.fail("start-claim was not refused");
    } catch (e) {
      expect(exitCodeFor(e), (e as Error).message).to.equal(1);
      expect((e as Error).message).to.include("the Ethereum sale is not closed");
    }
    expect(claim.text()).to.include(
      `still to relay (funded already; credited on Base when their report arrives): 1 buyer(s), 5000 tokens: ${inFlight}`,
    );
  });

  it("a read whose connection the node dropped is asked again; a transaction is not sent twice", async function () {
    // A JSON-RPC endpoint that closes the connection of every second request without answering, as a busy node
    // closing an idle keep-alive socket does when a request arrives at that moment.
    let requests = 0;
    const sent: string[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        if (++requests % 2 === 0) return req.socket.destroy();
        if (method === "eth_sendRawTransaction") sent.push(method);
        const result = { eth_chainId: "0x7a69", eth_blockNumber: "0x2a" }[method] ?? "0x01";
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
      });
    });
    const port = await freePort();
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    try {
      const conn = await connect("localEth", "none", { url: `http://127.0.0.1:${port}` });
      for (let i = 0; i < 4; i++) expect(await conn.provider.request({ method: "eth_blockNumber" })).to.equal("0x2a");
      expect(requests).to.be.greaterThan(5);
      // The next request is dropped: a raw transaction is never asked again, so the failure reaches the caller.
      requests |= 1;
      try {
        await conn.provider.request({ method: "eth_sendRawTransaction", params: ["0x02"] });
        expect.fail("the dropped transaction was retried");
      } catch (e) {
        expect(isDroppedConnection(e), String(e)).to.equal(true);
      }
      expect(sent).to.deep.equal([]);
    } finally {
      server.close();
    }
  });
});
