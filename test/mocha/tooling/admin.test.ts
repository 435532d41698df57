import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { runAdmin } from "../../../scripts/admin/commands.js";
import type { AdminEnv } from "../../../scripts/admin/context.js";
import { exitCodeFor, missingVariable, Refusal, UsageError } from "../../../scripts/lib/cli.js";
import { Keeper } from "../../../scripts/keeper/keeper.js";
import {
  adminRunner,
  basePresale,
  buyEth,
  contract,
  deployPair,
  ethPresale,
  makeRelayer,
  tmpDir,
  type Pair,
} from "./helpers.js";

const KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const CARD = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const A = [
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
];

/** The fields of a Safe Transaction Builder batch file these tests read. */
interface SafeBatch {
  version: string;
  chainId: string;
  meta: { createdFromSafeAddress: string };
  transactions: { to: string; data: string }[];
}

describe("tooling: owner scripts against a local chain", function () {
  let pair: Pair;
  let env: AdminEnv;
  let work: string;
  let run: ReturnType<typeof adminRunner>;
  const admin = (...argv: string[]) => run.admin(...argv);
  const refused = (re: RegExp, ...argv: string[]) => run.refused(re, ...argv);

  before(async function () {
    pair = await deployPair();
    work = tmpDir("admin");
    env = {
      connections: { hardhatEth: pair.eth, hardhatBase: pair.base },
      deploymentsDir: pair.dir,
      progressDir: path.join(work, "progress"),
    };
    run = adminRunner(env);
  });

  it("refuses unknown networks and networks without a deployment, and unknown commands", async function () {
    await refused(/unknown network "nope"/, "pause", "--network", "nope");
    await refused(/--network is required/, "pause");
    await refused(/no deployment for sepolia/, "pause", "--network", "sepolia");
    await refused(/unknown command "frobnicate"/, "frobnicate");
  });

  it("refuses when the connected chain does not match the deployment record (chain id mismatch)", async function () {
    const swapped: AdminEnv = { ...env, connections: { hardhatEth: pair.base } };
    try {
      await runAdmin(["pause", "--network", "hardhatEth"], { ...swapped, out: () => {} });
      expect.fail("not refused");
    } catch (e) {
      expect((e as Error).message).to.match(/chain id mismatch: .*31337.* is chain 31338/);
    }
  });

  it("pause / unpause: dry run sends nothing, then pauses, then says nothing to do", async function () {
    const p = await contract(pair.eth, pair.ethDep, "Presale");
    const dry = await admin("pause", "--network", "hardhatEth", "--dry-run");
    expect(dry).to.match(/Presale.pause\(\).*paused: false → true/);
    expect(dry).to.match(/dry run: 1 call\(s\) simulated/);
    expect(await p.paused()).to.equal(false);
    expect(await admin("pause", "--network", "hardhatEth")).to.match(/sent Presale.pause/);
    expect(await p.paused()).to.equal(true);
    expect(await admin("pause", "--network", "hardhatEth")).to.match(/already paused[\s\S]*nothing to change/);
    await admin("unpause", "--network", "hardhatEth");
    expect(await p.paused()).to.equal(false);
  });

  it("dry run from an account without the role is refused with the decoded revert", async function () {
    await refused(
      /Presale.pause would revert when sent from 0x9965.*AccessControlUnauthorizedAccount/,
      "pause",
      "--network",
      "hardhatEth",
      "--dry-run",
      "--from",
      A[2],
    );
  });

  it("--safe refuses a Safe address without code (an EOA owner, or a mistyped address)", async function () {
    await refused(
      /the presale owner 0xf39F.* has no contract code on hardhatBase: --safe needs the Safe's address/,
      "pause",
      "--network",
      "hardhatBase",
      "--safe",
      path.join(work, "x.json"),
    );
    await refused(
      /--safe-address 0x14dC.* has no contract code/,
      "pause",
      "--network",
      "hardhatBase",
      "--safe",
      path.join(work, "x.json"),
      "--safe-address",
      A[4],
    );
    expect(fs.existsSync(path.join(work, "x.json"))).to.equal(false);
  });

  it("--safe writes a Safe Transaction Builder batch and sends nothing", async function () {
    const file = path.join(work, "pause-safe.json");
    const safe = pair.baseDep.contracts.Multicall3.address; // any contract stands in for the Safe here
    const presale = await contract(pair.base, pair.baseDep, "Presale");
    const adminRole = await presale.ADMIN_ROLE();
    await (await presale.grantRole(adminRole, safe)).wait(); // as after the handover: the batch is simulated from the Safe
    const text = await admin("pause", "--network", "hardhatBase", "--safe", file, "--safe-address", safe);
    await (await presale.revokeRole(adminRole, safe)).wait();
    expect(text).to.match(/wrote Safe Transaction Builder batch/);
    const batch = JSON.parse(fs.readFileSync(file, "utf8")) as SafeBatch;
    expect(batch.version).to.equal("1.0");
    expect(batch.chainId).to.equal("31338");
    expect(batch.meta.createdFromSafeAddress).to.equal(safe);
    expect(batch.transactions).to.have.length(1);
    expect(batch.transactions[0].to).to.equal(pair.baseDep.contracts.Presale.address);
    expect(batch.transactions[0].data).to.equal(presale.interface.encodeFunctionData("pause"));
    expect(await (await contract(pair.base, pair.baseDep, "Presale")).paused()).to.equal(false);
  });

  it("status --pair foo is a usage error (exit 1) naming the pair", async function () {
    await refused(/unknown pair "foo" \(one of: local, testnet, mainnet\)/, "status", "--pair", "foo");
  });

  it("set-max-tokens: refuses 0, non-numbers and more than the ladder; sets a valid amount", async function () {
    await refused(/must be positive/, "set-max-tokens", "--network", "hardhatEth", "--amount", "0");
    await refused(/not a non-negative integer/, "set-max-tokens", "--network", "hardhatEth", "--amount", "lots");
    await refused(/exceeds the whole ladder/, "set-max-tokens", "--network", "hardhatEth", "--amount", "90000000");
    await admin("set-max-tokens", "--network", "hardhatEth", "--amount", "2000000");
    expect(await (await contract(pair.eth, pair.ethDep, "Presale")).maxTokensToBuy()).to.equal(2_000_000n);
  });

  it("set-splits: refuses > 100 %, bad addresses and duplicates; sets splits and the payment wallet", async function () {
    const p = await contract(pair.eth, pair.ethDep, "Presale");
    await refused(
      /add up to 110% — more than 100%/,
      "set-splits",
      "--network",
      "hardhatEth",
      "--split",
      `${A[0]}:60%`,
      "--split",
      `${A[1]}:50%`,
    );
    await refused(/not a valid address/, "set-splits", "--network", "hardhatEth", "--split", "0xdead:10%");
    await refused(
      /appears twice/,
      "set-splits",
      "--network",
      "hardhatEth",
      "--split",
      `${A[0]}:1%`,
      "--split",
      `${A[0]}:2%`,
    );
    await refused(/neither a percentage/, "set-splits", "--network", "hardhatEth", "--split", `${A[0]}:ten`);
    const text = await admin(
      "set-splits",
      "--network",
      "hardhatEth",
      "--split",
      `${A[0]}:12.5%`,
      "--split",
      `${A[1]}:500`,
      "--payment-wallet",
      A[2],
    );
    expect(text).to.match(/payment wallet gets the remaining 82.5%/);
    const s = await p.splits();
    expect(s.map((x) => [x.wallet, x.bps])).to.deep.equal([
      [A[0], 1250n],
      [A[1], 500n],
    ]);
    expect(await p.paymentWallet()).to.equal(A[2]);
    await admin("set-payment-wallet", "--network", "hardhatEth", "--address", A[3]);
    expect(await p.paymentWallet()).to.equal(A[3]);
    await refused(
      /zero address/,
      "set-payment-wallet",
      "--network",
      "hardhatEth",
      "--address",
      "0x0000000000000000000000000000000000000000",
    );
  });

  it("whitelist from CSV (Base side): refuses bad lines, batches, resumes after a crash, skips what is done", async function () {
    const p = await basePresale(pair.base, pair.baseDep);
    await refused(
      /hardhatEth is the Ethereum side: the whitelist gates claims/,
      "whitelist",
      "add",
      "--network",
      "hardhatEth",
      "--csv",
      "x.csv",
    );
    const bad = path.join(work, "bad.csv");
    fs.writeFileSync(bad, `address\n${A[0]}\nnot-an-address\n`);
    await refused(
      /1 invalid address\(es\), nothing sent:\n {2}line 3: "not-an-address"/,
      "whitelist",
      "add",
      "--network",
      "hardhatBase",
      "--csv",
      bad,
    );
    const csv = path.join(work, "list.csv");
    fs.writeFileSync(csv, `address,note\n${A.join(",x\n")},x\n# comment\n${A[0]},duplicate\n`);
    const dry = await admin("whitelist", "add", "--network", "hardhatBase", "--csv", csv, "--batch", "2", "--dry-run");
    expect(dry).to.match(/5 addresses, 3 batch\(es\)/);
    expect(dry).to.match(/5 of 5 address\(es\) would change/);
    // Crash after the first batch: the progress file records it; the rerun resumes at batch 2.
    const crashEnv: AdminEnv = {
      ...env,
      out: () => {},
      onBatchDone: (i) => {
        if (i === 0) throw new Error("simulated crash");
      },
    };
    try {
      await runAdmin(["whitelist", "add", "--network", "hardhatBase", "--csv", csv, "--batch", "2"], crashEnv);
      expect.fail("no crash");
    } catch (e) {
      expect((e as Error).message).to.equal("simulated crash");
    }
    expect(await p.isWhitelisted(A[0])).to.equal(true);
    expect(await p.isWhitelisted(A[2])).to.equal(false);
    const text = await admin("whitelist", "add", "--network", "hardhatBase", "--csv", csv, "--batch", "2");
    expect(text).to.match(/resuming: 1\/3 batch\(es\) already done/);
    expect((text.match(/sent Presale.setWhitelist/g) ?? []).length).to.equal(2);
    for (const a of A) expect(await p.isWhitelisted(a)).to.equal(true);
    // A fresh run over a done list sends nothing.
    const again = await admin(
      "whitelist",
      "add",
      "--network",
      "hardhatBase",
      "--csv",
      csv,
      "--batch",
      "2",
      "--restart",
    );
    expect(again).to.not.match(/sent /);
    await admin("whitelist", "remove", "--network", "hardhatBase", "--csv", csv);
    for (const a of A) expect(await p.isWhitelisted(a)).to.equal(false);
  });

  it("blacklist add/remove from CSV", async function () {
    const p = await contract(pair.base, pair.baseDep, "Presale");
    const csv = path.join(work, "black.csv");
    fs.writeFileSync(csv, `${A[4]}\n`);
    await admin("blacklist", "add", "--network", "hardhatBase", "--csv", csv);
    expect(await p.isBlacklisted(A[4])).to.equal(true);
    await admin("blacklist", "remove", "--network", "hardhatBase", "--csv", csv);
    expect(await p.isBlacklisted(A[4])).to.equal(false);
    await refused(/needs "add" or "remove"/, "blacklist", "purge", "--network", "hardhatBase", "--csv", csv);
  });

  it("card-provider allow/deny (Base side); refuses denying an address that is no provider, and the Ethereum side", async function () {
    const p = await basePresale(pair.base, pair.baseDep);
    await refused(
      /hardhatEth is the Ethereum side: card purchases exist on Base only/,
      "card-provider",
      "allow",
      "--network",
      "hardhatEth",
      "--address",
      A[4],
    );
    const role = await p.CARD_PROVIDER_ROLE();
    await refused(
      /unknown address: 0x14dC.* is not a card provider/,
      "card-provider",
      "deny",
      "--network",
      "hardhatBase",
      "--address",
      A[4],
    );
    await admin("card-provider", "allow", "--network", "hardhatBase", "--address", A[4]);
    expect(await p.hasRole(role, A[4])).to.equal(true);
    expect(await admin("card-provider", "allow", "--network", "hardhatBase", "--address", A[4])).to.match(
      /already a card provider/,
    );
    await admin("card-provider", "deny", "--network", "hardhatBase", "--address", A[4]);
    expect(await p.hasRole(role, A[4])).to.equal(false);
    expect(await p.hasRole(role, CARD)).to.equal(true);
  });

  it("staking parameters and reward funding; refused on the Ethereum side and on bad input", async function () {
    const s = await contract(pair.base, pair.baseDep, "Staking");
    await refused(/no staking on hardhatEth/, "staking", "--network", "hardhatEth", "--apy", "10%");
    await refused(/above 1000%/, "staking", "--network", "hardhatBase", "--apy", "2000%");
    await refused(/not a duration/, "staking", "--network", "hardhatBase", "--lock", "soon");
    const dry = await admin(
      "staking",
      "--network",
      "hardhatBase",
      "--apy",
      "12%",
      "--lock",
      "7d",
      "--max-deposit",
      "1000000",
      "--claims-locked",
      "true",
      "--dry-run",
    );
    expect(dry).to.match(/APY 15% → 12%/);
    expect(dry).to.match(/lock 2592000s → 604800s/);
    expect(await s.apy()).to.equal(1500n);
    await admin(
      "staking",
      "--network",
      "hardhatBase",
      "--apy",
      "12%",
      "--lock",
      "7d",
      "--max-deposit",
      "1000000",
      "--claims-locked",
      "true",
      "--end-time",
      "+400d",
    );
    expect(await s.apy()).to.equal(1200n);
    expect(await s.lockTime()).to.equal(604800n);
    expect(await s.maxDepositLimit()).to.equal(1_000_000n * 10n ** 18n);
    expect(await s.claimsLocked()).to.equal(true);
    expect(await s.depositsLocked()).to.equal(false);
    await admin("staking", "--network", "hardhatBase", "--claims-locked", "false");
    const before: bigint = await s.rewardReserve();
    await admin("fund-rewards", "--network", "hardhatBase", "--amount", "1000");
    expect(await s.rewardReserve()).to.equal(before + 1000n * 10n ** 18n);
    await refused(/holds .* less than/, "fund-rewards", "--network", "hardhatBase", "--amount", "999999999999");
  });

  it("start-claim and open-claim need Ethereum's close on Base and the funding, and say what is missing; close-sale and relay (anyone) fill the gaps", async function () {
    const relayer = makeRelayer(pair, path.join(work, "relayer.json"));
    await refused(
      /hardhatEth is the Ethereum side: claims start on the Base side/,
      "start-claim",
      "--network",
      "hardhatEth",
    );
    await refused(
      /hardhatBase is the Base side: close-sale ends the Ethereum sale/,
      "close-sale",
      "--network",
      "hardhatBase",
    );
    await refused(
      /hardhatBase is the Base side: buyers' tokens are relayed from the Ethereum side/,
      "relay",
      "--network",
      "hardhatBase",
    );
    // Buyer #5 buys on Ethereum for another Base address (A[4]).
    await buyEth(pair.eth, pair.ethDep, 5, 10_000n, A[4]);
    const missing = await refused(
      /the claim cannot start yet/,
      "start-claim",
      "--network",
      "hardhatBase",
      "--eth-network",
      "hardhatEth",
    );
    expect(missing).to.match(
      /the Ethereum sale is not closed: it ends at .*close it now \(owner\) with npm run admin -- close-sale --network hardhatEth/,
    );
    // Unrelayed buyers do not hold the claim up (their tokens are funded already), but they are named.
    expect(run.text()).to.match(
      /still to relay \(funded already; credited on Base when their report arrives\): 1 buyer\(s\), 10000 tokens: 0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc \(10000 for 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955\)/,
    );
    // Anyone relays: here an account with no role at all (--dry-run from a stranger simulates it), then the owner's key sends.
    expect(await admin("relay", "--network", "hardhatEth", "--dry-run", "--from", A[3])).to.match(
      /unrelayed: 1 buyer\(s\), 10000 tokens[\s\S]*Presale.relay\(\[0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc\]\)[\s\S]*dry run: 1 call/,
    );
    await refused(
      /--batch must be 1\.\.190 \(MAX_RELAY_BUYERS\)/,
      "relay",
      "--network",
      "hardhatEth",
      "--batch",
      "251",
    );
    expect(await admin("relay", "--network", "hardhatEth")).to.match(/sent Presale.relay/);
    await refused(
      /nothing unrelayed on hardhatEth for 0x976EA74026E726554dB657fA54763abd0C3a0aa9/,
      "relay",
      "--network",
      "hardhatEth",
      "--buyer",
      A[3],
    );
    expect((await relayer.tick()).delivered).to.equal(1);
    expect(await (await basePresale(pair.base, pair.baseDep)).userDeposits(A[4])).to.equal(10_000n * 10n ** 18n);
    expect(await admin("relay", "--network", "hardhatEth")).to.match(
      /no buyer has unrelayed tokens[\s\S]*Base has booked Ethereum's quotas and close as they are now[\s\S]*nothing to change/,
    );
    await refused(
      /anyone may open the claim from .* \(the sale's end \+ 14 days\); before that only the owner can start it \(start-claim\)/,
      "open-claim",
      "--network",
      "hardhatBase",
    );
    const stillOpen = await refused(
      /the claim cannot start yet/,
      "start-claim",
      "--network",
      "hardhatBase",
      "--eth-network",
      "hardhatEth",
    );
    expect(stillOpen).to.match(/the Ethereum sale is not closed/);
    expect(run.text()).to.match(/every Ethereum buyer's tokens are relayed/);
    // The close is the owner's before the end time; it is final.
    expect(await admin("close-sale", "--network", "hardhatEth", "--dry-run")).to.match(
      /only the owner may close now[\s\S]*unused Ethereum quota goes to Base[\s\S]*Presale.closeSale\(\)/,
    );
    await refused(
      /Presale.closeSale would revert when sent from 0x976E.*SaleNotEnded/,
      "close-sale",
      "--network",
      "hardhatEth",
      "--dry-run",
      "--from",
      A[3],
    );
    expect(await admin("close-sale", "--network", "hardhatEth")).to.match(/sent Presale.closeSale/);
    await refused(/already closed/, "close-sale", "--network", "hardhatEth");
    await refused(
      /hardhatEth: the sale is closed here \(Ethereum's close\): no manual move after it; nothing sent/,
      "set-step",
      "--pair",
      "hardhat",
      "--step",
      "2",
    );
    await refused(
      /its close has not reached Base yet/,
      "start-claim",
      "--network",
      "hardhatBase",
      "--eth-network",
      "hardhatEth",
    );
    expect((await relayer.tick()).delivered).to.equal(1);
    const dry = await admin(
      "start-claim",
      "--network",
      "hardhatBase",
      "--eth-network",
      "hardhatEth",
      "--at",
      "+1h",
      "--dry-run",
    );
    expect(dry).to.match(/Ethereum's close on Base: yes; the presale holds 80000000 SHAFT of the \d+ it needs/);
    expect(dry).to.match(/dry run/);
    await refused(/--at .* is more than 30 days ahead/, "start-claim", "--network", "hardhatBase", "--at", "+31d");
    await admin("start-claim", "--network", "hardhatBase", "--eth-network", "hardhatEth", "--at", "+2h");
    const p = await basePresale(pair.base, pair.baseDep);
    const later: bigint = await p.claimStart();
    expect(later).to.not.equal(0n);
    // Set but not reached: only earlier.
    await refused(
      /the claim start is set to .*; it can only be moved earlier/,
      "start-claim",
      "--network",
      "hardhatBase",
      "--at",
      "+3h",
    );
    await refused(/the claim start is set already/, "open-claim", "--network", "hardhatBase");
    expect(await admin("start-claim", "--network", "hardhatBase", "--at", "now")).to.match(
      /move the claim start earlier[\s\S]*sent Presale.startClaim/,
    );
    expect(await p.claimStart()).to.be.lessThan(later);
    await refused(/claim already started/, "start-claim", "--network", "hardhatBase", "--eth-network", "hardhatEth");
  });

  it("status prints both chains in one table, what is in flight, and the cross-chain check", async function () {
    const text = await admin("status", "--network", "hardhatEth");
    expect(text).to.match(/Ethereum side \(hardhatEth\)\s+│ Base side \(hardhatBase\)/);
    expect(text).to.match(/tokens sold here\s+│ 10,000\s+│ 0/);
    expect(text).to.match(/tokens sold total \(as known here\)\s+│ 10,000\s+│ 10,000/);
    expect(text).to.match(/sale closed\s+│ true\s+│ true/);
    expect(text).to.match(/Ethereum's close received\s+│ -\s+│ true/);
    expect(text).to.match(/this chain's share of it: used \/ share\s+│ .*│ 0 \/ 4,490,000/);
    expect(text).to.match(/Messages in flight \(sent on Ethereum, not yet relayed on Base\): 0/);
    expect(text).to.match(/Buyers with unrelayed tokens: 0/);
    expect(text).to.match(
      /CHECK both chains: same table; Base holds exactly what Ethereum reported; nothing in flight/,
    );
    expect(text).to.match(/reward reserve/);
  });

  it("status lists the buyers still to relay and the messages in flight, as a lag (exit 0)", async function () {
    const fresh = await deployPair();
    const freshEnv: AdminEnv = {
      connections: { hardhatEth: fresh.eth, hardhatBase: fresh.base },
      deploymentsDir: fresh.dir,
    };
    await buyEth(fresh.eth, fresh.ethDep, 4, 5_000n);
    await buyEth(fresh.eth, fresh.ethDep, 6, 7_000n);
    const lines: string[] = [];
    await runAdmin(["status", "--network", "hardhatBase"], { ...freshEnv, out: (l) => lines.push(l) });
    expect(lines.join("\n")).to.match(
      /Buyers with unrelayed tokens: 2\n {2}0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65: 5000 of leg 0 for 0x15d34/,
    );
    expect(lines.join("\n")).to.match(/LAG\s+unrelayed tokens: 2 buyer\(s\), 12000 tokens not relayed yet/);
    expect(lines.join("\n")).to.match(/LAG\s+round 1 Ethereum use: Ethereum used 12000 more since its last report/);
    expect(lines.join("\n")).to.match(/LAG\s+USD raised on Ethereum: \$72\.0 more since Ethereum's last report/);
    expect(lines.join("\n")).to.match(/every difference is a lag/);
    // Relayed, not delivered: the message is listed as in flight and what it carries explains Base's figures.
    await (await (await ethPresale(fresh.eth, fresh.ethDep)).relay([A[1]])).wait();
    lines.length = 0;
    await runAdmin(["status", "--pair", "hardhat"], { ...freshEnv, out: (l) => lines.push(l) });
    expect(lines.join("\n")).to.match(
      /Messages in flight \(sent on Ethereum, not yet relayed on Base\): 1\n {2}nonce 0, Ethereum block \d+, tx 0x[0-9a-f]+: 1 buyer\(s\), 12000 tokens sold, quotas \[2700000, /,
    );
    expect(lines.join("\n")).to.match(/Buyers with unrelayed tokens: 1\n/);
    expect(lines.join("\n")).to.not.match(/DIFF/);
  });

  it("status and commands against an unreachable chain: exit code 2, the reachable chain still printed", async function () {
    const { network } = await import("hardhat");
    const dead = await network.create({ network: "localEth", override: { url: "http://127.0.0.1:9" } });
    const lines: string[] = [];
    const downEnv: AdminEnv = {
      ...env,
      connections: { ...env.connections, hardhatEth: dead },
      out: (s) => lines.push(s),
    };
    for (const argv of [
      ["status", "--network", "hardhatBase"],
      ["pause", "--network", "hardhatEth"],
    ]) {
      try {
        await runAdmin(argv, downEnv);
        expect.fail("no error");
      } catch (e) {
        expect(exitCodeFor(e)).to.equal(2);
        expect((e as Error).message).to.match(/cannot reach localEth \(http:\/\/127.0.0.1:9\)/);
      }
    }
    expect(lines.join("\n")).to.match(/Presale\s+│ UNREACHABLE: cannot reach localEth.*│ 0x/);
  });

  it("flags and sequencer grace: toggles, refusals; on Ethereum only the sanctions", async function () {
    const p = await basePresale(pair.base, pair.baseDep);
    await refused(/has no code/, "flags", "--network", "hardhatBase", "--sanctions", "on", "--sanctions-oracle", A[4]);
    await refused(/not true\/false/, "flags", "--network", "hardhatBase", "--claim-whitelist-only", "maybe");
    await admin(
      "flags",
      "--network",
      "hardhatBase",
      "--claim-whitelist-only",
      "on",
      "--card-provider-restricted",
      "off",
      "--sanctions",
      "off",
    );
    expect([...(await p.flags())]).to.deep.equal([false, true, false]);
    await admin(
      "flags",
      "--network",
      "hardhatBase",
      "--claim-whitelist-only",
      "off",
      "--card-provider-restricted",
      "on",
      "--sanctions",
      "on",
    );
    expect([...(await p.flags())]).to.deep.equal([true, false, true]);
    // Ethereum has no claim and no card purchase; its screening state comes from its last SanctionsUpdated event.
    await refused(
      /hardhatEth is the Ethereum side: --claim-whitelist-only and --card-provider-restricted apply to claims and card purchases/,
      "flags",
      "--network",
      "hardhatEth",
      "--claim-whitelist-only",
      "on",
    );
    expect(await admin("flags", "--network", "hardhatEth", "--sanctions", "on")).to.match(
      /now: sanctions true \(oracle 0x[0-9a-fA-F]+\)\n[\s\S]*nothing to change/,
    );
    expect(await admin("flags", "--network", "hardhatEth", "--sanctions", "off")).to.match(/sanctions true → false/);
    expect(await admin("flags", "--network", "hardhatEth", "--sanctions", "on")).to.match(/sanctions false → true/);
    await refused(/no sequencer feed \(L1\)/, "set-sequencer-grace", "--network", "hardhatEth", "--seconds", "3600");
    await refused(/more than a day/, "set-sequencer-grace", "--network", "hardhatBase", "--seconds", "2d");
    expect(await admin("set-sequencer-grace", "--network", "hardhatBase", "--seconds", "1h")).to.match(
      /sent Presale.setSequencerGracePeriod/,
    );
  });

  it("handover starts the admin/ownership transfer to a Safe (dry run)", async function () {
    const text = await admin("handover", "--network", "hardhatBase", "--to", A[4], "--dry-run");
    expect(text).to.match(/beginDefaultAdminTransfer/);
    expect(text).to.match(/Staking.transferOwnership/);
  });

  it('a missing key is a usage error naming the variable, not "chain unreachable"', function () {
    const e = missingVariable(new Error('HHE7: Configuration Variable "DEPLOYER_PRIVATE_KEY" not found.'));
    expect(e).to.be.instanceOf(UsageError);
    expect(exitCodeFor(e)).to.equal(1);
    expect(e!.message).to.match(/^DEPLOYER_PRIVATE_KEY is not set/);
    const k = missingVariable(new Error('HHE50002: Key "MAINNET_RPC_URL" not found in the development keystore.'));
    expect(k!.message).to.match(/^MAINNET_RPC_URL is not set/);
    expect(missingVariable(new Error("connect ECONNREFUSED 127.0.0.1:9"))).to.equal(undefined);
  });

  it("the keeper names a corrupt state file and stops (exit 1) instead of retrying for ever", function () {
    for (const content of ["{ not json", JSON.stringify({ version: 1 })]) {
      const file = path.join(work, `corrupt-${content.length}.json`);
      fs.writeFileSync(file, content);
      const keeper = new Keeper(
        { name: "hardhatEth", conn: pair.eth, record: pair.ethDep, signer: KEEPER },
        { name: "hardhatBase", conn: pair.base, record: pair.baseDep },
        { stateFile: file },
      );
      try {
        keeper.checkStateFile();
        expect.fail("not refused");
      } catch (e) {
        expect(exitCodeFor(e)).to.equal(1);
        expect((e as Error).message).to.include(`keeper state file ${file}`);
        expect((e as Error).message).to.match(/stopping$/);
      }
    }
  });

  it("exit codes: refusal 1, chain down 2, unexpected 3", function () {
    expect(exitCodeFor(new Refusal("x"))).to.equal(1);
    expect(exitCodeFor(new Error("x"))).to.equal(3);
  });
});
