/**
 * The indexer against real local chains deployed with the real deployment code: every row it keeps agrees with the
 * contracts (purchases split over their rounds as each chain's `roundSales` says, relays as `buyerInfo` says, credits
 * as `remoteDepositsImported` says), an Ethereum purchase goes bought → sent → on Base, a re-pointed purchase follows
 * its new recipient, claims and stakes are recorded, and a reorg made with snapshot/revert removes what it undid.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Journey, SalesAnswer } from "@shaft/indexer-api";
import type { Address } from "viem";
import {
  account,
  buy,
  getJson,
  heads,
  read,
  rpc,
  send,
  startChains,
  startIndexer,
  waitIndexed,
  waitUntil,
  type Chains,
  type IndexerProcess,
} from "./support.ts";

interface PurchaseOut {
  id: string;
  chainId: number;
  txHash: string;
  buyer: string;
  recipient: string;
  tokens: string;
  usd: string;
  firstRound: number;
  lastRound: number;
  journey: Journey | null;
}
interface Activity {
  purchases: PurchaseOut[];
  relays: { buyer: string; leg: number; recipient: string; tokens: string; txHash: string }[];
  credits: { buyer: string; leg: number; tokens: string; credited: string }[];
  claims: { user: string; amount: string; staked: boolean }[];
  staking: { kind: string; user: string; amount: string; viaPresale: boolean | null }[];
}
const [owner, A, B, C, D] = [0, 3, 4, 5, 6].map(account);
const lc = (a: Address) => a.toLowerCase();

let chains: Chains;
let ix: IndexerProcess;

async function synced() {
  await waitIndexed(ix, await heads(chains));
}
const activity = (a: Address) => getJson<Activity>(`${ix.url}/activity/${a}`);
const sales = () => getJson<SalesAnswer>(`${ix.url}/sales`);

/** Every chain's per-round use and totals as the indexer has them equal the contract's own. */
async function assertLadderAgrees() {
  const s = await sales();
  for (const side of [chains.eth, chains.base]) {
    const [local] = await read<[bigint[], bigint[]]>(side, "roundSales");
    const sold = await read<bigint>(side, "localTokensSold");
    const state = s.states.find((x) => x.chainId === side.chainId)!;
    assert.equal(BigInt(state.tokensSold), sold, `chain ${side.chainId} tokens sold`);
    local.forEach((used, round) => {
      const row = s.perRound.find((r) => r.chainId === side.chainId && r.round === round);
      assert.equal(BigInt(row?.tokens ?? 0), used, `chain ${side.chainId} round ${round}`);
    });
  }
}

before(async () => {
  chains = await startChains();
  ix = await startIndexer({ chains });
  await synced();
});

after(async () => {
  await ix?.stop();
  await chains?.stop();
});

