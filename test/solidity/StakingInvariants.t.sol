// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";

/// @notice Random deposits, withdrawals, harvests, funding, APY changes and time on the staking contract. The handler
/// is the owner and also plays the presale (depositByPresale after transferring the tokens).
contract StakingHandler {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant N_ACTORS = 5;
    uint256 internal constant LOCK = 7 days;

    SaleToken public token;
    Staking public staking;
    address[] public actors;
    uint256 public violations;
    string public lastViolation;
    uint256 public ghostFunded;
    uint256 public ghostRewardsPaid;
    uint256 public ghostPrincipalIn;
    uint256 public ghostPrincipalOut;

    constructor() {
        token = new SaleToken("Shaft", "SHAFT", 1e30, address(this));
        staking = new Staking(address(this), address(token), 1500, LOCK, block.timestamp + 3 * 365 days, 0);
        staking.setPresale(address(this));
        for (uint256 i; i < N_ACTORS; ++i) {
            address a = address(uint160(0x5000 + i));
            actors.push(a);
            token.transfer(a, 1e27);
            VM.prank(a);
            token.approve(address(staking), type(uint256).max);
        }
        token.approve(address(staking), type(uint256).max);
    }

    function _violate(string memory what) internal {
        ++violations;
        lastViolation = what;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % N_ACTORS];
    }

    function deposit(uint256 seed, uint256 amount) external {
        address a = _actor(seed);
        amount = 1 + (amount % 1e24);
        if (block.timestamp >= staking.endTime()) return;
        VM.prank(a);
        staking.deposit(amount);
        ghostPrincipalIn += amount;
    }

    function depositByPresale(uint256 seed, uint256 amount) external {
        address a = _actor(seed);
        amount = 1 + (amount % 1e24);
        if (block.timestamp >= staking.endTime()) return;
        token.transfer(address(staking), amount);
        staking.depositByPresale(a, amount);
        ghostPrincipalIn += amount;
    }

    function withdraw(uint256 seed) external {
        address a = _actor(seed);
        Staking.StakerInfo memory info = staking.poolStakers(a);
        if (info.amount == 0 || block.timestamp < info.unlockTime) return;
        uint256 expectedRewards = staking.getRewards(a);
        uint256 before = token.balanceOf(a);
        VM.prank(a);
        staking.withdraw();
        uint256 got = token.balanceOf(a) - before;
        if (got != info.amount + expectedRewards) _violate("withdraw paid other than stake + rewards");
        ghostPrincipalOut += info.amount;
        ghostRewardsPaid += expectedRewards;
    }

    function harvest(uint256 seed) external {
        address a = _actor(seed);
        uint256 r = staking.getRewards(a);
        if (r == 0) return;
        uint256 before = token.balanceOf(a);
        VM.prank(a);
        staking.harvestRewards();
        if (token.balanceOf(a) - before != r) _violate("harvest paid other than getRewards");
        ghostRewardsPaid += r;
    }

    function fund(uint256 amount) external {
        amount = 1 + (amount % 1e23);
        staking.fundRewards(amount);
        ghostFunded += amount;
    }

    /// @dev A rate change must not alter what anyone has already earned.
    function setApy(uint256 apy) external {
        apy = apy % 10_000;
        uint256[N_ACTORS] memory before;
        for (uint256 i; i < N_ACTORS; ++i) before[i] = staking.getRewards(actors[i]);
        staking.setApy(apy);
        for (uint256 i; i < N_ACTORS; ++i) {
            if (staking.getRewards(actors[i]) != before[i]) _violate("setApy changed accrued rewards (retroactive)");
        }
    }

    /// @dev Moving the end time (even after it passed) must not alter what anyone has already earned.
    function setEndTime(uint256 s) external {
        uint256[N_ACTORS] memory before;
        for (uint256 i; i < N_ACTORS; ++i) before[i] = staking.getRewards(actors[i]);
        staking.setEndTime(block.timestamp + (s % (2 * 365 days)));
        for (uint256 i; i < N_ACTORS; ++i) {
            if (staking.getRewards(actors[i]) != before[i]) _violate("setEndTime changed accrued rewards (retroactive)");
        }
    }

    function warp(uint256 s) external {
        VM.warp(block.timestamp + (s % 30 days));
    }

    function sumRewards() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += staking.getRewards(actors[i]);
    }

    function sumStakes() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += staking.poolStakers(actors[i]).amount;
    }
}

contract StakingInvariantsTest is TestBase {
    StakingHandler internal h;

    function setUp() public {
        h = new StakingHandler();
        _target(address(h));
    }

    /// @dev Every handler action works on its own (a handler that always reverted would make the invariants vacuous).
    function test_handlerActionsTakeEffect() public {
        Staking s = h.staking();
        h.fund(1e21);
        h.deposit(0, 1e22);
        h.depositByPresale(1, 2e22);
        h.warp(10 days);
        h.setApy(3_000);
        h.harvest(0);
        assertTrue(h.ghostRewardsPaid() > 0, "harvest paid");
        h.warp(29 days);
        h.setEndTime(1 days);
        h.withdraw(1);
        assertEq(s.totalStaked(), 1e22 + 1, "one stake left");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_solvent();
        invariant_rewardsOnlyFromReserve();
    }

    /// @dev Staking holds at least total staked plus every staker's owed rewards plus the unallocated reserve.
    function invariant_solvent() public view {
        Staking s = h.staking();
        uint256 bal = h.token().balanceOf(address(s));
        assertGe(bal, s.totalStaked() + h.sumRewards() + s.rewardReserve(), "staking solvent");
    }

    function invariant_totalStakedIsSumOfStakes() public view {
        Staking s = h.staking();
        assertEq(s.totalStaked(), h.sumStakes(), "totalStaked == sum of stakes");
        assertEq(s.totalStaked(), h.ghostPrincipalIn() - h.ghostPrincipalOut(), "totalStaked == in - out");
    }

    /// @dev Rewards never come out of principal: everything paid plus still owed plus reserve is at most what was funded.
    function invariant_rewardsOnlyFromReserve() public view {
        Staking s = h.staking();
        assertLe(h.ghostRewardsPaid() + h.sumRewards() + s.rewardReserve(), h.ghostFunded(), "rewards <= funded");
    }

    /// @dev Also covers the per-call checks of withdraw/harvest payouts and end-time changes.
    function invariant_rateChangeNotRetroactive() public view {
        assertEq(h.violations(), 0, h.lastViolation());
    }
}
