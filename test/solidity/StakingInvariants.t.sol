// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";

/// @notice Random deposits, withdrawals, harvests, funding, APY changes and time on the staking contract. The handler
/// is the owner and also plays the presale (depositByPresale after transferring the tokens), and it attacks as the
/// owner: every setter in any order, re-pointing the presale, crediting unpaid presale deposits, renouncing.
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
    uint256 public ghostDonated;
    uint256 public ownStake;

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
        if (block.timestamp >= staking.endTime() || staking.blacklisted(a) || staking.depositsLocked()) return;
        (bool capped, ) = _wouldExceedCap(amount);
        if (capped) return;
        VM.prank(a);
        staking.deposit(amount);
        ghostPrincipalIn += amount;
    }

    /// @dev Someone else's deposit for `a` (buy-and-stake for another address) delays a's unlock by at most
    /// `lockTime * x / (s + x)`.
    function depositByPresale(uint256 seed, uint256 amount) external {
        address a = _actor(seed);
        amount = 1 + (amount % 1e24);
        if (block.timestamp >= staking.endTime() || staking.blacklisted(a)) return;
        Staking.StakerInfo memory before = staking.poolStakers(a);
        (bool capped, ) = _wouldExceedCap(amount);
        if (capped) return;
        token.transfer(address(staking), amount);
        staking.depositByPresale(a, amount);
        ghostPrincipalIn += amount;
        uint256 from = before.unlockTime > block.timestamp ? before.unlockTime : block.timestamp;
        uint256 unlock = staking.poolStakers(a).unlockTime;
        if (unlock > from + (staking.lockTime() * amount) / (before.amount + amount)) {
            _violate("an on-behalf deposit delayed the unlock beyond lockTime * x / (s + x)");
        }
    }

    function _wouldExceedCap(uint256 amount) internal view returns (bool, uint256) {
        uint256 cap = staking.maxDepositLimit();
        return (cap != 0 && staking.totalStaked() + amount > cap, cap);
    }

    // ------------------------------------------------------------ the owner's moves (attacks included)

    /// @dev The presale is set once: re-pointing it (at the owner itself, say) always fails.
    function ownerRepointsPresale(address to) external {
        if (to == address(0)) to = address(1);
        try staking.setPresale(to) {
            _violate("the presale address changed");
        } catch {}
    }

    /// @dev Crediting a stake without sending the tokens (or sending fewer) always fails.
    function ownerCreditsUnpaidDeposit(uint256 amount, uint256 sent) external {
        amount = 1 + (amount % 1e24);
        sent = sent % amount;
        if (block.timestamp >= staking.endTime()) return;
        if (sent != 0) {
            token.transfer(address(staking), sent);
            ghostDonated += sent;
        }
        try staking.depositByPresale(address(this), amount) {
            // Only possible if earlier donations (not anyone's principal or rewards) made up the rest.
            if (ghostDonated < amount) _violate("credited a presale deposit that never arrived");
            ghostDonated -= amount;
            ghostPrincipalIn += amount;
            ownStake += amount;
        } catch {}
    }

    function ownerRenounces() external {
        try staking.renounceOwnership() {
            _violate("ownership renounced");
        } catch {}
    }

    /// @dev At most MAX_LOCK_TIME is accepted.
    function ownerSetsLockTime(uint256 lockTime) external {
        try staking.setLockTime(lockTime) {
            if (lockTime > staking.MAX_LOCK_TIME()) _violate("lock time above the maximum accepted");
        } catch {}
    }

    /// @dev Any lock combination; a withdrawals lock never runs longer than MAX_WITHDRAWALS_LOCK from now and never
    /// starts within WITHDRAWALS_LOCK_COOLDOWN of the previous one's end.
    function ownerSetsLocks(bool deposits, bool withdrawals, bool claims) external {
        uint256 previousEnd = staking.withdrawalsLockedUntil();
        bool wasRunning = staking.withdrawalsLocked();
        try staking.setLocks(deposits, withdrawals, claims) {
            uint256 until = staking.withdrawalsLockedUntil();
            if (until > block.timestamp + staking.MAX_WITHDRAWALS_LOCK()) _violate("withdrawals lock too long");
            bool started = !wasRunning && staking.withdrawalsLocked();
            if (started && previousEnd != 0 && block.timestamp < previousEnd + staking.WITHDRAWALS_LOCK_COOLDOWN()) {
                _violate("withdrawals lock restarted within the cooldown");
            }
        } catch {}
    }

    function ownerSetsDepositLimit(uint256 limit) external {
        staking.setMaxDepositLimit(limit % 1e25);
    }

    /// @dev Sanctions blacklisting: the one documented way to hold principal; it must not break solvency either.
    function ownerBlacklists(uint256 seed, bool on) external {
        address[] memory list = new address[](1);
        list[0] = _actor(seed);
        staking.setBlacklist(list, on);
    }

    /// @dev Whatever the owner did, a staker past its unlock, not blacklisted and not inside a withdrawals lock gets
    /// its whole principal back.
    function stakerExits(uint256 seed) external {
        address a = _actor(seed);
        Staking.StakerInfo memory info = staking.poolStakers(a);
        if (info.amount == 0 || block.timestamp < info.unlockTime || staking.blacklisted(a)) return;
        if (staking.withdrawalsLocked()) return;
        uint256 owedRewards = staking.claimsLocked() ? 0 : staking.getRewards(a);
        uint256 before = token.balanceOf(a);
        VM.prank(a);
        try staking.withdraw() {
            if (token.balanceOf(a) - before != info.amount + owedRewards) _violate("exit paid other than principal");
            ghostPrincipalOut += info.amount;
            ghostRewardsPaid += owedRewards;
        } catch {
            _violate("an unlocked, unsanctioned staker could not withdraw");
        }
    }

    function withdraw(uint256 seed) external {
        address a = _actor(seed);
        Staking.StakerInfo memory info = staking.poolStakers(a);
        if (info.amount == 0 || block.timestamp < info.unlockTime || staking.blacklisted(a)) return;
        if (staking.withdrawalsLocked() || staking.claimsLocked()) return;
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
        if (r == 0 || staking.claimsLocked() || staking.blacklisted(a)) return;
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
            if (staking.getRewards(actors[i]) != before[i])
                _violate("setEndTime changed accrued rewards (retroactive)");
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
        s += ownStake;
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

    /// @dev The owner's moves are real (not all reverting), and the attacks among them fail.
    function test_ownerActionsTakeEffectAndAttacksFail() public {
        Staking s = h.staking();
        h.fund(1e21);
        h.deposit(0, 1e22);
        h.ownerSetsLockTime(uint256(type(uint32).max));
        assertEq(s.lockTime(), 7 days, "136 years refused");
        h.ownerSetsLockTime(365 days);
        assertEq(s.lockTime(), 365 days, "maximum accepted");
        h.ownerSetsLocks(true, true, true);
        assertTrue(s.withdrawalsLocked() && s.depositsLocked() && s.claimsLocked(), "locks set");
        h.ownerRepointsPresale(address(0xBEEF));
        h.ownerCreditsUnpaidDeposit(5e23, 5e23 - 1);
        assertEq(s.totalStaked(), 1e22 + 1, "nothing credited");
        h.ownerRenounces();
        h.warp(8 days);
        assertTrue(!s.withdrawalsLocked(), "withdrawals lock expired");
        h.ownerSetsLocks(false, true, false);
        assertTrue(!s.withdrawalsLocked(), "cooldown");
        h.ownerBlacklists(1, true);
        h.ownerSetsDepositLimit(1);
        h.stakerExits(0);
        assertEq(s.totalStaked(), 0, "the staker exited");
        h.ownerCreditsUnpaidDeposit(1e22, 0); // the donation above now pays for it
        assertEq(s.totalStaked(), 0, "over the cap: refused");
        h.ownerSetsDepositLimit(0);
        h.ownerCreditsUnpaidDeposit(5e23 - 2, 0);
        assertEq(s.totalStaked(), 5e23 - 1, "donated tokens credited");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_solvent();
        invariant_ownerBounded();
        invariant_totalStakedIsSumOfStakes();
    }

    /// @dev Staking holds at least total staked plus every staker's owed rewards plus the unallocated reserve, after
    /// any sequence of owner calls (the handler attacks as the owner and as the presale).
    function invariant_solvent() public view {
        Staking s = h.staking();
        uint256 bal = h.token().balanceOf(address(s));
        assertGe(bal, s.totalStaked() + h.sumRewards() + s.rewardReserve(), "staking solvent");
        assertGe(s.rewardsHeld(), h.sumRewards() + s.rewardReserve(), "rewardsHeld covers owed rewards + reserve");
        assertEq(
            bal,
            s.totalStaked() + s.rewardsHeld() + h.ghostDonated(),
            "balance == staked + rewardsHeld + donations"
        );
    }

    /// @dev No owner move ever changed the presale, renounced ownership, accepted a lock time above the maximum or a
    /// withdrawals lock beyond its bounds, and no unlocked staker was refused.
    function invariant_ownerBounded() public view {
        Staking s = h.staking();
        assertEq(uint256(uint160(s.presale())), uint256(uint160(address(h))), "presale unchanged");
        assertEq(uint256(uint160(s.owner())), uint256(uint160(address(h))), "owner kept");
        assertLe(s.lockTime(), s.MAX_LOCK_TIME(), "lock time bounded");
        assertLe(s.withdrawalsLockedUntil(), block.timestamp + s.MAX_WITHDRAWALS_LOCK(), "withdrawals lock bounded");
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