void describe("indexer on the local pair", () => {
  void it("splits purchases over the rounds exactly as each chain sold them, on both chains", async () => {
    const quota0 = (await read<{ ethereumQuota: bigint }[]>(chains.eth, "rounds"))[0].ethereumQuota;
    await buy(chains.eth, A, 1000n, { recipient: B.address });
    await buy(chains.eth, A, quota0, { recipient: B.address }); // crosses into Ethereum's share of round 2
    const base0 = (await read<{ baseQuota: bigint }[]>(chains.base, "rounds"))[0].baseQuota;
    await buy(chains.base, C, base0 + 5000n); // crosses on Base
    await buy(chains.base, C, 10_000n, { stake: true });
    await synced();
    await assertLadderAgrees();
    const mine = await activity(A.address);
    const cross = mine.purchases.find((p) => BigInt(p.tokens) === quota0)!;
    assert.deepEqual([cross.firstRound, cross.lastRound], [0, 1]);
    const usd = await read<bigint>(chains.eth, "localUsdRaised");
    const total = mine.purchases.reduce((t, p) => t + BigInt(p.usd), 0n);
    assert.equal((total + 10n ** 12n - 1n) / 10n ** 12n >= usd - 2n, true, "USD of the purchases matches the chain's");
    const baseRows = (await activity(C.address)).purchases;
    assert.equal(baseRows.length, 2);
    assert.ok(
      baseRows.every((p) => p.journey === null),
      "Base purchases need no journey",
    );
  });

  void it("undoes a purchase removed by a reorg (snapshot/revert) and indexes the block that replaced it", async () => {
    const snap = await rpc<string>(chains.eth, "evm_snapshot");
    await buy(chains.eth, A, 777n, { recipient: B.address });
    await synced();
    assert.ok((await activity(A.address)).purchases.some((p) => p.tokens === "777"));
    await rpc(chains.eth, "evm_revert", [snap]);
    await buy(chains.eth, D, 888n); // a different block at the same height
    await rpc(chains.eth, "evm_mine");
    await waitUntil("the reorged purchase to be replaced", async () => {
      await synced();
      const [a, d] = [await activity(A.address), await activity(D.address)];
      return !a.purchases.some((p) => p.tokens === "777") && d.purchases.some((p) => p.tokens === "888");
    });
    await assertLadderAgrees();
    const s = await sales();
    const eth = s.states.find((x) => x.chainId === chains.eth.chainId)!;
    assert.equal(eth.purchases, 3);
    assert.equal(eth.buyers, 2, "B (recipient of A's purchases) and D");
    const infoA = await read<{ tokens: bigint }>(chains.eth, "buyerInfo", [A.address]);
    assert.deepEqual([s.backlog.buyers, s.backlog.tokens], [2, String(infoA.tokens + 888n)]);
  });

  void it("follows an Ethereum purchase from bought to sent to on Base, and a re-point to its new recipient", async () => {
    let a = await activity(A.address);
    assert.ok(a.purchases.every((p) => p.journey?.stage === "bought" && p.journey.owner === lc(B.address)));
    assert.ok(
      a.purchases.every((p) => (p.journey?.expectedAt ?? 0) > 0),
      "an expected time while on the way",
    );
    // A points its unrelayed tokens at D: nothing was relayed, so the same leg changes recipient.
    await send(chains.eth, A, chains.eth.presale, "setRecipient", [D.address]);
    await synced();
    a = await activity(A.address);
    assert.ok(a.purchases.every((p) => p.journey?.owner === lc(D.address) && p.journey.leg === 0));
    assert.equal((await sales()).backlog.buyers, 2);
    // Anyone relays; the bridge (the stand-in relayer) delivers to Base a few blocks later.
    await send(chains.eth, C, chains.eth.presale, "relay", [[A.address]]);
    await synced();
    a = await activity(A.address);
    const info = await read<{ leg: bigint; tokens: bigint; relayed: bigint; recipient: Address }>(
      chains.eth,
      "buyerInfo",
      [A.address],
    );
    assert.deepEqual(
      a.relays.map((r) => [r.leg, BigInt(r.tokens), r.recipient]),
      [[Number(info.leg), info.relayed, lc(info.recipient)]],
    );
    await waitUntil("the relayed leg to be credited on Base", async () => {
      await synced();
      const d = await activity(D.address);
      const fromA = d.purchases.filter((p) => p.buyer === lc(A.address));
      return d.credits.length === 1 && fromA.every((p) => p.journey?.stage === "onBase") && d;
    });
    const d = await activity(D.address);
    const fromA = d.purchases.filter((p) => p.buyer === lc(A.address));
    assert.equal(fromA.length, 2, "D sees the purchases pointed at it");
    assert.equal(
      BigInt(d.credits[0].tokens),
      await read<bigint>(chains.base, "remoteDepositsImported", [A.address, 0n]),
    );
    assert.ok(fromA.every((p) => p.journey?.relay && p.journey.credit && p.journey.expectedAt === null));
    // A later purchase naming B starts leg 1 (leg 0 was relayed): it is on its way, the earlier ones stay on Base.
    await buy(chains.eth, A, 500n, { recipient: B.address });
    await synced();
    a = await activity(A.address);
    const late = a.purchases.find((p) => p.tokens === "500")!;
    assert.deepEqual([late.journey?.stage, late.journey?.owner, late.journey?.leg], ["bought", lc(B.address), 1]);
    assert.equal(a.purchases.filter((p) => p.journey?.stage === "onBase").length, 2);
    const s = await sales();
    assert.deepEqual([s.backlog.buyers, s.backlog.tokens], [2, String(500 + 888)]);
  });

  void it("records claims, claim-and-stake, buy-and-stake and owner actions", async () => {
    await send(chains.eth, owner, chains.eth.presale, "pause", []);
    await send(chains.eth, owner, chains.eth.presale, "unpause", []);
    await send(chains.eth, owner, chains.eth.presale, "closeSale", []);
    await waitUntil(
      "Ethereum's close on Base",
      async () => (await read<boolean>(chains.base, "remoteSaleClosed")) || undefined,
    );
    const now = (await chains.base.client.getBlock()).timestamp;
    await send(chains.base, owner, chains.base.presale, "startClaim", [now + 2n]);
    await rpc(chains.base, "evm_increaseTime", [5]);
    await rpc(chains.base, "evm_mine");
    await send(chains.base, C, chains.base.presale, "claim", []);
    await send(chains.base, D, chains.base.presale, "claimAndStake", []);
    await synced();
    const c = await activity(C.address);
    assert.equal(c.claims.length, 1);
    assert.equal(c.claims[0].staked, false);
    assert.equal(
      BigInt(c.claims[0].amount),
      (await read<bigint>(chains.base, "localTokensSold")) * 10n ** 18n - 10_000n * 10n ** 18n,
    );
    assert.deepEqual(
      c.staking.map((x) => [x.kind, x.viaPresale, BigInt(x.amount)]),
      [["stake", true, 10_000n * 10n ** 18n]],
    );
    const d = await activity(D.address);
    assert.equal(d.claims[0]?.staked, true, "claim-and-stake marks the claim staked");
    assert.equal(d.staking[0]?.kind, "stake");
    const actions = await getJson<{ actions: { chainId: number; event: string; sender: string }[] }>(
      `${ix.url}/owner-actions`,
    );
    for (const e of ["Paused", "Unpaused", "SaleFinalized", "ClaimStartSet"])
      assert.ok(
        actions.actions.some((x) => x.event === e),
        `${e} recorded`,
      );
    const s = await sales();
    assert.ok(s.states.every((x) => x.closed && !x.paused));
  });
});
