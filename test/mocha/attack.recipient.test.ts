/**
 * Ethereum buyers' tokens reach the Base address they named, and nobody else (property 6), and Base imports each
 * relayed leg exactly once whatever the bridge does (property 7), written as attacks on two linked chains: contract
 * wallets re-created at the buyer's address by a stranger, wallets that exist on Ethereum only, EIP-7702 accounts,
 * re-pointing around relays, and reports late, twice and out of order. docs/AUDIT.md cites each test by its title.
 */
import { expect } from "chai";
import { anyUint } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import { Wallet } from "ethers";
import type { SmartWallet, SmartWalletFactory } from "../../typechain-types/index.js";
import {
  TOKEN,
  USD6,
  buyEth,
  deployPair,
  now,
  receiptOf,
  type Deployment,
  type Pair,
  type SentMessage,
} from "./helpers/fixtures.js";
import { deliverDuplicate, fundLadder, relayed, strangers } from "./helpers/attack.js";

/** Closes Ethereum (the owner may close early), delivers `messages` (default: all pending), funds Base, opens the claim. */
async function closeAndOpenClaim(p: Pair, messages?: SentMessage[]): Promise<void> {
  if (!(await p.eth.presale.saleClosed())) await p.eth.presale.closeSale();
  for (const m of messages ?? (await p.pending())) expect(relayed(p, await p.deliver(m))).to.equal(true);
  await fundLadder(p);
  await p.base.presale.startClaim((await now(p.base.conn)) + 1n);
  await p.base.helpers.time.increase(2n);
}

/** A fresh key with ETH on both chains (no history: its nonce is 0 on each). */
async function freshKey(p: Pair) {
  const key = Wallet.createRandom();
  for (const d of [p.eth, p.base]) await d.helpers.setBalance(key.address, 10n ** 21n);
  return { eth: key.connect(p.eth.ethers.provider), base: key.connect(p.base.ethers.provider) };
}

/** The same factory at the same address on both chains: deployed by one fresh key as its first transaction on each. */
async function factoryOnBothChains(p: Pair): Promise<{ eth: SmartWalletFactory; base: SmartWalletFactory }> {
  const deployer = await freshKey(p);
  const eth = await p.eth.ethers.deployContract("SmartWalletFactory", [], deployer.eth);
  const base = await p.base.ethers.deployContract("SmartWalletFactory", [], deployer.base);
  expect(await eth.getAddress()).to.equal(await base.getAddress());
  return { eth, base };
}

/** The wallet a factory transaction created (from its WalletCreated event). */
async function createdWallet(d: Deployment, factory: SmartWalletFactory, owner: string): Promise<SmartWallet> {
  const receipt = await receiptOf(factory.create(owner));
  const [created] = await factory.queryFilter(factory.filters.WalletCreated(), receipt.blockNumber);
  return d.ethers.getContractAt("SmartWallet", created.args.wallet);
}

/** `txp` points `buyer`'s unrelayed tokens, as leg `legIndex`, to `recipient` (RecipientChanged). */
async function expectRepointed(p: Pair, txp: Promise<unknown>, buyer: string, legIndex: bigint, recipient: string) {
  await expect(txp).to.emit(p.eth.presale, "RecipientChanged").withArgs(buyer, legIndex, recipient);
}

/** `wallet` (driven by its owner) buys `amount` with ETH on Ethereum for `recipient`. */
async function walletBuysEth(
  p: Pair,
  wallet: SmartWallet,
  owner: Wallet | Deployment["owner"],
  amount: bigint,
  recipient: string,
) {
  const cost = await p.eth.presale.ethBuyHelper(amount);
  const data = p.eth.presale.interface.encodeFunctionData("buyWithEth", [amount, recipient]);
  return wallet.connect(owner).exec(await p.eth.presale.getAddress(), cost, data, { value: cost });
}

