/**
 * `--from` on the owner commands: honoured when sending and in a dry run, refused where it cannot apply (a Safe batch,
 * an account the network holds no key for, a command that sends nothing). `pause --from <account 5>` was once sent
 * from the deployer.
 */
import { expect } from "chai";
import { runAdmin } from "../../../scripts/admin/commands.js";
import type { AdminEnv } from "../../../scripts/admin/context.js";
import { exitCodeFor } from "../../../scripts/lib/cli.js";
import { collector, contract, deployPair, type Pair } from "./helpers.js";

describe("tooling: --from on the owner commands", function () {
  let pair: Pair;
  let env: AdminEnv;
  let account5: string;

  before(async function () {
    pair = await deployPair();
    env = { connections: { hardhatEth: pair.eth, hardhatBase: pair.base }, deploymentsDir: pair.dir };
    account5 = (await pair.eth.ethers.getSigners())[5].address;
  });

  const admin = async (...argv: string[]) => {
    const out = collector();
    await runAdmin(argv, { ...env, out: out.out });
    return out.text();
  };
  const refusal = async (...argv: string[]) => {
    try {
      await admin(...argv);
    } catch (e) {
      return { code: exitCodeFor(e), message: (e as Error).message };
    }
    return expect.fail(`"${argv.join(" ")}" was not refused`);
  };

  it("pause --from an account without the role is simulated from that account and refused, nothing sent", async function () {
    const r = await refusal("pause", "--network", "hardhatEth", "--from", account5);
    expect(r.code).to.equal(1);
    expect(r.message).to.match(
      new RegExp(`Presale.pause would revert when sent from ${account5}: AccessControlUnauthorizedAccount`),
    );
    const p = await contract(pair.eth, pair.ethDep, "Presale");
    expect(await p.paused()).to.equal(false);
  });

  it("pause --from an account that holds the role is sent from that account, not the deployer", async function () {
    const p = await contract(pair.eth, pair.ethDep, "Presale");
    await (await p.grantRole(await p.ADMIN_ROLE(), account5)).wait();
    const text = await admin("pause", "--network", "hardhatEth", "--from", account5);
    const hash = /sent Presale\.pause: (0x[0-9a-f]{64})/.exec(text)?.[1];
    expect(hash, text).to.not.equal(undefined);
    const tx = await pair.eth.ethers.provider.getTransaction(hash!);
    expect(tx?.from).to.equal(account5);
    expect(await p.paused()).to.equal(true);
    await admin("unpause", "--network", "hardhatEth");
  });

  it("--dry-run --from simulates from that account (account 5 holds the role on the Ethereum side now)", async function () {
    const text = await admin("pause", "--network", "hardhatEth", "--dry-run", "--from", account5);
    expect(text).to.include(`dry run: 1 call(s) simulated from ${account5}, nothing sent.`);
    const r = await refusal("pause", "--network", "hardhatBase", "--dry-run", "--from", account5);
    expect(r.message).to.match(new RegExp(`would revert when sent from ${account5}`));
  });

  it("--from an account the network holds no key for is refused before anything is simulated or sent", async function () {
    const stranger = "0x000000000000000000000000000000000000bEEF";
    const r = await refusal("pause", "--network", "hardhatEth", "--from", stranger);
    expect(r.code).to.equal(1);
    expect(r.message).to.match(
      /--from 0x000000000000000000000000000000000000bEEF: not one of the local node's accounts/,
    );
  });

  it("--from with --safe is refused: the Safe executes the batch", async function () {
    const r = await refusal(
      "pause",
      "--network",
      "hardhatEth",
      "--safe",
      "/tmp/never-written.json",
      "--from",
      account5,
    );
    expect(r.code).to.equal(1);
    expect(r.message).to.match(/--from does not go with --safe/);
  });

  it("a command that sends nothing (status) refuses --from as a usage error", async function () {
    const r = await refusal("status", "--pair", "hardhat", "--from", account5);
    expect(r.code).to.equal(1);
    expect(r.message).to.match(/Unknown option '--from'/);
  });

  it("commands on both chains of a pair (set-step --pair) send from --from on each chain", async function () {
    const r = await refusal("set-step", "--pair", "hardhat", "--step", "2", "--from", account5);
    // account 5 is not the owner on either side (ADMIN_ROLE only pauses): the simulation refuses it, nothing is sent.
    expect(r.code).to.equal(1);
    expect(r.message).to.match(new RegExp(`would revert when sent from ${account5}`));
  });
});
