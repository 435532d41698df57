/**
 * Ethereum purchases name the Base address that will own the tokens (docs/PRODUCT.md §4): every route records the
 * purchase on the buyer's record for that recipient and says so in `TokensBought`; the recipient is checked like a
 * buyer (not zero, not blacklisted, not sanctioned); a contract wallet buys like anyone and its record carries the
 * Base address it chose into the relay.
 */
import { expect } from "chai";
import type { ContractTransactionResponse } from "ethers";
import { USD6, load, now, type Deployment, type Signer } from "./helpers/fixtures.js";
import { chainIdOf, signPermit, usdcDomain } from "./helpers/permit.js";
import { reportsSent } from "./helpers/reports.js";

type Route = "ETH" | "USDT" | "USDC" | "USDC permit";
const ROUTES: Route[] = ["ETH", "USDT", "USDC", "USDC permit"];

describe("Ethereum purchases name a Base recipient (hardhatEth)", function () {
  let d: Deployment<"hardhatEth">;
  let alice: Signer;
  let bob: Signer;
  let carol: Signer;
  beforeEach(async function () {
    d = await load("hardhatEth");
    [alice, bob, carol] = d.buyers;
  });

  /** `buyer` buys `amount` for `recipient` through `route`, paying exactly the quote; also returns what it paid. */
  async function buy(
    route: Route,
    buyer: Signer,
    amount: bigint,
    recipient: string,
  ): Promise<{ tx: Promise<ContractTransactionResponse>; paid: bigint; token: string }> {
    const p = d.presale.connect(buyer);
    if (route === "ETH") {
      const paid = await d.presale.ethBuyHelper(amount);
      return { tx: p.buyWithEth(amount, recipient, { value: paid }), paid, token: d.ethers.ZeroAddress };
    }
    if (route === "USDT") {
      const paid = await d.presale.usdtBuyHelper(amount);
      return { tx: p.buyWithUSDT(amount, paid, recipient), paid, token: await d.usdt!.getAddress() };
    }
    const paid = await d.presale.usdcBuyHelper(amount);
    const token = await d.usdc.getAddress();
    if (route === "USDC") return { tx: p.buyWithUSDC(amount, paid, recipient), paid, token };
    const domain = await usdcDomain(d.usdc, await chainIdOf(buyer));
    const deadline = (await now(d.conn)) + 3_600n;
    const s = await signPermit(buyer, d.usdc, domain, await d.presale.getAddress(), paid, deadline);
    return { tx: p.buyWithUSDCPermit(amount, paid, recipient, s.deadline, s.v, s.r, s.s), paid, token };
  }

  /** A purchase that must go through (see `buy`). */
  async function bought(route: Route, buyer: Signer, amount: bigint, recipient: string) {
    return (await buy(route, buyer, amount, recipient)).tx;
  }

  async function record(buyer: string) {
    const r = await d.presale.buyerInfo(buyer);
    return [r.recipient, r.leg, r.tokens, r.relayed];
  }

  it("every route records the purchase on the buyer's record for the named recipient (TokensBought: buyer, recipient)", async function () {
    let total = 0n;
    for (const [i, route] of ROUTES.entries()) {
      const amount = 100n * BigInt(i + 1);
      const usd = await d.presale.usdQuote(amount);
      const { tx, paid, token } = await buy(route, alice, amount, bob.address);
      await expect(tx, route)
        .to.emit(d.presale, "TokensBought")
        .withArgs(alice.address, bob.address, token, amount, paid, usd, false);
      total += amount;
      expect(await record(alice.address), route).to.deep.equal([bob.address, 0n, total, 0n]);
    }
    // Nothing is recorded for the recipient itself: it is not a buyer here.
    expect(await record(bob.address)).to.deep.equal([d.ethers.ZeroAddress, 0n, 0n, 0n]);
    expect(await d.presale.localTokensSold()).to.equal(total);
  });

  it("a zero recipient is refused on every route (ZeroAddress), and nothing moves", async function () {
    for (const route of ROUTES) {
      const { tx } = await buy(route, alice, 10n, d.ethers.ZeroAddress);
      await expect(tx, route).to.be.revertedWithCustomError(d.presale, "ZeroAddress");
    }
    expect(await record(alice.address)).to.deep.equal([d.ethers.ZeroAddress, 0n, 0n, 0n]);
    expect(await d.presale.localTokensSold()).to.equal(0n);
  });

  it("a blacklisted recipient is refused on every route and by setRecipient; un-listed, it is accepted again", async function () {
    await bought("ETH", alice, 10n, carol.address); // before the blacklist is used: accepted
    await d.presale.setBlacklist([carol.address], true);
    for (const route of ROUTES) {
      const { tx } = await buy(route, bob, 10n, carol.address);
      await expect(tx, route).to.be.revertedWithCustomError(d.presale, "AccountBlacklisted").withArgs(carol.address);
    }
    await expect(d.presale.connect(alice).setRecipient(carol.address))
      .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
      .withArgs(carol.address);
    // Others are unaffected while the list is in use, and carol is accepted again once taken off it.
    await bought("USDC", bob, 10n, alice.address);
    await d.presale.setBlacklist([carol.address], false);
    await bought("USDT", bob, 10n, carol.address);
    expect(await record(bob.address)).to.deep.equal([carol.address, 0n, 20n, 0n]);
  });

  it("a blacklisted buyer cannot buy for anyone else nor re-point what it bought (AccountBlacklisted: the buyer)", async function () {
    await bought("ETH", alice, 10n, alice.address);
    await d.presale.setBlacklist([alice.address], true);
    await expect(d.presale.connect(alice).setRecipient(bob.address))
      .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
      .withArgs(alice.address);
    for (const route of ROUTES) {
      const { tx } = await buy(route, alice, 10n, bob.address);
      await expect(tx, route).to.be.revertedWithCustomError(d.presale, "AccountBlacklisted").withArgs(alice.address);
    }
  });

  it("a sanctioned recipient is refused while screening is on (AccountSanctioned), on every route and by setRecipient", async function () {
    await d.sanctions.addToSanctionsList([carol.address]);
    await bought("ETH", alice, 10n, carol.address); // screening off: accepted
    await d.presale.setSanctions(await d.sanctions.getAddress(), true);
    for (const route of ROUTES) {
      const { tx } = await buy(route, bob, 10n, carol.address);
      await expect(tx, route).to.be.revertedWithCustomError(d.presale, "AccountSanctioned").withArgs(carol.address);
    }
    await bought("ETH", alice, 10n, alice.address); // re-pointing through a purchase works
    await expect(d.presale.connect(alice).setRecipient(carol.address))
      .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
      .withArgs(carol.address);
    // A sanctioned buyer is refused whoever it names, and cannot re-point what it bought before.
    await bought("ETH", bob, 10n, bob.address);
    await d.sanctions.addToSanctionsList([bob.address]);
    const { tx } = await buy("USDC", bob, 10n, alice.address);
    await expect(tx).to.be.revertedWithCustomError(d.presale, "AccountSanctioned").withArgs(bob.address);
    await expect(d.presale.connect(bob).setRecipient(alice.address))
      .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
      .withArgs(bob.address);
  });

  it("setRecipient refuses a zero recipient and a buyer with nothing unrelayed", async function () {
    await expect(d.presale.connect(alice).setRecipient(bob.address))
      .to.be.revertedWithCustomError(d.presale, "NothingToRepoint")
      .withArgs(alice.address);
    // A first purchase names the recipient; it is not a re-point.
    await expect((await buy("ETH", alice, 10n, alice.address)).tx).not.to.emit(d.presale, "RecipientChanged");
    await expect(d.presale.connect(alice).setRecipient(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(
      d.presale,
      "ZeroAddress",
    );
    await expect(d.presale.connect(alice).setRecipient(bob.address))
      .to.emit(d.presale, "RecipientChanged")
      .withArgs(alice.address, 0n, bob.address);
    expect(await record(alice.address)).to.deep.equal([bob.address, 0n, 10n, 0n]);
  });

  it("a contract wallet buys for the Base address it chose; its record carries that address into the relay", async function () {
    const wallet = await d.ethers.deployContract("ForwardingWallet");
    const walletAddr = await wallet.getAddress();
    const chosen = d.signers[16].address;
    const presaleAddr = await d.presale.getAddress();
    const cost = await d.presale.ethBuyHelper(1_000n);
    const data = d.presale.interface.encodeFunctionData("buyWithEth", [1_000n, chosen]);
    await expect(wallet.exec(presaleAddr, data, { value: cost }))
      .to.emit(d.presale, "TokensBought")
      .withArgs(walletAddr, chosen, d.ethers.ZeroAddress, 1_000n, cost, await d.presale.usdQuote(1_000n), false);
    // A batch (approve and buy) with USDC adds to the same record.
    await d.usdc.mint(walletAddr, 100n * USD6);
    const usdcCost = await d.presale.usdcBuyHelper(500n);
    await wallet.execBatch([
      {
        target: await d.usdc.getAddress(),
        value: 0n,
        data: d.usdc.interface.encodeFunctionData("approve", [presaleAddr, usdcCost]),
      },
      {
        target: presaleAddr,
        value: 0n,
        data: d.presale.interface.encodeFunctionData("buyWithUSDC", [500n, usdcCost, chosen]),
      },
    ]);
    expect(await record(walletAddr)).to.deep.equal([chosen, 0n, 1_500n, 0n]);

    // The relay reports the contract's leg for the chosen address, in full.
    await d.presale.setRemotePresale(d.signers[19].address);
    const tx = d.presale.connect(d.keeper).relay([walletAddr]);
    await expect(tx)
      .to.emit(d.presale, "Relayed")
      .withArgs([walletAddr], 1_500n, 6_000_000n + 3_000_000n, false);
    const [report] = await reportsSent(d);
    expect(report.deposits.map((x) => [x.buyer, x.leg, x.recipient, x.tokens])).to.deep.equal([
      [walletAddr, 0n, chosen, 1_500n],
    ]);
    expect(await record(walletAddr)).to.deep.equal([chosen, 0n, 1_500n, 1_500n]);
  });
});
