// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase} from "../../contracts/test-support/Vm.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";

/// @notice Fuzz tests of the staking reward math against the closed form amount * apy * dt / (10,000 * 365 days).
contract StakingFuzzTest is TestBase {
    uint256 internal constant YEAR = 365 days;
    address internal constant ALICE = address(0xA11CE);

    SaleToken internal token;
    Staking internal staking;

    function setUp() public {
        token = new SaleToken("Shaft", "SHAFT", 1e36, address(this));
        staking = new Staking(address(this), address(token), 1500, 7 days, block.timestamp + 20 * YEAR, 0);
        token.approve(address(staking), type(uint256).max);
        token.transfer(ALICE, 1e30);
        VM.prank(ALICE);
        token.approve(address(staking), type(uint256).max);
    }

    function _ref(uint256 amount, uint256 apy, uint256 dt) internal pure returns (uint256) {
        return (amount * apy * dt) / (10_000 * YEAR);
    }

    function _absDiff(uint256 a, uint256 b) internal pure returns (uint256) {
        return a > b ? a - b : b - a;
    }

    /// @dev One staker, one rate: the index-based rewards match the closed form to within the index rounding
    /// (at most amount / 1e18 + 1 wei per checkpoint).
    function testFuzz_rewardsMatchClosedForm(uint256 amount, uint256 apy, uint256 dt) public {
        amount = bound(amount, 1e6, 1e27);
        apy = bound(apy, 1, 100_000);
        dt = bound(dt, 1, 10 * YEAR);
        staking.setApy(apy);
        staking.fundRewards(1e34);
        VM.prank(ALICE);
        staking.deposit(amount);
        VM.warp(block.timestamp + dt);
        uint256 expected = _ref(amount, apy, dt);
        uint256 got = staking.getRewards(ALICE);
        assertLe(got, expected, "never more than the closed form");
        assertLe(expected - got, amount / 1e18 + 2, "index rounding only");
    }

    /// @dev A rate change in the middle applies from that moment only.
    function testFuzz_apyChangeIsNotRetroactive(
        uint256 amount,
        uint256 apy1,
        uint256 apy2,
        uint256 dt1,
        uint256 dt2
    ) public {
        amount = bound(amount, 1e6, 1e27);
        apy1 = bound(apy1, 1, 100_000);
        apy2 = bound(apy2, 0, 100_000);
        dt1 = bound(dt1, 1, 5 * YEAR);
        dt2 = bound(dt2, 1, 5 * YEAR);
        staking.setApy(apy1);
        staking.fundRewards(1e34);
        VM.prank(ALICE);
        staking.deposit(amount);
        VM.warp(block.timestamp + dt1);
        uint256 before = staking.getRewards(ALICE);
        staking.setApy(apy2);
        assertEq(staking.getRewards(ALICE), before, "the change itself alters nothing earned");
        VM.warp(block.timestamp + dt2);
        uint256 expected = _ref(amount, apy1, dt1) + _ref(amount, apy2, dt2);
        uint256 got = staking.getRewards(ALICE);
        // Each segment of the reference is floored separately; the index floors once: at most 1 wei above.
        assertLe(got, expected + 1, "never more than the two segments");
        assertLe(_absDiff(expected, got), 2 * (amount / 1e18 + 2), "index rounding only");
    }

    /// @dev With a reserve too small, rewards stop at the reserve and the principal is returned in full.
    function testFuzz_insolventReserveNeverTouchesPrincipal(uint256 amount, uint256 reserve, uint256 dt) public {
        amount = bound(amount, 1e18, 1e27);
        reserve = bound(reserve, 1, 1e24);
        dt = bound(dt, 7 days, 10 * YEAR);
        staking.fundRewards(reserve);
        VM.prank(ALICE);
        staking.deposit(amount);
        VM.warp(block.timestamp + dt);
        uint256 owed = staking.getRewards(ALICE);
        assertLe(owed, reserve, "rewards capped by the reserve");
        uint256 balBefore = token.balanceOf(ALICE);
        VM.prank(ALICE);
        staking.withdraw();
        assertEq(token.balanceOf(ALICE) - balBefore, amount + owed, "principal plus capped rewards");
        // What is left is the unallocated reserve plus at most a little rounding dust (costs are rounded up).
        uint256 left = token.balanceOf(address(staking));
        assertGe(left, staking.rewardReserve(), "the reserve is still held");
        assertLe(left - staking.rewardReserve(), 2, "only rounding dust beyond the reserve");
    }
}