describe("Property 6 — only the named recipient ever owns an Ethereum buyer's tokens", function () {
  it("attack 6a: a CREATE-factory wallet buys on Ethereum naming a chosen Base address; a stranger re-creates the wallet at the buyer's address on Base and gets nothing; the chosen address claims", async function () {
    const p = await deployPair();
    const factory = await factoryOnBothChains(p);
    const [owner] = p.eth.buyers;
    const chosen = p.eth.buyers[1].address; // the Base address the wallet's owner chose
    const wallet = await createdWallet(p.eth, factory.eth, owner.address);
    await expect(walletBuysEth(p, wallet, owner, 1_000n, chosen))
      .to.emit(p.eth.presale, "TokensBought")
      .withArgs(await wallet.getAddress(), chosen, p.eth.ethers.ZeroAddress, 1_000n, anyUint, anyUint, false);
    await p.eth.presale.connect(strangers(p.eth)[0]).relay([await wallet.getAddress()]);
    await closeAndOpenClaim(p);

    // The stranger takes the factory's next nonce on Base: the same code at the buyer's address, owned by the stranger.
    const stranger = strangers(p.base)[1];
    const clone = await createdWallet(p.base, factory.base.connect(stranger), stranger.address);
    expect(await clone.getAddress()).to.equal(await wallet.getAddress());
    expect(await p.base.ethers.provider.getCode(await clone.getAddress())).to.equal(
      await p.eth.ethers.provider.getCode(await wallet.getAddress()),
    );
    const presale = await p.base.presale.getAddress();
    const calls = [
      p.base.presale.interface.encodeFunctionData("claim"),
      p.base.presale.interface.encodeFunctionData("claimAndStake"),
    ];
    for (const call of calls) {
      await expect(clone.connect(stranger).exec(presale, 0n, call))
        .to.be.revertedWithCustomError(p.base.presale, "NothingToClaim")
        .withArgs(await clone.getAddress());
    }
    expect(await p.base.presale.userDeposits(await clone.getAddress())).to.equal(0n);
    await expect(p.base.presale.connect(p.base.buyers[1]).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(chosen, 1_000n * TOKEN);
    expect(await p.base.token!.balanceOf(await clone.getAddress())).to.equal(0n);
  });

  it("attack 6b: a wallet that exists only on Ethereum (like a Safe made with another factory or salt) buys with USDC naming a chosen Base address, which claims and stakes; the wallet's address on Base holds nothing", async function () {
    const p = await deployPair();
    const owner = p.eth.buyers[2];
    const wallet = await p.eth.ethers.deployContract("SmartWallet", [owner.address]);
    const at = await wallet.getAddress();
    await p.eth.usdc.mint(at, 1_000_000n * USD6);
    const presale = await p.eth.presale.getAddress();
    const usdc = await p.eth.usdc.getAddress();
    const chosen = p.eth.buyers[3].address;
    const cost = await p.eth.presale.usdcBuyHelper(2_500n);
    await wallet.connect(owner).exec(usdc, 0n, p.eth.usdc.interface.encodeFunctionData("approve", [presale, cost]));
    const buy = p.eth.presale.interface.encodeFunctionData("buyWithUSDC", [2_500n, cost, chosen]);
    await wallet.connect(owner).exec(presale, 0n, buy);
    expect((await p.eth.presale.buyerInfo(at)).recipient).to.equal(chosen);
    await p.eth.presale.relay([at]);
    await closeAndOpenClaim(p);
    expect(await p.base.ethers.provider.getCode(at)).to.equal("0x");
    expect(await p.base.presale.userDeposits(at)).to.equal(0n);
    await expect(p.base.presale.connect(p.base.buyers[3]).claimAndStake())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(chosen, 2_500n * TOKEN);
    expect((await p.base.staking!.poolStakers(chosen)).amount).to.equal(2_500n * TOKEN);
  });

  it("attack 6c: an EIP-7702-delegated account buys on Ethereum naming itself (type-4 transaction) and claims on Base with the same key", async function () {
    const p = await deployPair();
    const key = await freshKey(p);
    const delegate = await p.eth.ethers.deployContract("SmartWallet", [p.eth.ethers.ZeroAddress]);
    const presale = await p.eth.presale.getAddress();
    const cost = await p.eth.presale.ethBuyHelper(3_000n);
    const buy = p.eth.presale.interface.encodeFunctionData("buyWithEth", [3_000n, key.eth.address]);
    // The sender is its own authority: the authorization's nonce is the one after the transaction's.
    const auth = await key.eth.authorize({ address: await delegate.getAddress(), nonce: 1 });
    const tx = await key.eth.sendTransaction({
      type: 4,
      to: key.eth.address,
      data: delegate.interface.encodeFunctionData("exec", [presale, cost, buy]),
      value: cost,
      authorizationList: [auth],
      gasLimit: 1_000_000n,
    });
    await expect(tx)
      .to.emit(p.eth.presale, "TokensBought")
      .withArgs(key.eth.address, key.eth.address, p.eth.ethers.ZeroAddress, 3_000n, cost, anyUint, false);
    const code = await p.eth.ethers.provider.getCode(key.eth.address);
    expect(code).to.equal("0xef0100" + (await delegate.getAddress()).slice(2).toLowerCase());
    await p.eth.presale.relay([key.eth.address]);
    await closeAndOpenClaim(p);
    await expect(p.base.presale.connect(key.base).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(key.base.address, 3_000n * TOKEN);
    expect(await p.base.token!.balanceOf(key.base.address)).to.equal(3_000n * TOKEN);
  });

  it("attack 6d: before any relay, setRecipient and a purchase naming another address move the whole unrelayed leg: only the last recipient is credited", async function () {
    const p = await deployPair();
    const [buyer, a, c, d] = p.eth.buyers;
    await buyEth(p.eth, buyer, 100n, false, a.address);
    await expectRepointed(p, p.eth.presale.connect(buyer).setRecipient(c.address), buyer.address, 0n, c.address);
    await expectRepointed(p, buyEth(p.eth, buyer, 50n, false, d.address), buyer.address, 0n, d.address);
    expect(await p.eth.presale.buyerInfo(buyer.address)).to.deep.equal([d.address, 0n, 150n, 0n]);
    await p.eth.presale.relay([buyer.address]);
    await closeAndOpenClaim(p);
    for (const who of [a, c]) expect(await p.base.presale.userDeposits(who.address)).to.equal(0n);
    expect(await p.base.presale.userDeposits(buyer.address)).to.equal(0n);
    expect(await p.base.presale.userDeposits(d.address)).to.equal(150n * TOKEN);
  });

  it("attack 6e: after a relay the leg is final: setRecipient refuses (NothingToRepoint) and a purchase naming another address starts a new leg; each leg reaches the recipient it had when relayed", async function () {
    const p = await deployPair();
    const [buyer, a, c] = p.eth.buyers;
    await buyEth(p.eth, buyer, 100n, false, a.address);
    await p.eth.presale.relay([buyer.address]);
    await expect(p.eth.presale.connect(buyer).setRecipient(c.address))
      .to.be.revertedWithCustomError(p.eth.presale, "NothingToRepoint")
      .withArgs(buyer.address);
    await expectRepointed(p, buyEth(p.eth, buyer, 40n, false, c.address), buyer.address, 1n, c.address);
    expect(await p.eth.presale.buyerInfo(buyer.address)).to.deep.equal([c.address, 1n, 40n, 0n]);
    await p.eth.presale.relay([buyer.address]);
    await closeAndOpenClaim(p);
    expect(await p.base.presale.userDeposits(a.address)).to.equal(100n * TOKEN);
    expect(await p.base.presale.userDeposits(c.address)).to.equal(40n * TOKEN);
    expect(await p.base.presale.remoteDepositsImported(buyer.address, 0n)).to.equal(100n);
    expect(await p.base.presale.remoteDepositsImported(buyer.address, 1n)).to.equal(40n);
  });

  it("attack 6f: re-pointing after a partial relay moves only the unrelayed tokens; with reports delivered out of order and twice, each leg's tokens reach exactly the recipient it had when relayed", async function () {
    const p = await deployPair();
    const [buyer, a, c] = p.eth.buyers;
    await buyEth(p.eth, buyer, 100n, false, a.address);
    await p.eth.presale.relay([buyer.address]); // r0: leg 0 → a, 100
    await buyEth(p.eth, buyer, 50n, false, a.address); // leg 0: 150 bought, 100 relayed
    await expectRepointed(p, p.eth.presale.connect(buyer).setRecipient(c.address), buyer.address, 1n, c.address);
    expect(await p.eth.presale.buyerInfo(buyer.address)).to.deep.equal([c.address, 1n, 50n, 0n]);
    await p.eth.presale.relay([buyer.address]); // r1: leg 1 → c, 50
    await buyEth(p.eth, buyer, 30n, false, c.address);
    await p.eth.presale.relay([buyer.address]); // r2: leg 1 → c, 80
    await buyEth(p.eth, buyer, 20n, false, a.address); // leg 1 relayed: leg 2 → a, 20
    await p.eth.presale.relay([buyer.address]); // r3: leg 2 → a, 20
    const [r0, r1, r2, r3] = await p.pending();
    for (const m of [r2, r0, r3, r1]) expect(relayed(p, await p.deliver(m))).to.equal(true);
    for (const m of [r2, r0, r1]) expect(relayed(p, await deliverDuplicate(p, m))).to.equal(true);
    await expect(p.deliver(r0)).to.be.revertedWith("CrossDomainMessenger: message has already been relayed");
    expect(await p.base.presale.userDeposits(a.address)).to.equal(120n * TOKEN);
    expect(await p.base.presale.userDeposits(c.address)).to.equal(80n * TOKEN);
    expect(await p.base.presale.userDeposits(buyer.address)).to.equal(0n);
    const legs = await Promise.all([0n, 1n, 2n].map((l) => p.base.presale.remoteDepositsImported(buyer.address, l)));
    expect(legs).to.deep.equal([100n, 80n, 20n]);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(await p.eth.presale.localTokensSold());
    const credits = await p.base.presale.queryFilter(p.base.presale.filters.RemoteDepositImported());
    expect(credits.map((e) => [e.args.recipient, e.args.leg, e.args.tokens, e.args.credited])).to.deep.equal([
      [c.address, 1n, 80n, 80n],
      [a.address, 0n, 100n, 100n],
      [a.address, 2n, 20n, 20n],
    ]);
  });

  it("attack 6g: blacklisted, sanctioned and zero recipients are refused, by a purchase and by setRecipient, and change nothing", async function () {
    const p = await deployPair();
    const [buyer, clean, banned, sanctioned] = p.eth.buyers;
    await buyEth(p.eth, buyer, 10n, false, clean.address);
    const record = await p.eth.presale.buyerInfo(buyer.address);
    const cost = await p.eth.presale.ethBuyHelper(1n);
    const pr = p.eth.presale.connect(buyer);
    await expect(pr.buyWithEth(1n, p.eth.ethers.ZeroAddress, { value: cost })).to.be.revertedWithCustomError(
      p.eth.presale,
      "ZeroAddress",
    );
    await expect(pr.setRecipient(p.eth.ethers.ZeroAddress)).to.be.revertedWithCustomError(p.eth.presale, "ZeroAddress");
    await p.eth.presale.setBlacklist([banned.address], true);
    await p.eth.sanctions.addToSanctionsList([sanctioned.address]);
    await p.eth.presale.setSanctions(await p.eth.sanctions.getAddress(), true);
    const refused = [
      [() => pr.buyWithEth(1n, banned.address, { value: cost }), "AccountBlacklisted", banned.address],
      [() => pr.buyWithUSDT(1n, 10n ** 12n, banned.address), "AccountBlacklisted", banned.address],
      [() => pr.setRecipient(banned.address), "AccountBlacklisted", banned.address],
      [() => pr.buyWithUSDC(1n, 10n ** 12n, sanctioned.address), "AccountSanctioned", sanctioned.address],
      [() => pr.setRecipient(sanctioned.address), "AccountSanctioned", sanctioned.address],
    ] as const;
    for (const [call, error, account] of refused) {
      await expect(call()).to.be.revertedWithCustomError(p.eth.presale, error).withArgs(account);
    }
    expect(await p.eth.presale.buyerInfo(buyer.address)).to.deep.equal(record);
    expect(await p.eth.presale.localTokensSold()).to.equal(10n);
  });
});

describe("Property 7 — imports exact: each relayed leg credited once, whatever the order", function () {
  /** A buyer's leg relayed in two reports (100, then 150 in all), then Ethereum's close. */
  async function twoReportsAndClose(p: Pair) {
    const [buyer, a] = p.eth.buyers;
    await buyEth(p.eth, buyer, 100n, false, a.address);
    await p.eth.presale.relay([buyer.address]);
    await buyEth(p.eth, buyer, 50n, false, a.address);
    await p.eth.presale.relay([buyer.address]);
    await p.eth.presale.closeSale();
    const [first, second, close] = await p.pending();
    return { buyer, a, first, second, close };
  }

  it("attack 7a: a leg delivered after its recipient claimed credits only the new part", async function () {
    const p = await deployPair();
    const { buyer, a, first, second, close } = await twoReportsAndClose(p);
    await closeAndOpenClaim(p, [first, close]);
    await p.base.presale.connect(p.base.buyers[1]).claim();
    expect(await p.base.token!.balanceOf(a.address)).to.equal(100n * TOKEN);
    const late = await p.deliver(second);
    await expect(late.hash)
      .to.emit(p.base.presale, "RemoteDepositImported")
      .withArgs(a.address, buyer.address, 0n, 150n, 50n);
    await p.base.presale.connect(p.base.buyers[1]).claim();
    expect(await p.base.token!.balanceOf(a.address)).to.equal(150n * TOKEN);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(150n);
  });

  it("attack 7b: reports replayed after the claim started (the same bytes under new nonces, a failed delivery retried) credit nothing twice", async function () {
    const p = await deployPair();
    const { a, first, second, close } = await twoReportsAndClose(p);
    await closeAndOpenClaim(p, [first, close]);
    // The second report first arrives short of gas: recorded as failed, credited nothing.
    const short = await deliverShortOfGas(p, second);
    expect(relayed(p, short)).to.equal(false);
    expect(await p.base.presale.userDeposits(a.address)).to.equal(100n * TOKEN);
    await p.base.presale.connect(p.base.buyers[1]).claim();
    // Anyone retries the failed one with enough gas: the new 50 arrive, once.
    await retryFailed(p, second);
    await expect(retryFailed(p, second)).to.be.revertedWith("CrossDomainMessenger: message has already been relayed");
    for (const m of [first, second, close]) expect(relayed(p, await deliverDuplicate(p, m))).to.equal(true);
    expect(await p.base.presale.userDeposits(a.address)).to.equal(50n * TOKEN);
    await p.base.presale.connect(p.base.buyers[1]).claim();
    await expect(p.base.presale.connect(p.base.buyers[1]).claim()).to.be.revertedWithCustomError(
      p.base.presale,
      "NothingToClaim",
    );
    expect(await p.base.token!.balanceOf(a.address)).to.equal(150n * TOKEN);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(150n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(150n);
  });
});

/** Executes `m`'s deposit with too little gas for its minimum: the messenger records a failure. */
function deliverShortOfGas(p: Pair, m: SentMessage) {
  return p.deliver(m, m.gasLimit / 2n);
}

/** Anyone replays a failed message with plenty of gas (OP's messenger allows it). */
async function retryFailed(p: Pair, m: SentMessage) {
  return p.base.messenger
    .connect(strangers(p.base)[3])
    .relayMessage(m.messageNonce, m.sender, m.target, 0n, m.gasLimit, m.message, { gasLimit: m.gasLimit * 3n });
}
