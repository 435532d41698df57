// @shaft/owner-actions, the planning `npm run admin` and the dapp's /owner console share: each action's refusals and
// its "current → new", the calls' encoding against the compiled contracts, the roles, and the Safe batch.
import {
  ADMIN_ROLE,
  authorityOf,
  claimMissing,
  DEFAULT_ADMIN_ROLE,
  encodeOwnerCall,
  OWNER_ACTIONS_ABI,
  parseAddressList,
  planListChange,
  planOpenClaim,
  planPause,
  planSetRounds,
  planSetStep,
  planStaking,
  planStartClaim,
  PlanRefusal,
  safeBatch,
  type ChainRef,
  type Ladder,
  type OwnerCall,
  type StakingSettings,
} from "@shaft/owner-actions";
import { expect } from "chai";
import { id, Interface, ZeroHash } from "ethers";
import { BasePresale__factory, EthereumPresale__factory, Staking__factory } from "../../../typechain-types/index.js";

const ETH: ChainRef = { name: "localEth", side: "eth", chainId: 31337 };
const BASE: ChainRef = { name: "localBase", side: "base", chainId: 31338 };
const A = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const B = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const DAY = 86_400n;
const NOW = 1_800_000_000n;

function refuses(fn: () => unknown, re: RegExp): string {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(PlanRefusal);
    expect((e as Error).message).to.match(re);
    return (e as Error).message;
  }
  return expect.fail(`not refused (expected ${re})`);
}

/** Three rounds of 1M / 2M / 3M tokens (cumulative caps), Ethereum's share 40 %, both chains in round 1. */
function ladder(side: "eth" | "base", o: Partial<Ladder> = {}): Ladder {
  const caps = [1_000_000n, 3_000_000n, 6_000_000n];
  return {
    rounds: caps.map((cap, i) => {
      const size = cap - (i === 0 ? 0n : caps[i - 1]);
      const ethereumQuota = (size * 4n) / 10n;
      return {
        cap,
        price: 10n ** 16n * BigInt(i + 1),
        endTime: NOW + DAY * BigInt(10 * (i + 1)),
        ethereumQuota,
        share: side === "eth" ? ethereumQuota : size - ethereumQuota,
        used: 0n,
      };
    }),
    step: 0,
    now: NOW,
    ...o,
  };
}
const next = (o: { price?: (i: number) => bigint; end?: (i: number) => bigint; caps?: bigint[] } = {}) =>
  (o.caps ?? [1_000_000n, 3_000_000n, 6_000_000n]).map((cap, i) => ({
    cap,
    price: o.price?.(i) ?? 10n ** 16n * BigInt(i + 1),
    endTime: o.end?.(i) ?? NOW + DAY * BigInt(10 * (i + 1)),
  }));
const pair = (eth = ladder("eth"), base = ladder("base"), saleEnd = NOW + 40n * DAY) => [
  { chain: ETH, ladder: eth, saleEnd },
  { chain: BASE, ladder: base, saleEnd },
];

