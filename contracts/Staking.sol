// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IClaimSchedule, IStaking} from "./interfaces/IStaking.sol";

/// @title Sale-token staking: lock, APY, pool cap, rewards from a funded reserve only.
/// @notice Rewards accrue through a global index: `rewardIndex` grows by `apy * dt / YEAR` (scaled by 1e18) per
/// token-wei staked, so a user's rewards are `amount * (index - snapshot) / 1e18`. Every growth of the index is paid
/// for up front by moving tokens out of the unallocated `rewardReserve`; when the reserve cannot pay for the full
/// growth, the index grows only as far as the reserve pays. The contract therefore always holds
/// `totalStaked + rewardReserve + every staker's unpaid rewards`, and no reward is ever paid out of principal.
///
/// No role can take or freeze principal: there is no rescue function, the presale is set once, a presale deposit
/// credits only tokens that arrived, ownership cannot be renounced, the lock time is at most `MAX_LOCK_TIME`, and a
/// withdrawals lock expires on its own after `MAX_WITHDRAWALS_LOCK` and cannot be set again for
/// `WITHDRAWALS_LOCK_COOLDOWN`. The one exception is the staking blacklist (sanctions compliance).
/// @custom:security-contact security@shaft.example
contract Staking is IStaking, Ownable2Step {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint256 private constant INDEX_SCALE = 1e18;
    uint256 private constant BPS = 10_000;
    uint256 private constant YEAR = 365 days;

    /// @notice The longest lock a deposit can get.
    uint256 public constant MAX_LOCK_TIME = 365 days;
    /// @notice The longest a withdrawals lock lasts; it then expires without any action.
    uint256 public constant MAX_WITHDRAWALS_LOCK = 7 days;
    /// @notice How long after a withdrawals lock ends before another can be set: a window to withdraw in.
    uint256 public constant WITHDRAWALS_LOCK_COOLDOWN = 7 days;

    /// @dev Read by every action: the reward index, the settings it depends on and the lock flags, in one slot.
    struct RewardState {
        uint96 index;
        uint40 lastUpdate;
        uint40 endTime;
        uint24 apyBps;
        uint32 lockTime;
        bool depositsLocked;
        bool claimsLocked;
    }

    /// @dev Read by withdrawals, payouts and presale deposits. `rewardsHeld` is every reward token in custody: the
    /// unallocated reserve plus all unpaid rewards (plus the rounding dust the index leaves), so the contract must hold
    /// at least `totalStaked + rewardsHeld`.
    struct Custody {
        uint128 rewardsHeld;
        uint40 withdrawalsLockedUntil;
    }

    /// @dev Written by every stake-changing action: one slot.
    struct Pool {
        uint128 totalStaked;
        uint128 rewardReserve;
    }

    /// @dev Read by deposits only. An uncapped pool stores the maximum, which also keeps the slot non-zero so the
    /// presale's first deposit does not pay for a fresh slot.
    struct Limits {
        uint128 maxDepositLimit;
        uint128 tokensStakedByPresale;
    }

    /// @dev One staker in one slot; `_pendingRewards` is read only when `hasPending` says rewards were carried over.
    struct Staker {
        uint96 amount;
        uint40 unlockTime;
        uint96 indexSnapshot;
        bool blacklisted;
        bool hasPending;
    }

    IERC20 private immutable _stakeToken;
    address private _presale;
    RewardState private _rewards;
    Pool private _pool;
    Limits private _limits;
    Custody private _custody;
    mapping(address user => Staker) private _stakers;
    mapping(address user => uint256) private _pendingRewards;
    /// @dev Staked through the presale before its claim started: stays staked until the claim starts.
    mapping(address user => uint256) private _heldUntilClaim;

    modifier onlyPresale() {
        if (msg.sender != _presale) revert NotPresale(msg.sender);
        _;
    }

    /// @notice Deploys the staking pool; link it to the presale with `setPresale` and fund it with `fundRewards`.
    /// @param owner_ Owner of every setting.
    /// @param stakeToken_ The sale token, staked and paid as rewards.
    /// @param apyBps Reward rate in basis points per year.
    /// @param lockTime_ Lock duration in seconds from each deposit.
    /// @param endTime_ Time after which no rewards accrue and no deposits are taken.
    /// @param maxDepositLimit_ Cap on the total staked, 0 for none.
    constructor(
        address owner_,
        address stakeToken_,
        uint256 apyBps,
        uint256 lockTime_,
        uint256 endTime_,
        uint256 maxDepositLimit_
    ) Ownable(owner_) {
        if (stakeToken_ == address(0)) revert ZeroAddress();
        if (endTime_ <= block.timestamp) revert InvalidParameter();
        if (lockTime_ > MAX_LOCK_TIME) revert LockTimeTooLong(lockTime_, MAX_LOCK_TIME);
        _stakeToken = IERC20(stakeToken_);
        _rewards = RewardState({
            index: 0,
            lastUpdate: uint40(block.timestamp),
            endTime: endTime_.toUint40(),
            apyBps: apyBps.toUint24(),
            lockTime: lockTime_.toUint32(),
            depositsLocked: false,
            claimsLocked: false
        });
        _setMaxDepositLimit(maxDepositLimit_);
        emit ApyUpdated(apyBps);
        emit LockTimeUpdated(lockTime_);
        emit EndTimeUpdated(endTime_);
    }

    // ---------------------------------------------------------------- user actions

    /// @inheritdoc IStaking
    function deposit(uint256 amount) external override {
        _stake(msg.sender, amount, false, true);
        _stakeToken.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IStaking
    /// @dev The permit is only tried: one already used (front-run), expired or forged changes nothing here, and the
    /// deposit then needs the allowance like `deposit`. The stake token is fixed at deployment.
    function depositWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external override {
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(_stakeToken)).permit(msg.sender, address(this), amount, deadline, v, r, s) {} catch {}
        _stake(msg.sender, amount, false, true);
        _stakeToken.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IStaking
    /// @dev The presale transfers `amount` first; the balance must then cover everything accounted for, so a call
    /// without the tokens (or with fewer) credits nothing.
    function depositByPresale(
        address user,
        uint256 amount,
        bool byStaker,
        bool heldUntilClaim
    ) external override onlyPresale {
        uint256 required = _stake(user, amount, true, byStaker) + _custody.rewardsHeld;
        if (heldUntilClaim) _heldUntilClaim[user] += amount;
        _limits.tokensStakedByPresale += amount.toUint128();
        uint256 balance = _stakeToken.balanceOf(address(this));
        if (balance < required) revert DepositNotReceived(required, balance);
    }

    /// @inheritdoc IStaking
    function withdraw() external override {
        RewardState memory r = _updateIndex();
        Custody memory c = _custody;
        if (block.timestamp < c.withdrawalsLockedUntil) revert WithdrawalsLocked();
        Staker memory s = _stakers[msg.sender];
        if (s.blacklisted) revert Blacklisted(msg.sender);
        if (s.amount == 0) revert NothingStaked();
        if (block.timestamp < s.unlockTime) revert StillLocked(s.unlockTime);
        uint256 held = _heldUntilClaim[msg.sender];
        if (held != 0 && _presaleClaimStarted()) {
            delete _heldUntilClaim[msg.sender];
            held = 0;
        }
        uint256 principal = s.amount - held;
        if (principal == 0) revert HeldUntilClaim(held);

        uint256 earned = _earned(msg.sender, s, r.index);
        uint256 payout = principal;
        bool keepPending = r.claimsLocked && earned != 0;
        if (keepPending) {
            _pendingRewards[msg.sender] = earned;
        } else {
            payout += earned;
            if (s.hasPending) delete _pendingRewards[msg.sender];
            if (earned != 0) {
                _custody.rewardsHeld = c.rewardsHeld - earned.toUint128();
                emit RewardsHarvested(msg.sender, earned);
            }
        }
        _pool.totalStaked -= principal.toUint128();
        if (held != 0 || keepPending) {
            // What the presale staked stays until the claim starts; its unlock is the stake's own.
            _stakers[msg.sender] = Staker({
                amount: uint96(held),
                unlockTime: held != 0 ? s.unlockTime : 0,
                indexSnapshot: r.index,
                blacklisted: false,
                hasPending: keepPending
            });
        } else {
            delete _stakers[msg.sender];
        }
        emit Withdrawn(msg.sender, principal);
        _stakeToken.safeTransfer(msg.sender, payout);
    }

    /// @inheritdoc IStaking
    function harvestRewards() external override {
        RewardState memory r = _rewards;
        if (r.claimsLocked) revert ClaimsLocked();
        // Harvesting changes neither the total staked nor the reserve, so the index need not be checkpointed: it is a
        // function of the last checkpoint and the time, computed here without writing the shared slots.
        (uint256 index, ) = _previewIndex(r);
        Staker memory s = _stakers[msg.sender];
        if (s.blacklisted) revert Blacklisted(msg.sender);
        uint256 earned = _earned(msg.sender, s, index);
        if (earned == 0) revert NoRewards();
        if (s.hasPending) delete _pendingRewards[msg.sender];
        (s.indexSnapshot, s.hasPending) = (uint96(index), false);
        _stakers[msg.sender] = s;
        _custody.rewardsHeld -= earned.toUint128();
        emit RewardsHarvested(msg.sender, earned);
        _stakeToken.safeTransfer(msg.sender, earned);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IStaking
    function stakeToken() external view override returns (address) {
        return address(_stakeToken);
    }

    /// @inheritdoc IStaking
    function presale() external view override returns (address) {
        return _presale;
    }

    /// @inheritdoc IStaking
    function apy() external view override returns (uint256) {
        return _rewards.apyBps;
    }

    /// @inheritdoc IStaking
    function lockTime() external view override returns (uint256) {
        return _rewards.lockTime;
    }

    /// @inheritdoc IStaking
    function endTime() external view override returns (uint256) {
        return _rewards.endTime;
    }

    /// @inheritdoc IStaking
    function maxDepositLimit() external view override returns (uint256) {
        uint256 limit = _limits.maxDepositLimit;
        return limit == type(uint128).max ? 0 : limit;
    }

    /// @inheritdoc IStaking
    function totalStaked() external view override returns (uint256) {
        return _pool.totalStaked;
    }

    /// @inheritdoc IStaking
    function tokensStakedByPresale() external view override returns (uint256) {
        return _limits.tokensStakedByPresale;
    }

    /// @inheritdoc IStaking
    function rewardReserve() external view override returns (uint256) {
        (, uint256 reserve) = _previewIndex(_rewards);
        return reserve;
    }

    /// @inheritdoc IStaking
    function depositsLocked() external view override returns (bool) {
        return _rewards.depositsLocked;
    }

    /// @inheritdoc IStaking
    function withdrawalsLocked() external view override returns (bool) {
        return block.timestamp < _custody.withdrawalsLockedUntil;
    }

    /// @inheritdoc IStaking
    function withdrawalsLockedUntil() external view override returns (uint256) {
        return _custody.withdrawalsLockedUntil;
    }

    /// @inheritdoc IStaking
    function rewardsHeld() external view override returns (uint256) {
        return _custody.rewardsHeld;
    }

    /// @inheritdoc IStaking
    function claimsLocked() external view override returns (bool) {
        return _rewards.claimsLocked;
    }

    /// @inheritdoc IStaking
    function blacklisted(address account) external view override returns (bool) {
        return _stakers[account].blacklisted;
    }

    /// @inheritdoc IStaking
    function getRewards(address user) public view override returns (uint256) {
        (uint256 index, ) = _previewIndex(_rewards);
        return _earned(user, _stakers[user], index);
    }

    /// @inheritdoc IStaking
    function poolStakers(address user) external view override returns (StakerInfo memory) {
        Staker memory s = _stakers[user];
        return
            StakerInfo({
                amount: s.amount,
                unlockTime: s.unlockTime,
                pendingRewards: getRewards(user),
                heldUntilClaim: _heldUntilClaim[user]
            });
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IStaking
    function fundRewards(uint256 amount) external override onlyOwner {
        if (amount == 0) revert ZeroAmount();
        _updateIndex();
        uint256 balanceBefore = _stakeToken.balanceOf(address(this));
        _stakeToken.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = _stakeToken.balanceOf(address(this)) - balanceBefore;
        _pool.rewardReserve += received.toUint128();
        _custody.rewardsHeld += received.toUint128();
        emit RewardsFunded(msg.sender, received);
    }

    /// @inheritdoc IStaking
    /// @dev Accrues at the old rate up to now first, so the change is never retroactive.
    function setApy(uint256 apyBps) external override onlyOwner {
        _updateIndex();
        _rewards.apyBps = apyBps.toUint24();
        emit ApyUpdated(apyBps);
    }

    /// @inheritdoc IStaking
    /// @dev Applies to deposits made from now on; existing unlock times do not move.
    function setLockTime(uint256 lockTime_) external override onlyOwner {
        if (lockTime_ > MAX_LOCK_TIME) revert LockTimeTooLong(lockTime_, MAX_LOCK_TIME);
        _rewards.lockTime = lockTime_.toUint32();
        emit LockTimeUpdated(lockTime_);
    }

    /// @inheritdoc IStaking
    function setEndTime(uint256 endTime_) external override onlyOwner {
        if (endTime_ < block.timestamp) revert InvalidParameter();
        RewardState memory r = _updateIndex();
        // If accrual already stopped at the old end time, restart it from now: an extension must not pay rewards for
        // the time the staking was over.
        if (r.lastUpdate < block.timestamp) r.lastUpdate = uint40(block.timestamp);
        r.endTime = endTime_.toUint40();
        _rewards = r;
        emit EndTimeUpdated(endTime_);
    }

    /// @inheritdoc IStaking
    function setMaxDepositLimit(uint256 limit) external override onlyOwner {
        _setMaxDepositLimit(limit);
    }

    /// @inheritdoc IStaking
    /// @dev Once only: a presale that could be swapped could credit stakes it never paid for or move others' locks.
    function setPresale(address presale_) external override onlyOwner {
        if (presale_ == address(0)) revert ZeroAddress();
        if (_presale != address(0)) revert PresaleAlreadySet(_presale);
        _presale = presale_;
        emit PresaleUpdated(presale_);
    }

    /// @inheritdoc IStaking
    /// @dev A withdrawals lock runs for `MAX_WITHDRAWALS_LOCK` from when it is set (setting it again while it runs
    /// does not extend it) and, once it has ended, cannot be set again for `WITHDRAWALS_LOCK_COOLDOWN`.
    function setLocks(bool depositsLocked_, bool withdrawalsLocked_, bool claimsLocked_) external override onlyOwner {
        RewardState storage r = _rewards;
        (r.depositsLocked, r.claimsLocked) = (depositsLocked_, claimsLocked_);
        uint256 until = _custody.withdrawalsLockedUntil;
        bool running = block.timestamp < until;
        if (withdrawalsLocked_ && !running) {
            uint256 allowedAt = until + WITHDRAWALS_LOCK_COOLDOWN;
            if (until != 0 && block.timestamp < allowedAt) revert WithdrawalsLockCooldown(allowedAt);
            until = block.timestamp + MAX_WITHDRAWALS_LOCK;
        } else if (!withdrawalsLocked_ && running) {
            until = block.timestamp;
        }
        _custody.withdrawalsLockedUntil = uint40(until);
        emit LocksUpdated(depositsLocked_, withdrawalsLocked_, claimsLocked_);
        emit WithdrawalsLockedUntil(until);
    }

    /// @inheritdoc IStaking
    function setBlacklist(address[] calldata accounts, bool blacklisted_) external override onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            _stakers[accounts[i]].blacklisted = blacklisted_;
            emit BlacklistUpdated(accounts[i], blacklisted_);
        }
    }

    /// @notice Disabled: an ownerless pool could never lift a lock or fund rewards again.
    function renounceOwnership() public pure override {
        revert RenounceDisabled();
    }

    // ---------------------------------------------------------------- internals

    /// @dev Credits `amount` to `user`, carrying accrued rewards over, and returns the new total staked. Only the
    /// staker's own deposit (`restartLock`) restarts the lock of the whole stake; a deposit someone else made (the
    /// presale on a card customer's behalf) leaves the unlock of what is already staked where it was, and gives a new
    /// stake a full lock. Checks-effects only: the caller moves the tokens.
    function _stake(
        address user,
        uint256 amount,
        bool viaPresale,
        bool restartLock
    ) private returns (uint256 newTotal) {
        if (amount == 0) revert ZeroAmount();
        RewardState memory r = _updateIndex();
        if (!viaPresale && r.depositsLocked) revert DepositsLocked();
        if (block.timestamp >= r.endTime) revert StakingEnded();
        Staker memory s = _stakers[user];
        if (s.blacklisted) revert Blacklisted(user);

        newTotal = _pool.totalStaked + amount;
        uint256 limit = _limits.maxDepositLimit;
        if (newTotal > limit) revert DepositLimitExceeded(limit, newTotal);

        // An extension keeps what the stake has earned so far as pending rewards.
        uint256 earned = _earned(user, s, r.index);
        if (earned != 0) _pendingRewards[user] = earned;
        uint256 unlockTime = restartLock || s.amount == 0 ? block.timestamp + r.lockTime : s.unlockTime;
        _pool.totalStaked = newTotal.toUint128();
        _stakers[user] = Staker({
            amount: (s.amount + amount).toUint96(),
            unlockTime: uint40(unlockTime),
            indexSnapshot: r.index,
            blacklisted: false,
            hasPending: earned != 0
        });
        emit Deposited(user, amount, viaPresale, unlockTime);
    }

    /// @dev Whether the presale's claim has started (it holds presale stakes until then).
    function _presaleClaimStarted() private view returns (bool) {
        uint256 start = IClaimSchedule(_presale).claimStart();
        return start != 0 && block.timestamp >= start;
    }

    /// @dev Rewards of a staker at `index`, including those carried over.
    function _earned(address user, Staker memory s, uint256 index) private view returns (uint256 earned) {
        earned = (uint256(s.amount) * (index - s.indexSnapshot)) / INDEX_SCALE;
        if (s.hasPending) earned += _pendingRewards[user];
    }

    function _setMaxDepositLimit(uint256 limit) private {
        _limits.maxDepositLimit = limit == 0 ? type(uint128).max : limit.toUint128();
        emit MaxDepositLimitUpdated(limit);
    }

    /// @dev Brings the index up to now (or the end time), paying for its growth from the reserve.
    function _updateIndex() private returns (RewardState memory r) {
        r = _rewards;
        uint256 until = Math.min(block.timestamp, r.endTime);
        if (until <= r.lastUpdate) return r;
        (uint256 index, uint256 reserve) = _previewIndex(r);
        if (index != r.index) {
            if (reserve == 0) emit RewardsExhausted(block.timestamp);
            _pool.rewardReserve = uint128(reserve);
            r.index = uint96(index);
        }
        r.lastUpdate = uint40(until);
        _rewards = r;
    }

    /// @dev The index and the unallocated reserve as `_updateIndex` would leave them now: the index grows linearly from
    /// the last checkpoint until the end time or until the reserve (as of the checkpoint) is used up.
    function _previewIndex(RewardState memory r) private view returns (uint256 index, uint256 reserve) {
        Pool memory p = _pool;
        index = r.index;
        reserve = p.rewardReserve;
        uint256 until = Math.min(block.timestamp, r.endTime);
        if (until <= r.lastUpdate || p.totalStaked == 0) return (index, reserve);

        // totalStaked < 2^128 and growth < 2^96 per the index width, so these products cannot overflow.
        uint256 growth = (uint256(r.apyBps) * (until - r.lastUpdate) * INDEX_SCALE) / (BPS * YEAR);
        uint256 cost = Math.ceilDiv(p.totalStaked * growth, INDEX_SCALE);
        if (cost > reserve) {
            growth = (reserve * INDEX_SCALE) / p.totalStaked;
            cost = Math.ceilDiv(p.totalStaked * growth, INDEX_SCALE);
        }
        return (index + growth, reserve - cost);
    }
}
