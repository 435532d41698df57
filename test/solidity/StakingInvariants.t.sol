// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {IStaking} from "../../contracts/interfaces/IStaking.sol";

/// @notice Random deposits, withdrawals, harvests, funding, APY changes and time on the staking contract. The handler
/// is the owner and also plays the presale: its deposits for stakers (by the staker, as a buy-and-stake or a
/// claim-and-stake, or on someone's behalf, as a card purchase with stake), held until the presale's claim or not, and
/// the claim start itself (`claimStart`, which staking reads). It attacks as the owner: every setter in any order,
/// re-pointing the presale, crediting unpaid presale deposits, renouncing. After every call it checks that held tokens
/// never left before the claim start and that no stake's unlock moved unless its staker acted.
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
    /// @dev The presale's claim start as this stand-in reports it (0: not set).
    uint256 public claimStart;
    /// @dev Presale stakes each actor must keep until the claim starts.
    mapping(address user => uint256) public ghostHeld;

    /// @dev The staker whose own action the current call is (its unlock may move), or zero.
    address private _acting;
    uint256[N_ACTORS] private _unlockBefore;
    uint256[N_ACTORS] private _amountBefore;

    modifier checked() {
        for (uint256 i; i < N_ACTORS; ++i) {
            IStaking.StakerInfo memory info = staking.poolStakers(actors[i]);
            (_unlockBefore[i], _amountBefore[i]) = (info.unlockTime, info.amount);
        }
        _acting = address(0);
        _;
        _checkStakers();
    }

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

    function _claimStarted() internal view returns (bool) {
        return claimStart != 0 && block.timestamp >= claimStart;
    }

    /// @dev Property 8 after every call: before the claim start every presale stake is still staked; no stake's unlock
    /// moved unless its own staker acted (bound 0).
    function _checkStakers() internal {
        for (uint256 i; i < N_ACTORS; ++i) {
            address a = actors[i];
            IStaking.StakerInfo memory info = staking.poolStakers(a);
            if (!_claimStarted()) {
                if (info.heldUntilClaim != ghostHeld[a]) _violate("held tokens changed before the claim start");
                if (info.amount < info.heldUntilClaim) _violate("held tokens left staking before the claim start");
            }
            if (a != _acting && _amountBefore[i] != 0 && info.unlockTime != _unlockBefore[i]) {
                _violate("a stake's unlock moved without its staker");
            }
        }
    }

    // ------------------------------------------------------------ stakers and the presale

    function deposit(uint256 seed, uint256 amount) external checked {
        address a = _actor(seed);
        amount = 1 + (amount % 1e24);
        if (block.timestamp >= staking.endTime() || staking.blacklisted(a) || staking.depositsLocked()) return;
        if (_wouldExceedCap(amount)) return;
        _acting = a;
        VM.prank(a);
        try staking.deposit(amount) {
            ghostPrincipalIn += amount;
            if (staking.poolStakers(a).unlockTime != block.timestamp + staking.lockTime()) {
                _violate("the staker's own deposit did not restart the lock");
            }
        } catch {
            _violate("a valid deposit was refused");
        }
    }

    /// @dev The presale stakes `amount` for an actor: `kind` 0 the actor's own buy-and-stake (held until the claim),
    /// 1 a card purchase with stake for the actor (someone else's, held), 2 the actor's claim-and-stake (not held).
    function presaleDeposit(uint256 seed, uint256 amount, uint8 kind) external checked {
        address a = _actor(seed);
        amount = 1 + (amount % 1e24);
        kind %= 3;
        if (block.timestamp >= staking.endTime() || staking.blacklisted(a) || _wouldExceedCap(amount)) return;
        bool byStaker = kind != 1;
        bool held = kind != 2;
        if (byStaker) _acting = a;
        token.transfer(address(staking), amount);
        try staking.depositByPresale(a, amount, byStaker, held) {
            ghostPrincipalIn += amount;
            if (held) ghostHeld[a] += amount;
            IStaking.StakerInfo memory info = staking.poolStakers(a);
            uint256 fresh = block.timestamp + staking.lockTime();
            uint256 slot = seed % N_ACTORS;
            if (byStaker || _amountBefore[slot] == 0) {
                if (info.unlockTime != fresh) _violate("a new or own presale stake did not get a full lock");
            } else if (info.unlockTime != _unlockBefore[slot]) {
                _violate("an on-behalf presale deposit moved the unlock");
            }
        } catch {
            _violate("a valid presale deposit was refused");
        }
    }

    function _wouldExceedCap(uint256 amount) internal view returns (bool) {
        uint256 cap = staking.maxDepositLimit();
        return cap != 0 && staking.totalStaked() + amount > cap;
    }

    /// @dev The presale's claim starts `delay` from now (set once, as on Base; staking only reads it).
    function startPresaleClaim(uint256 delay) external checked {
        if (claimStart != 0) return;
        claimStart = block.timestamp + (delay % 20 days);
    }

    /// @dev Whatever the owner did, a staker past its unlock, not blacklisted and not inside a withdrawals lock gets
    /// its whole principal back, except what the presale holds until its claim starts (which must stay).
    function stakerExits(uint256 seed) external checked {
        address a = _actor(seed);
        IStaking.StakerInfo memory info = staking.poolStakers(a);
        if (info.amount == 0 || block.timestamp < info.unlockTime || staking.blacklisted(a)) return;
        if (staking.withdrawalsLocked()) return;
        uint256 held = _claimStarted() ? 0 : info.heldUntilClaim;
        uint256 owedRewards = staking.claimsLocked() ? 0 : info.pendingRewards;
        uint256 before = token.balanceOf(a);
        _acting = a;
        VM.prank(a);
        try staking.withdraw() {
            if (held == info.amount) _violate("held tokens paid before the claim start");
            if (token.balanceOf(a) - before != info.amount - held + owedRewards) _violate("exit paid other than due");
            ghostPrincipalOut += info.amount - held;
            ghostRewardsPaid += owedRewards;
            if (_claimStarted()) ghostHeld[a] = 0;
        } catch (bytes memory reason) {
            bool heldBack =
                held == info.amount &&
                    keccak256(reason) == keccak256(abi.encodeWithSelector(IStaking.HeldUntilClaim.selector, held));
            if (!heldBack) _violate("an unlocked, unsanctioned staker could not withdraw");
        }
    }

    function harvest(uint256 seed) external checked {
        address a = _actor(seed);
        uint256 r = staking.getRewards(a);
        if (r == 0 || staking.claimsLocked() || staking.blacklisted(a)) return;
        uint256 before = token.balanceOf(a);
        VM.prank(a);
        try staking.harvestRewards() {
            if (token.balanceOf(a) - before != r) _violate("harvest paid other than getRewards");
            ghostRewardsPaid += r;
        } catch {
            _violate("a harvest of owed rewards was refused");
        }
    }

    function fund(uint256 amount) external checked {
        amount = 1 + (amount % 1e23);
        staking.fundRewards(amount);
        ghostFunded += amount;
    }

    function warp(uint256 s) external checked {
        VM.warp(block.timestamp + (s % 30 days));
    }

    // ------------------------------------------------------------ the owner's moves (attacks included)

    /// @dev A rate change must not alter what anyone has already earned.
    function setApy(uint256 apy) external checked {
        apy = apy % 10_000;
        uint256[N_ACTORS] memory before;
        for (uint256 i; i < N_ACTORS; ++i) before[i] = staking.getRewards(actors[i]);
        staking.setApy(apy);
        for (uint256 i; i < N_ACTORS; ++i) {
            if (staking.getRewards(actors[i]) != before[i]) _violate("setApy changed accrued rewards (retroactive)");
        }
    }

    /// @dev Moving the end time (even after it passed) must not alter what anyone has already earned.
    function setEndTime(uint256 s) external checked {
        uint256[N_ACTORS] memory before;
        for (uint256 i; i < N_ACTORS; ++i) before[i] = staking.getRewards(actors[i]);
        staking.setEndTime(block.timestamp + (s % (2 * 365 days)));
        for (uint256 i; i < N_ACTORS; ++i) {
            if (staking.getRewards(actors[i]) != before[i]) {
                _violate("setEndTime changed accrued rewards (retroactive)");
            }
        }
    }

    /// @dev The presale is set once: re-pointing it (at the owner itself, say) always fails.
    function ownerRepointsPresale(address to) external checked {
        if (to == address(0)) to = address(1);
        try staking.setPresale(to) {
            _violate("the presale address changed");
        } catch {}
    }

    /// @dev Crediting a stake without sending the tokens (or sending fewer) always fails.
    function ownerCreditsUnpaidDeposit(uint256 amount, uint256 sent) external checked {
        amount = 1 + (amount % 1e24);
        sent = sent % amount;
        if (block.timestamp >= staking.endTime()) return;
        if (sent != 0) {
            token.transfer(address(staking), sent);
            ghostDonated += sent;
        }
        try staking.depositByPresale(address(this), amount, true, false) {
            // Only possible if earlier donations (not anyone's principal or rewards) made up the rest.
            if (ghostDonated < amount) _violate("credited a presale deposit that never arrived");
            ghostDonated -= amount;
            ghostPrincipalIn += amount;
            ownStake += amount;
        } catch {}
    }

    function ownerRenounces() external checked {
        try staking.renounceOwnership() {
            _violate("ownership renounced");
        } catch {}
    }

    /// @dev At most MAX_LOCK_TIME is accepted; existing unlocks do not move (checked after every call).
    function ownerSetsLockTime(uint256 lockTime) external checked {
        try staking.setLockTime(lockTime) {
            if (lockTime > staking.MAX_LOCK_TIME()) _violate("lock time above the maximum accepted");
        } catch {}
    }

    /// @dev Any lock combination; a withdrawals lock never runs longer than MAX_WITHDRAWALS_LOCK from now and never
    /// starts within WITHDRAWALS_LOCK_COOLDOWN of the previous one's end.
    function ownerSetsLocks(bool deposits, bool withdrawals, bool claims) external checked {
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

    function ownerSetsDepositLimit(uint256 limit) external checked {
        staking.setMaxDepositLimit(limit % 1e25);
    }

    /// @dev Sanctions blacklisting: the one documented way to hold principal; it must not break solvency either.
    function ownerBlacklists(uint256 seed, bool on) external checked {
        address[] memory list = new address[](1);
        list[0] = _actor(seed);
        staking.setBlacklist(list, on);
    }

    // ------------------------------------------------------------ views for the invariants

    function sumRewards() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += staking.getRewards(actors[i]);
        s += staking.getRewards(address(this));
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
        address a0 = h.actors(0);
        h.fund(1e21);
        h.deposit(0, 1e22);
        h.presaleDeposit(1, 2e22, 1); // a card purchase with stake for actor 1 (held)
        h.presaleDeposit(0, 3e22 - 1, 1); // on actor 0's behalf: its unlock stays
        assertEq(s.poolStakers(a0).heldUntilClaim, 3e22, "held for the claim");
        h.warp(10 days);
        h.setApy(3_000);
        h.harvest(0);
        assertTrue(h.ghostRewardsPaid() > 0, "harvest paid");
        h.stakerExits(0); // pays the own stake, keeps the held part
        assertEq(s.poolStakers(a0).amount, 3e22, "held part stays");
        h.stakerExits(1); // only held tokens: refused
        assertEq(s.poolStakers(h.actors(1)).amount, 2e22 + 1, "still staked");
        h.startPresaleClaim(0);
        h.stakerExits(1);
        assertEq(s.poolStakers(h.actors(1)).amount, 0, "paid once the claim started");
        h.presaleDeposit(2, 5e21, 2); // a claim-and-stake: not held
        h.warp(29 days);
        h.setEndTime(1 days);
        h.stakerExits(2);
        assertEq(s.totalStaked(), 3e22, "actor 0's held part left");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_solvent();
        invariant_rewardsOnlyFromReserve();
        invariant_totalStakedIsSumOfStakes();
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
        assertEq(s.poolStakers(h.actors(0)).unlockTime, block.timestamp + 7 days, "existing unlock kept");
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

    /// @dev The per-call checks: presale stakes held until the claim start and unlocks moved only by their stakers
    /// (docs/PRODUCT.md's staking rule), APY and end-time changes not retroactive, payouts exact, valid calls accepted.
    function invariant_perCallChecks() public view {
        assertEq(h.violations(), 0, h.lastViolation());
    }
}
