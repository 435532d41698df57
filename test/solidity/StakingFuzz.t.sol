// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase} from "../../contracts/test-support/Vm.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {IStaking} from "../../contracts/interfaces/IStaking.sol";

/// @notice Fuzz tests of the staking reward math against the closed form amount * apy * dt / (10,000 * 365 days), and
/// of the presale's deposits: held until the presale's claim starts, and never moving the unlock of what is staked
/// unless the staker made them. The test contract plays the presale (it answers `claimStart`).
contract StakingFuzzTest is TestBase {
    uint256 internal constant YEAR = 365 days;
    uint256 internal constant LOCK = 7 days;
    address internal constant ALICE = address(0xA11CE);

    SaleToken internal token;
    Staking internal staking;
    /// @dev The presale's claim start as this stand-in reports it (0: not set).
    uint256 public claimStart;

    function setUp() public {
        token = new SaleToken("Shaft", "SHAFT", 1e36, address(this));
        staking = new Staking(address(this), address(token), 1500, LOCK, block.timestamp + 20 * YEAR, 0);
        staking.setPresale(address(this));
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

    /// @dev The presale's deposit: the tokens first, then the call.
    function _presaleDeposit(address user, uint256 amount, bool byStaker, bool heldUntilClaim) internal {
        token.transfer(address(staking), amount);
        staking.depositByPresale(user, amount, byStaker, heldUntilClaim);
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
        dt = bound(dt, LOCK, 10 * YEAR);
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

    /// @dev Many small deposits someone else makes for a staker (card purchases with stake, up to 64 of them at any
    /// times before the unlock) leave the unlock exactly where the staker's own deposit put it (bound 0), and the
    /// staker then withdraws everything that is not held for the claim.
    function testFuzz_onBehalfDepositsNeverMoveTheUnlock(uint256 stake, uint256 count, uint256 seed, bool held) public {
        stake = bound(stake, 1, 1e24);
        count = bound(count, 1, 64);
        VM.prank(ALICE);
        staking.deposit(stake);
        uint256 unlock = block.timestamp + LOCK;
        uint256 total = stake;
        uint256 heldTotal;
        for (uint256 i; i < count; ++i) {
            uint256 r = uint256(keccak256(abi.encode(seed, i)));
            VM.warp(block.timestamp + (r % (LOCK / count)));
            uint256 small = 1 + ((r >> 64) % 1e18);
            _presaleDeposit(ALICE, small, false, held);
            total += small;
            if (held) heldTotal += small;
            assertEq(staking.poolStakers(ALICE).unlockTime, unlock, "an on-behalf deposit moved the unlock");
        }
        VM.warp(unlock);
        uint256 before = token.balanceOf(ALICE);
        VM.prank(ALICE);
        staking.withdraw();
        assertEq(token.balanceOf(ALICE) - before, total - heldTotal, "everything not held paid at the unlock");
        assertEq(staking.poolStakers(ALICE).amount, heldTotal, "the held part stays staked");
    }

    /// @dev Tokens the presale stakes during the sale stay staked until the presale's claim starts, whatever the
    /// lock says; the rest of the stake is paid at the unlock; from the claim start the held part is paid too.
    function testFuzz_presaleStakesHeldUntilClaim(
        uint256 own,
        uint256 presaleStake,
        bool byStaker,
        uint256 dt,
        uint256 claimDelay
    ) public {
        own = bound(own, 0, 1e24);
        presaleStake = bound(presaleStake, 1, 1e24);
        dt = bound(dt, 0, 2 * YEAR);
        claimDelay = bound(claimDelay, 1, 60 days);
        if (own != 0) {
            VM.prank(ALICE);
            staking.deposit(own);
        }
        _presaleDeposit(ALICE, presaleStake, byStaker, true);
        assertEq(staking.poolStakers(ALICE).heldUntilClaim, presaleStake, "held");
        VM.warp(staking.poolStakers(ALICE).unlockTime + dt);
        uint256 before = token.balanceOf(ALICE);
        VM.prank(ALICE);
        if (own == 0) {
            VM.expectRevert(abi.encodeWithSelector(IStaking.HeldUntilClaim.selector, presaleStake));
            staking.withdraw();
        } else {
            staking.withdraw();
            assertEq(token.balanceOf(ALICE) - before, own, "only the own stake leaves (no rewards funded)");
        }
        assertEq(staking.poolStakers(ALICE).amount, presaleStake, "the presale's stake stays");
        // The claim is scheduled: still held until it starts.
        claimStart = block.timestamp + claimDelay;
        VM.warp(claimStart - 1);
        VM.prank(ALICE);
        VM.expectRevert(abi.encodeWithSelector(IStaking.HeldUntilClaim.selector, presaleStake));
        staking.withdraw();
        VM.warp(claimStart);
        before = token.balanceOf(ALICE);
        VM.prank(ALICE);
        staking.withdraw();
        assertEq(token.balanceOf(ALICE) - before, presaleStake, "paid once the claim started");
        assertEq(staking.poolStakers(ALICE).amount, 0, "nothing left");
    }
}
