// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase} from "../../contracts/test-support/Vm.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {MockV3Aggregator} from "../../contracts/mocks/MockV3Aggregator.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Fuzz tests of the presale's pricing math against a deliberately simple reference model.
contract PricingFuzzTest is TestBase, PresaleSystem {
    address internal constant BUYER = address(0xB0B);

    function setUp() public {
        _deploySystem(30 days);
    }

    receive() external payable {}

    // ------------------------------------------------------------------ reference model

    /// @dev Reference: walk the ten rounds token by token range, from `pos` (whole tokens), with no expiry.
    function _refUsd(uint256 pos, uint256 amount) internal pure returns (uint256 usd) {
        uint256[] memory caps = _caps();
        uint256[] memory prices = _prices();
        uint256 lo;
        for (uint256 i; i < caps.length; ++i) {
            // Overlap of [pos, pos + amount) with round i's range [lo, caps[i]).
            uint256 a = pos > lo ? pos : lo;
            uint256 b = pos + amount < caps[i] ? pos + amount : caps[i];
            if (b > a) usd += (b - a) * prices[i];
            lo = caps[i];
        }
    }

    function _stepOf(uint256 pos) internal pure returns (uint256 step) {
        uint256[] memory caps = _caps();
        while (step < caps.length && pos >= caps[step]) ++step;
    }

    function _ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    // ------------------------------------------------------------------ fuzz tests

    /// @dev Any position and any amount: the quotes equal the reference, round by round, rounded up.
    function testFuzz_quotesMatchReference(uint256 pos, uint256 amount, uint256 ethUsd) public {
        pos = bound(pos, 0, 80_000_000 - 1);
        amount = bound(amount, 1, 80_000_000 - pos);
        ethUsd = bound(ethUsd, 1e8, 1_000_000e8); // $1 .. $1M per ETH, 8 decimals
        feed.updateAnswer(int256(ethUsd));
        presale.setCurrentStep(_stepOf(pos), pos);

        uint256 usd = _refUsd(pos, amount);
        assertEq(presale.usdQuote(amount), usd, "usdQuote");
        assertEq(presale.usdcBuyHelper(amount), _ceilDiv(usd, 1e12), "usdcBuyHelper");
        uint256 eth = presale.ethBuyHelper(amount);
        assertEq(eth, _ceilDiv(usd * 1e18, ethUsd * 1e10), "ethBuyHelper");
        // Never below the USD value, and one wei less would be.
        assertGe(eth * ethUsd * 1e10, usd * 1e18, "eth covers usd");
        assertTrue((eth - 1) * ethUsd * 1e10 < usd * 1e18, "eth is the least sufficient amount");
    }

    /// @dev Past the last cap: SoldOut.
    function testFuzz_soldOutBeyondLastCap(uint256 pos, uint256 extra) public {
        pos = bound(pos, 0, 80_000_000 - 1);
        extra = bound(extra, 1, 1_000_000);
        presale.setCurrentStep(_stepOf(pos), pos);
        VM.expectRevert(IPresale.SoldOut.selector);
        presale.usdQuote(80_000_000 - pos + extra);
    }

    /// @dev Two consecutive purchases: each is charged exactly its quote, the ladder moves by the amounts, and the
    /// total equals the reference price of the combined range (pricing is path-independent up to rounding).
    function testFuzz_consecutiveBuysChargeReference(uint256 pos, uint256 a1, uint256 a2) public {
        pos = bound(pos, 0, 70_000_000);
        a1 = bound(a1, 1, 4_000_000);
        a2 = bound(a2, 1, 4_000_000);
        presale.setCurrentStep(_stepOf(pos), pos);
        uint256 q1 = presale.ethBuyHelper(a1);
        VM.deal(BUYER, 1_000_000 ether);
        VM.prank(BUYER);
        presale.buyWithEth{value: q1 + 1 ether}(a1, false); // excess refunded
        assertEq(BUYER.balance, 1_000_000 ether - q1, "refund");
        uint256 q2 = presale.ethBuyHelper(a2);
        VM.prank(BUYER);
        presale.buyWithEth{value: q2}(a2, false);

        assertEq(paymentWallet.balance, q1 + q2, "payment wallet got exactly the quotes");
        assertEq(address(presale).balance, 0, "nothing stranded");
        assertEq(presale.checkPoint(), pos + a1 + a2, "checkPoint");
        assertEq(presale.currentStep(), _stepOf(pos + a1 + a2), "step");
        assertEq(presale.userDeposits(BUYER), (a1 + a2) * TOKEN, "deposits");
        uint256 refTotal = _refUsd(pos, a1 + a2);
        assertEq(_refUsd(pos, a1) + _refUsd(pos + a1, a2), refTotal, "reference additivity");
        // Each quote rounds up by less than one wei: the sum is within 2 wei of the exact combined price.
        uint256 exact = _ceilDiv(refTotal * 1e18, 3_000e18);
        assertGe(q1 + q2, exact, "not below the price");
        assertLe(q1 + q2, exact + 1, "rounding at most one wei per purchase");
    }

    /// @dev USDC purchases: cost equals the reference rounded up to 6 decimals and the usdRaised counter follows.
    function testFuzz_usdcBuyChargesReference(uint256 pos, uint256 amount) public {
        pos = bound(pos, 0, 79_000_000);
        amount = bound(amount, 1, 80_000_000 - pos);
        if (amount > MAX_TOKENS) amount = MAX_TOKENS;
        presale.setCurrentStep(_stepOf(pos), pos);
        uint256 cost = _ceilDiv(_refUsd(pos, amount), 1e12);
        usdc.mint(BUYER, cost);
        VM.prank(BUYER);
        usdc.approve(address(presale), cost);
        if (cost > 0) {
            VM.prank(BUYER);
            VM.expectRevert(abi.encodeWithSelector(IPresale.MaxCostExceeded.selector, cost, cost - 1));
            presale.buyWithUSDC(amount, cost - 1, false);
        }
        VM.prank(BUYER);
        presale.buyWithUSDC(amount, cost, false);
        assertEq(usdc.balanceOf(paymentWallet), cost, "paid");
        assertEq(usdc.balanceOf(BUYER), 0, "buyer paid all");
        assertEq(presale.usdRaised(), cost, "usdRaised");
    }

    /// @dev Time expiry: after warping past some round ends, a quote skips the expired rounds entirely.
    function testFuzz_expiredRoundsAreSkipped(uint256 sold, uint256 roundsPassed, uint256 amount) public {
        sold = bound(sold, 0, 4_000_000);
        roundsPassed = bound(roundsPassed, 1, 9);
        amount = bound(amount, 1, 1_000_000);
        if (sold > 0) {
            uint256 q = presale.ethBuyHelper(sold);
            VM.deal(BUYER, q);
            VM.prank(BUYER);
            presale.buyWithEth{value: q}(sold, false);
        }
        uint256[] memory ends = presale.roundDetails(2);
        VM.warp(ends[roundsPassed - 1]);
        feed.updateAnswer(ETH_USD_8);
        uint256 pos = _caps()[roundsPassed - 1];
        vmAssumeRoom(pos, amount);
        assertEq(presale.usdQuote(amount), _refUsd(pos, amount), "priced from the first live round");
    }

    function vmAssumeRoom(uint256 pos, uint256 amount) internal pure {
        VM.assume(pos + amount <= 80_000_000);
    }

    /// @dev Feeds of any decimals up to 18 normalise to the same 18-decimal price.
    function testFuzz_feedDecimalsNormalised(uint8 decimals, uint256 whole) public {
        decimals = uint8(bound(decimals, 0, 18));
        whole = bound(whole, 1, 1_000_000);
        MockV3Aggregator f = new MockV3Aggregator(decimals, int256(whole * 10 ** decimals), "ETH / USD");
        presale.setPriceFeed(address(f), HEARTBEAT);
        assertEq(presale.ethUsdPrice(), whole * 1e18, "normalised");
    }
}
