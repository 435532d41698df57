// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase} from "../../contracts/test-support/Vm.sol";
import {BasePresale} from "../../contracts/BasePresale.sol";
import {EthereumPresale} from "../../contracts/EthereumPresale.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {IEthereumPresale} from "../../contracts/interfaces/IEthereumPresale.sol";
import {MockV3Aggregator} from "../../contracts/mocks/MockV3Aggregator.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Fuzz tests of the pricing on each chain's share of the ladder against a deliberately simple reference
/// model written from the table's constants (docs/PRODUCT.md §9), not from the contracts' state.
contract PricingFuzzTest is TestBase, PresaleSystem {
    address internal constant BUYER = address(0xB0B);
    address internal constant RECIPIENT = address(0xBA5E);
    uint256 internal constant LONG_ROUNDS = 30 days;

    /// @dev Base selling the whole ladder (Ethereum's quotas all zero): positions are plain ladder positions.
    BasePresale internal base;

    function setUp() public {
        _deployMocks();
        base = _newBase(new uint256[](ROUNDS), LONG_ROUNDS);
    }

    receive() external payable {}

    // ------------------------------------------------------------------ reference model

    /// @dev Reference: walk `shares` (this chain's tokens of each round) from round `step` with `used` of it used,
    /// with no expiry. Returns the USD price (18 decimals) and whether the shares ran out first.
    function _refUsd(
        uint256[] memory shares,
        uint256 step,
        uint256 used,
        uint256 amount
    ) internal pure returns (uint256 usd, bool soldOut) {
        uint256[] memory prices = _prices();
        for (uint256 i = step; i < ROUNDS && amount != 0; ++i) {
            uint256 room = shares[i] - (i == step ? used : 0);
            uint256 take = amount < room ? amount : room;
            usd += take * prices[i];
            amount -= take;
        }
        soldOut = amount != 0;
    }

    /// @dev The whole ladder's reference from ladder position `pos`.
    function _refUsdAt(uint256 pos, uint256 amount) internal pure returns (uint256 usd) {
        uint256 step = _stepOf(pos);
        (usd, ) = _refUsd(_sizes(), step, pos - _prevCap(step), amount);
    }

    function _stepOf(uint256 pos) internal pure returns (uint256 step) {
        uint256[] memory caps = _caps();
        while (step < ROUNDS && pos >= caps[step]) ++step;
    }

    function _prevCap(uint256 step) internal pure returns (uint256) {
        return step == 0 ? 0 : _caps()[step - 1];
    }

    function _ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    /// @dev A per-round Ethereum share in basis points drawn from `seed`, each anywhere from 0 to the whole round.
    function _shareBps(uint256 seed) internal pure returns (uint256[] memory bps) {
        bps = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) bps[i] = uint256(keccak256(abi.encode(seed, i))) % 10_001;
    }

    /// @dev One chain's share of each round for Ethereum quotas `quotas`.
    function _shares(uint256[] memory quotas, bool ethereumSide) internal pure returns (uint256[] memory s) {
        s = _sizes();
        for (uint256 i; i < ROUNDS; ++i) s[i] = ethereumSide ? quotas[i] : s[i] - quotas[i];
    }

    function _sum(uint256[] memory a, uint256 from) internal pure returns (uint256 total) {
        for (uint256 i = from; i < a.length; ++i) total += a[i];
    }

    /// @dev A presale of either chain on a ladder split by `quotas`, rounds 30 days apart.
    function _deployOne(uint256[] memory quotas, bool onEthereum) internal returns (IPresale p) {
        if (onEthereum) {
            EthereumPresale e = _newEthereum(quotas, LONG_ROUNDS);
            e.setRemotePresale(ETH_PRESALE_STANDIN);
            return e;
        }
        return _newBase(quotas, LONG_ROUNDS);
    }

    function _buyEth(IPresale p, bool onEthereum, address buyer, uint256 amount, uint256 value) internal {
        VM.deal(buyer, buyer.balance + value);
        VM.prank(buyer);
        if (onEthereum) IEthereumPresale(address(p)).buyWithEth{value: value}(amount, RECIPIENT);
        else BasePresale(address(p)).buyWithEth{value: value}(amount, false);
    }

    // ------------------------------------------------------------------ fuzz tests

    /// @dev Any position and any amount on the whole ladder: the quotes equal the reference, round by round, rounded up.
    function testFuzz_quotesMatchReference(uint256 pos, uint256 amount, uint256 ethUsd) public {
        pos = bound(pos, 0, LADDER_TOTAL - 1);
        amount = bound(amount, 1, LADDER_TOTAL - pos);
        ethUsd = bound(ethUsd, 1e8, 1_000_000e8); // $1 .. $1M per ETH, 8 decimals
        feed.updateAnswer(int256(ethUsd));
        uint256 step = _stepOf(pos);
        base.setCurrentStep(step, pos - _prevCap(step));

        uint256 usd = _refUsdAt(pos, amount);
        assertEq(base.usdQuote(amount), usd, "usdQuote");
        assertEq(base.usdcBuyHelper(amount), _ceilDiv(usd, 1e12), "usdcBuyHelper");
        uint256 eth = base.ethBuyHelper(amount);
        assertEq(eth, _ceilDiv(usd * 1e18, ethUsd * 1e10), "ethBuyHelper");
        // Never below the USD value, and one wei less would be.
        assertGe(eth * ethUsd * 1e10, usd * 1e18, "eth covers usd");
        assertTrue((eth - 1) * ethUsd * 1e10 < usd * 1e18, "eth is the least sufficient amount");
    }

    /// @dev Any split of the ladder, either chain, any position on its share: the quote walks only this chain's share
    /// of each round, and one token more than the share left is SoldOut.
    function testFuzz_splitQuotesMatchReference(
        uint256 shareSeed,
        bool onEthereum,
        uint256 step,
        uint256 used,
        uint256 amount
    ) public {
        uint256[] memory quotas = _quotas(_shareBps(shareSeed));
        uint256[] memory shares = _shares(quotas, onEthereum);
        IPresale p = _deployOne(quotas, onEthereum);
        step = bound(step, 0, ROUNDS - 1);
        used = bound(used, 0, shares[step]);
        p.setCurrentStep(step, used);
        uint256 left = _sum(shares, step) - used;
        if (left == 0) {
            VM.expectRevert(IPresale.SoldOut.selector);
            p.usdQuote(1);
            return;
        }
        amount = bound(amount, 1, left);
        (uint256 usd, bool soldOut) = _refUsd(shares, step, used, amount);
        assertTrue(!soldOut, "reference: within the share");
        assertEq(p.usdQuote(amount), usd, "usdQuote on this chain's share");
        VM.expectRevert(IPresale.SoldOut.selector);
        p.usdQuote(left + 1);
    }

    /// @dev Past the last cap: SoldOut.
    function testFuzz_soldOutBeyondLastCap(uint256 pos, uint256 extra) public {
        pos = bound(pos, 0, LADDER_TOTAL - 1);
        extra = bound(extra, 1, 1_000_000);
        uint256 step = _stepOf(pos);
        base.setCurrentStep(step, pos - _prevCap(step));
        VM.expectRevert(IPresale.SoldOut.selector);
        base.usdQuote(LADDER_TOTAL - pos + extra);
    }

    /// @dev Two consecutive purchases: each is charged exactly its quote, the ladder moves by the amounts, and the
    /// total equals the reference price of the combined range (pricing is path-independent up to rounding).
    function testFuzz_consecutiveBuysChargeReference(uint256 pos, uint256 a1, uint256 a2) public {
        pos = bound(pos, 0, 70_000_000);
        a1 = bound(a1, 1, 4_000_000);
        a2 = bound(a2, 1, 4_000_000);
        uint256 step = _stepOf(pos);
        base.setCurrentStep(step, pos - _prevCap(step));
        uint256 q1 = base.ethBuyHelper(a1);
        _buyEth(base, false, BUYER, a1, q1 + 1 ether); // excess refunded
        assertEq(BUYER.balance, 1 ether, "refund");
        uint256 q2 = base.ethBuyHelper(a2);
        _buyEth(base, false, BUYER, a2, q2);

        assertEq(PAYMENT_WALLET.balance, q1 + q2, "payment wallet got exactly the quotes");
        assertEq(address(base).balance, 0, "nothing stranded");
        assertEq(base.checkPoint(), pos + a1 + a2, "checkPoint");
        assertEq(base.currentStep(), _stepOf(pos + a1 + a2), "step");
        assertEq(base.userDeposits(BUYER), (a1 + a2) * TOKEN, "deposits");
        uint256 refTotal = _refUsdAt(pos, a1 + a2);
        assertEq(_refUsdAt(pos, a1) + _refUsdAt(pos + a1, a2), refTotal, "reference additivity");
        // Each quote rounds up by less than one wei: the sum is within 2 wei of the exact combined price.
        uint256 exact = _ceilDiv(refTotal * 1e18, 3_000e18);
        assertGe(q1 + q2, exact, "not below the price");
        assertLe(q1 + q2, exact + 1, "rounding at most one wei per purchase");
    }

    /// @dev Ethereum purchases on its share: charged the reference, each round's use and the totals follow, and the
    /// tokens are kept for the named Base recipient.
    function testFuzz_ethereumBuysFollowTheShare(uint256 shareSeed, uint256 a1, uint256 a2) public {
        uint256[] memory quotas = _quotas(_shareBps(shareSeed));
        IPresale p = _deployOne(quotas, true);
        uint256 left = _sum(quotas, 0);
        VM.assume(left >= 2);
        a1 = bound(a1, 1, left < 8_000_000 ? left - 1 : 4_000_000);
        a2 = bound(a2, 1, left - a1 < 4_000_000 ? left - a1 : 4_000_000);
        (uint256 usd1, ) = _refUsd(quotas, 0, 0, a1);
        (uint256 usdBoth, ) = _refUsd(quotas, 0, 0, a1 + a2);
        uint256 q1 = p.ethBuyHelper(a1);
        assertEq(q1, _ceilDiv(usd1 * 1e18, 3_000e18), "first quote");
        _buyEth(p, true, BUYER, a1, q1);
        uint256 q2 = p.ethBuyHelper(a2);
        assertEq(q2, _ceilDiv((usdBoth - usd1) * 1e18, 3_000e18), "second quote");
        _buyEth(p, true, BUYER, a2, q2);

        assertEq(PAYMENT_WALLET.balance, q1 + q2, "paid the quotes");
        assertEq(p.localTokensSold(), a1 + a2, "sold");
        assertEq(p.localUsdRaised(), _ceilDiv(usd1, 1e12) + _ceilDiv(usdBoth - usd1, 1e12), "usd raised");
        IEthereumPresale.BuyerInfo memory info = IEthereumPresale(address(p)).buyerInfo(BUYER);
        assertEq(info.tokens, a1 + a2, "kept for the buyer's leg");
        assertEq(uint256(uint160(info.recipient)), uint256(uint160(RECIPIENT)), "for the named recipient");
        (uint256[] memory local, ) = p.roundSales();
        uint256 rest = a1 + a2;
        for (uint256 i; i < ROUNDS; ++i) {
            uint256 take = rest < quotas[i] ? rest : quotas[i];
            assertEq(local[i], take, "each round used up to Ethereum's quota, in order");
            rest -= take;
        }
    }

    /// @dev USDC purchases: cost equals the reference rounded up to 6 decimals and the usdRaised counter follows.
    function testFuzz_usdcBuyChargesReference(uint256 pos, uint256 amount) public {
        pos = bound(pos, 0, LADDER_TOTAL - 1);
        amount = bound(amount, 1, LADDER_TOTAL - pos);
        if (amount > MAX_TOKENS) amount = MAX_TOKENS;
        uint256 step = _stepOf(pos);
        base.setCurrentStep(step, pos - _prevCap(step));
        uint256 cost = _ceilDiv(_refUsdAt(pos, amount), 1e12);
        usdc.mint(BUYER, cost);
        VM.prank(BUYER);
        usdc.approve(address(base), cost);
        if (cost > 0) {
            VM.prank(BUYER);
            VM.expectRevert(abi.encodeWithSelector(IPresale.MaxCostExceeded.selector, cost, cost - 1));
            base.buyWithUSDC(amount, cost - 1, false);
        }
        VM.prank(BUYER);
        base.buyWithUSDC(amount, cost, false);
        assertEq(usdc.balanceOf(PAYMENT_WALLET), cost, "paid");
        assertEq(usdc.balanceOf(BUYER), 0, "buyer paid all");
        assertEq(base.usdRaised(), cost, "usdRaised");
    }

    /// @dev Time expiry: after warping past some round ends, a quote skips the expired rounds entirely.
    function testFuzz_expiredRoundsAreSkipped(uint256 sold, uint256 roundsPassed, uint256 amount) public {
        sold = bound(sold, 0, 4_000_000);
        roundsPassed = bound(roundsPassed, 1, ROUNDS - 1);
        amount = bound(amount, 1, 1_000_000);
        if (sold > 0) _buyEth(base, false, BUYER, sold, base.ethBuyHelper(sold));
        uint256[] memory ends = base.roundDetails(2);
        VM.warp(ends[roundsPassed - 1]);
        feed.updateAnswer(ETH_USD_8);
        uint256 pos = _caps()[roundsPassed - 1];
        VM.assume(pos + amount <= LADDER_TOTAL);
        assertEq(base.usdQuote(amount), _refUsdAt(pos, amount), "priced from the first live round");
        assertEq(base.currentStep(), roundsPassed, "the first live round");
    }

    /// @dev A purchase that fills this chain's share of a round exactly, on either chain, with or without dynamic
    /// time: the chain moves on to its next round with a share, the next token is priced there, every view still
    /// answers, and on Ethereum the relay and the close still go through, before and after the end time.
    function testFuzz_exactFillEntersNextRound(
        uint256 shareSeed,
        bool onEthereum,
        uint256 step,
        uint256 used,
        bool dynamic,
        uint256 timeConstant
    ) public {
        uint256[] memory quotas = _quotas(_shareBps(shareSeed));
        uint256[] memory shares = _shares(quotas, onEthereum);
        IPresale p = _deployOne(quotas, onEthereum);
        step = bound(step, 0, ROUNDS - 1);
        VM.assume(shares[step] != 0);
        used = bound(used, 0, shares[step] - 1);
        p.setCurrentStep(step, used);
        timeConstant = bound(timeConstant, 1, 10 days);
        if (dynamic) p.setDynamicTime(true, timeConstant);
        uint256 room = shares[step] - used;
        VM.assume(room <= MAX_TOKENS);

        _buyEth(p, onEthereum, BUYER, room, p.ethBuyHelper(room));

        (uint256[] memory local, ) = p.roundSales();
        assertEq(local[step], shares[step], "the round's share is used up");
        uint256 next = step + 1;
        while (next < ROUNDS && shares[next] == 0) ++next;
        assertEq(p.currentStep(), next, "moved on to the next round with a share");
        if (next < ROUNDS) {
            assertEq(p.usdQuote(1), _prices()[next], "the next token at the next round's price");
            if (dynamic) {
                assertEq(p.roundDetails(2)[step + 1], block.timestamp + timeConstant, "later rounds re-spaced");
            }
        } else {
            VM.expectRevert(IPresale.SoldOut.selector);
            p.usdQuote(1);
        }
        _viewsAnswer(p);
        if (onEthereum) {
            address[] memory buyers = new address[](1);
            buyers[0] = BUYER;
            IEthereumPresale(address(p)).relay(buyers);
            assertEq(IEthereumPresale(address(p)).buyerInfo(BUYER).relayed, room, "relayed");
        }
        // After the end: purchases stop, views still answer, anyone closes Ethereum.
        VM.warp(p.endTime());
        feed.updateAnswer(ETH_USD_8);
        _viewsAnswer(p);
        VM.deal(BUYER, 1 ether);
        VM.prank(BUYER);
        VM.expectRevert(IPresale.SaleNotActive.selector);
        if (onEthereum) IEthereumPresale(address(p)).buyWithEth{value: 1 ether}(1, RECIPIENT);
        else BasePresale(address(p)).buyWithEth{value: 1 ether}(1, false);
        if (onEthereum) {
            VM.prank(BUYER);
            IEthereumPresale(address(p)).closeSale();
            assertTrue(p.saleClosed(), "closed by anyone after the end");
        }
    }

    function _viewsAnswer(IPresale p) internal view {
        p.rounds();
        p.roundSales();
        p.trackRemainingTokens();
        p.currentStep();
        p.checkPoint();
        p.totalTokensSold();
        p.usdRaised();
        for (uint256 part; part < 3; ++part) p.roundDetails(part);
    }

    /// @dev Feeds of any decimals up to 18 normalise to the same 18-decimal price.
    function testFuzz_feedDecimalsNormalised(uint8 decimals, uint256 whole) public {
        decimals = uint8(bound(decimals, 0, 18));
        whole = bound(whole, 1, 1_000_000);
        MockV3Aggregator f = new MockV3Aggregator(decimals, int256(whole * 10 ** decimals), "ETH / USD");
        base.setPriceFeed(address(f), HEARTBEAT);
        assertEq(base.ethUsdPrice(), whole * 1e18, "normalised");
    }
}