describe("tooling: @shaft/owner-actions plans each owner action (shared by admin and /owner)", function () {
  it("every owner function it encodes exists with those inputs in the compiled contracts", function () {
    const compiled = [EthereumPresale__factory.abi, BasePresale__factory.abi, Staking__factory.abi].map(
      (abi) => new Interface(abi),
    );
    for (const fn of OWNER_ACTIONS_ABI) {
      const signature = `${fn.name}(${fn.inputs.map((i) => i.type).join(",")})`;
      expect(
        compiled.some((i) => i.getFunction(signature) !== null),
        signature,
      ).to.equal(true);
    }
    const call: OwnerCall = {
      chain: BASE,
      contract: "Presale",
      functionName: "setWhitelist",
      args: [[A], true],
      note: "",
    };
    expect(encodeOwnerCall(call)).to.equal(
      new Interface(BasePresale__factory.abi).encodeFunctionData("setWhitelist", [[A], true]),
    );
  });

  it("names the authority each function checks on chain", function () {
    expect(ADMIN_ROLE).to.equal(id("ADMIN_ROLE"));
    expect(DEFAULT_ADMIN_ROLE).to.equal(ZeroHash);
    expect(authorityOf({ contract: "Presale", functionName: "pause" })).to.deep.include({ role: ADMIN_ROLE });
    expect(authorityOf({ contract: "Presale", functionName: "setRounds" })).to.deep.include({
      role: DEFAULT_ADMIN_ROLE,
    });
    expect(authorityOf({ contract: "Staking", functionName: "setApy" })).to.deep.equal({ kind: "owner" });
    expect(authorityOf({ contract: "Presale", functionName: "openClaim" })).to.deep.equal({ kind: "anyone" });
  });

  it("pause: current → new, or nothing when it is so already", function () {
    const plan = planPause({ chain: BASE, paused: false, pause: true });
    expect(plan.calls).to.deep.equal([
      { chain: BASE, contract: "Presale", functionName: "pause", args: [], note: "paused: false → true" },
    ]);
    expect(planPause({ chain: BASE, paused: true, pause: false }).calls[0].functionName).to.equal("unpause");
    expect(planPause({ chain: BASE, paused: true, pause: true })).to.deep.equal({
      calls: [],
      lines: ["already paused."],
    });
  });

  it("set-rounds: refuses a bad table, other caps, an ended table, a last round after the sale; else one call per chain", function () {
    const source = "--file r.json";
    refuses(
      () =>
        planSetRounds({ chains: pair(), next: next({ price: (i) => 10n ** 16n * BigInt(3 - i) }), now: NOW, source }),
      /round table refused:\n {2}- round 2: price is below round 1's/,
    );
    refuses(
      () => planSetRounds({ chains: pair(), next: next({ end: () => NOW - 1n }), now: NOW, source }),
      /round table refused.*\n.*end time/,
    );
    refuses(
      () => planSetRounds({ chains: pair(), next: next({ end: (i) => NOW - 10n + BigInt(i) }), now: NOW, source }),
      /every round of the new table has already ended/,
    );
    const otherCaps = ladder("base", { rounds: ladder("base").rounds.map((r) => ({ ...r, cap: r.cap + 1n })) });
    refuses(
      () => planSetRounds({ chains: pair(ladder("eth"), otherCaps), next: next(), now: NOW, source }),
      /the caps of localEth and localBase differ .*caps cannot change; nothing sent/,
    );
    refuses(
      () => planSetRounds({ chains: pair(), next: next({ caps: [1_000_000n, 3_000_000n] }), now: NOW, source }),
      /--file r.json: 2 rounds, but the presales have 3/,
    );
    refuses(
      () =>
        planSetRounds({ chains: pair(), next: next({ caps: [1_000_000n, 4_000_000n, 6_000_000n] }), now: NOW, source }),
      /--file r.json: round 2 cap 4000000 is not the deployed 3000000/,
    );
    refuses(
      () => planSetRounds({ chains: pair(undefined, undefined, NOW + 20n * DAY), next: next(), now: NOW, source }),
      /localEth: the last round would end after the sale/,
    );
    expect(planSetRounds({ chains: pair(), next: next(), now: NOW, source }).map((p) => p.calls)).to.deep.equal([
      [],
      [],
    ]);
    const plans = planSetRounds({
      chains: pair(),
      next: next({ price: (i) => 10n ** 16n * BigInt(i + 2) }),
      now: NOW,
      source,
    });
    expect(plans.map((p) => p.calls.map((c) => [c.chain.name, c.functionName]))).to.deep.equal([
      [["localEth", "setRounds"]],
      [["localBase", "setRounds"]],
    ]);
    expect(plans[0].calls[0].args).to.deep.equal([
      [2n, 3n, 4n].map((k) => k * 10n ** 16n),
      [10n, 20n, 30n].map((d) => NOW + d * DAY),
    ]);
    expect(plans[1].lines.join("\n")).to.match(/round 1 is current here[\s\S]* {4}2 \| 3000000 \| 0.02 → 0.03 \|/);
    // Only the rounds that change are listed; a table already in place plans nothing and says so.
    const minute = (t: bigint) => new Date(Number(t) * 1000).toISOString().slice(0, 16);
    const one = planSetRounds({
      chains: pair(),
      next: next({ price: (i) => 10n ** 16n * BigInt(i === 2 ? 9 : i + 1) }),
      now: NOW,
      source,
    });
    expect(one[0].lines.filter((l) => /^ +\d+ \| /.test(l))).to.deep.equal([
      `    3 | 6000000 | 0.03 → 0.09 | ${minute(NOW + 30n * DAY)} → ${minute(NOW + 30n * DAY)}`,
    ]);
    expect(one[0].lines.at(-1)).to.equal("the other 2 rounds stay as they are");
    const same = planSetRounds({ chains: pair(), next: next(), now: NOW, source });
    expect(same.map((p) => p.calls)).to.deep.equal([[], []]);
    expect(same[0].lines.join("\n")).to.include("nothing to change").and.not.include("round | cap");
  });

  it("set-step: forward only, within the chain's share, not into an ended round, not after the close", function () {
    const chains = (eth = ladder("eth"), base = ladder("base"), closed = false) => [
      { chain: ETH, ladder: eth, closed },
      { chain: BASE, ladder: base, closed: false },
    ];
    refuses(() => planSetStep({ chains: chains(), round: 4, used: {} }), /--step 4: there are 3 rounds \(1..3\)/);
    refuses(
      () => planSetStep({ chains: chains(undefined, undefined, true), round: 2, used: {} }),
      /localEth: the sale is closed here \(Ethereum's close\)/,
    );
    refuses(
      () => planSetStep({ chains: chains(ladder("eth", { step: 2 })), round: 2, used: {} }),
      /localEth: a move only goes forward, and Ethereum is already in round 3: it left round 2/,
    );
    const used = ladder("eth");
    used.rounds[0].used = 5_000n;
    refuses(
      () => planSetStep({ chains: chains(used), round: 1, used: { eth: 4_000n } }),
      /has used 5,000 of its 400,000-token share of round 1; --eth-used must be at least that/,
    );
    refuses(
      () => planSetStep({ chains: chains(), round: 2, used: { base: 1_200_001n }, flags: { eth: "E", base: "B" } }),
      /localBase: B 1,200,001 is more than Base's share of round 2 \(1,200,000\)/,
    );
    refuses(
      () => planSetStep({ chains: chains(ladder("eth", { now: NOW + 15n * DAY })), round: 1, used: {} }),
      /localEth: round 1 ended at/,
    );
    const plans = planSetStep({ chains: chains(used), round: 2, used: { base: 300_000n } });
    expect(plans[0].calls[0].args).to.deep.equal([1n, 0n]);
    expect(plans[1].calls[0].args).to.deep.equal([1n, 300_000n]);
    expect(plans[0].lines).to.deep.equal([
      "Ethereum: round 1 with 5,000 of 400,000 used → round 2 with 0 of 800,000 used",
      "  round 1: Ethereum leaves 395,000 unused; they go to Base with the next report (the keeper sends it)",
    ]);
    expect(plans[1].lines[0]).to.equal("Base: round 1 with 0 of 600,000 used → round 2 with 300,000 of 1,200,000 used");
    expect(planSetStep({ chains: chains(used), round: 1, used: {} })[0]).to.deep.equal({
      calls: [],
      lines: [
        "Ethereum: round 1 with 5,000 of 400,000 used → round 1 with 5,000 of 400,000 used",
        "Ethereum is there already.",
      ],
    });
  });

  it("lists: addresses from CSV text checked like ethers; whitelist on Base only; only what changes, in batches", function () {
    expect(parseAddressList(`address\n${A}\n${B.toLowerCase()}\n${A}\n# done\n`, "pasted")).to.deep.equal([A, B]);
    expect(parseAddressList(`${A.slice(2)}\n0x${B.slice(2).toUpperCase()}`, "pasted")).to.deep.equal([A, B]);
    refuses(
      () => parseAddressList(`${A}\n${A.slice(0, -1)}Z\n0x${"0".repeat(40)}\n${A.slice(0, -1)}7`, "pasted"),
      /pasted: 3 invalid address\(es\), nothing sent:\n {2}line 2: .*\n {2}line 3: .*\n {2}line 4:/,
    );
    refuses(() => parseAddressList("address\n\n", "pasted"), /pasted: no addresses/);
    refuses(
      () => planListChange({ chain: ETH, list: "whitelist", add: true, addresses: [A], listed: [false] }),
      /localEth is the Ethereum side: the whitelist gates claims, which exist on Base only/,
    );
    refuses(
      () => planListChange({ chain: ETH, list: "blacklist", add: true, addresses: [A], listed: [false], batchSize: 0 }),
      /--batch must be 1..1000/,
    );
    const plan = planListChange({
      chain: BASE,
      list: "whitelist",
      add: true,
      addresses: [A, B, A.toLowerCase() as `0x${string}`],
      listed: [true, false, false],
      batchSize: 1,
    });
    expect(plan.calls.map((c) => [c.functionName, c.args, c.note])).to.deep.equal([
      ["setWhitelist", [[B], true], "1 address(es) → true"],
      ["setWhitelist", [[A.toLowerCase()], true], "1 address(es) → true"],
    ]);
    expect(plan.lines).to.deep.equal(["2 of 3 address(es) would change."]);
    const none = planListChange({ chain: ETH, list: "blacklist", add: false, addresses: [A], listed: [false] });
    expect(none.calls).to.deep.equal([]);
  });

  it("claim readiness: each missing step says what to do", function () {
    const facts = { closeDelivered: true, required: 10n ** 21n, balance: 10n ** 21n, presale: B };
    expect(claimMissing(facts)).to.deep.equal([]);
    expect(claimMissing({ ...facts, closeDelivered: false })).to.deep.equal([
      "Base has not received the Ethereum sale's close",
    ]);
    const eth = { name: "localEth", closed: false, endTime: NOW + DAY, now: NOW };
    expect(claimMissing({ ...facts, closeDelivered: false, eth })[0]).to.match(
      /not closed: it ends at .*close it now \(owner\) with npm run admin -- close-sale --network localEth/,
    );
    expect(claimMissing({ ...facts, closeDelivered: false, eth: { ...eth, now: NOW + DAY } })[0]).to.match(
      /has passed, so anyone can close it/,
    );
    expect(claimMissing({ ...facts, closeDelivered: false, eth: { ...eth, closed: true } })[0]).to.match(
      /closed but its close has not reached Base yet/,
    );
    expect(claimMissing({ ...facts, balance: 4n * 10n ** 20n })).to.deep.equal([
      `the Base presale holds 400 SHAFT but needs 1000 (every token sold on both chains, less what buy-and-stake moved to staking): transfer 600 SHAFT to ${B} first`,
    ]);
  });

  it("start-claim: Base only, a time within the horizon, only earlier once set, never before it is ready", function () {
    const input = { chain: BASE, at: NOW + 60n, now: NOW, current: 0n, horizon: 30n * DAY, missing: [] as string[] };
    refuses(() => planStartClaim({ ...input, chain: ETH }), /localEth is the Ethereum side/);
    refuses(() => planStartClaim({ ...input, at: 0n }), /--at 0 is not a time/);
    refuses(() => planStartClaim({ ...input, at: NOW + 31n * DAY }), /is more than 30 days ahead/);
    refuses(
      () => planStartClaim({ ...input, missing: ["fund it", "close it"] }),
      /cannot start yet:\n {2}- fund it\n {2}- close it/,
    );
    refuses(() => planStartClaim({ ...input, current: NOW - 1n }), /claim already started at/);
    refuses(() => planStartClaim({ ...input, current: NOW + 30n }), /can only be moved earlier/);
    const first = planStartClaim(input);
    expect(first.calls.map((c) => [c.functionName, c.args])).to.deep.equal([["startClaim", [NOW + 60n]]]);
    const earlier = planStartClaim({ ...input, current: NOW + 120n, missing: ["ignored: the start is set"] });
    expect(earlier.calls[0].note).to.match(/claims open at .*\(1800000060\) instead of .*\(1800000120\)/);
    refuses(
      () => planOpenClaim({ chain: BASE, now: NOW, current: 0n, deadline: NOW + 1n, missing: [] }),
      /anyone may open the claim from/,
    );
    expect(
      planOpenClaim({ chain: BASE, now: NOW, current: 0n, deadline: NOW, missing: [] }).calls[0].functionName,
    ).to.equal("openClaim");
  });

  it("staking: Base only, APY at most 1000 %, no cap below what is staked; only what differs, locks in one call", function () {
    const current: StakingSettings & { totalStaked: bigint } = {
      apy: 1500n,
      lockTime: 30n * DAY,
      endTime: NOW + 365n * DAY,
      maxDepositLimit: 0n,
      depositsLocked: false,
      withdrawalsLocked: false,
      claimsLocked: false,
      totalStaked: 5_000n * 10n ** 18n,
    };
    refuses(() => planStaking({ chain: ETH, current, next: { apy: 1n } }), /no staking on localEth/);
    refuses(() => planStaking({ chain: BASE, current, next: { apy: 100_001n } }), /above 1000%/);
    refuses(
      () => planStaking({ chain: BASE, current, next: { maxDepositLimit: 10n ** 18n } }),
      /--max-deposit 1 is below what is already staked \(5000\)/,
    );
    expect(planStaking({ chain: BASE, current, next: { apy: 1500n, claimsLocked: false } }).calls).to.deep.equal([]);
    const plan = planStaking({
      chain: BASE,
      current,
      next: { apy: 1200n, lockTime: 7n * DAY, maxDepositLimit: 0n, withdrawalsLocked: true },
    });
    expect(plan.calls.map((c) => [c.functionName, c.args, c.note])).to.deep.equal([
      ["setApy", [1200n], "APY 15% → 12%"],
      ["setLockTime", [604_800n], "lock 2592000s → 604800s"],
      ["setLocks", [false, true, false], "locks (deposits, withdrawals, claims) false,false,false → false,true,false"],
    ]);
  });

  it("Safe batch: the Transaction Builder's format, one transaction per call", function () {
    const batch = safeBatch({
      chainId: 8453,
      safeAddress: A,
      title: "Pause presale",
      transactions: [{ to: B, data: "0x8456cb59", description: "Presale.pause: paused: false → true" }],
      createdAt: 1,
    });
    expect(batch).to.deep.equal({
      version: "1.0",
      chainId: "8453",
      createdAt: 1,
      meta: {
        name: "Pause presale",
        description: "Presale.pause: paused: false → true",
        txBuilderVersion: "1.18.0",
        createdFromSafeAddress: A,
        createdFromOwnerAddress: "",
      },
      transactions: [{ to: B, value: "0", data: "0x8456cb59", contractMethod: null, contractInputsValues: null }],
    });
  });
});
