// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Sale-token staking with a lock, a fixed APY paid from a funded reward reserve, and a pool cap.
/// @notice Rewards accrue per second at `apy` basis points per year through a global index, so an APY change
/// applies from the moment it is made, never retroactively. Rewards are paid only from the reward reserve that
/// the owner funds: when the reserve runs dry accrual stops, so principal can never pay for rewards.
interface IStaking {
    /// @dev One staker. `amount` is in sale-token wei; `unlockTime` is set only by the staker's own deposits (now plus
    /// the lock time then in force) or by a first deposit someone else made for a staker with nothing staked;
    /// `pendingRewards` is what `getRewards` returns; `heldUntilClaim` is the part of `amount` the presale staked
    /// before its claim started, which cannot be withdrawn until the claim starts.
    struct StakerInfo {
        uint256 amount;
        uint256 unlockTime;
        uint256 pendingRewards;
        uint256 heldUntilClaim;
    }

    error ZeroAmount();
    error ZeroAddress();
    error NotPresale(address caller);
    error DepositsLocked();
    error WithdrawalsLocked();
    error ClaimsLocked();
    error StakingEnded();
    error StillLocked(uint256 unlockTime);
    error NothingStaked();
    error NoRewards();
    error DepositLimitExceeded(uint256 limit, uint256 wouldBe);
    error Blacklisted(address account);
    error InvalidParameter();
    error PresaleAlreadySet(address presale);
    error DepositNotReceived(uint256 required, uint256 balance);
    error LockTimeTooLong(uint256 lockTime, uint256 maxLockTime);
    error WithdrawalsLockCooldown(uint256 allowedAt);
    error RenounceDisabled();
    error HeldUntilClaim(uint256 held);

    event Deposited(address indexed user, uint256 amount, bool indexed viaPresale, uint256 unlockTime);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardsHarvested(address indexed user, uint256 amount);
    event RewardsFunded(address indexed from, uint256 amount);
    event RewardsExhausted(uint256 timestamp);
    event ApyUpdated(uint256 apyBps);
    event LockTimeUpdated(uint256 lockTime);
    event EndTimeUpdated(uint256 endTime);
    event MaxDepositLimitUpdated(uint256 limit);
    event PresaleUpdated(address indexed presale);
    event LocksUpdated(bool depositsLocked, bool withdrawalsLocked, bool claimsLocked);
    event WithdrawalsLockedUntil(uint256 until);
    event BlacklistUpdated(address indexed account, bool blacklisted);

    // ---------------------------------------------------------------- user actions

    /// @notice Stakes `amount` sale tokens of the caller (needs an allowance). Adding to a stake (an extension)
    /// keeps accrued rewards as pending and restarts the lock of the whole stake from now.
    function deposit(uint256 amount) external;

    /// @notice `deposit` with an EIP-2612 permit of the sale token in the same transaction: no separate approval. The
    /// permit is tried first and its failure ignored (someone may have submitted it already); the deposit then pulls
    /// `amount` with the allowance as usual and reverts like `deposit` when it falls short.
    /// @param amount Sale-token wei to stake, and the permit's value (owner = the caller, spender = this contract).
    /// @param deadline The permit's deadline (unix seconds).
    /// @param v The permit signature's recovery byte.
    /// @param r The permit signature's r.
    /// @param s The permit signature's s.
    function depositWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;

    /// @notice Withdraws the caller's whole stake once the lock has passed, with its pending rewards unless claims are
    /// locked (then the rewards stay pending for a later harvest). What the presale staked before its claim started
    /// stays staked until the claim starts (`HeldUntilClaim` if nothing else is staked).
    function withdraw() external;

    /// @notice Pays the caller's pending rewards.
    function harvestRewards() external;

    /// @notice Called by the presale after it has transferred `amount` sale tokens to this contract for `user`.
    /// Reverts `DepositNotReceived` unless the tokens arrived.
    /// @param user The staker.
    /// @param amount Sale-token wei staked.
    /// @param byStaker Whether `user` made the deposit (then the whole stake's lock restarts, as with `deposit`);
    /// otherwise the unlock of what is already staked does not move (a new stake gets a full lock).
    /// @param heldUntilClaim Whether the tokens stay staked until the presale's claim starts (purchases during the
    /// sale).
    function depositByPresale(address user, uint256 amount, bool byStaker, bool heldUntilClaim) external;

    // ---------------------------------------------------------------- views

    /// @notice The token staked and paid as rewards.
    function stakeToken() external view returns (address);
    /// @notice The presale allowed to deposit for stakers (set once).
    function presale() external view returns (address);
    /// @notice Reward rate in basis points per year (1500 = 15 %).
    function apy() external view returns (uint256);
    /// @notice Lock duration in seconds applied from each deposit.
    function lockTime() external view returns (uint256);
    /// @notice Time after which no more rewards accrue and no deposits are accepted.
    function endTime() external view returns (uint256);
    /// @notice Cap on the total staked (sale-token wei); 0 means no cap.
    function maxDepositLimit() external view returns (uint256);
    /// @notice Sale-token wei staked in all.
    function totalStaked() external view returns (uint256);
    /// @notice Sale-token wei the presale has deposited in all.
    function tokensStakedByPresale() external view returns (uint256);
    /// @notice Reward tokens held that are not yet owed to anyone.
    function rewardReserve() external view returns (uint256);
    /// @notice Whether the stakers' own deposits are refused (presale deposits are not).
    function depositsLocked() external view returns (bool);
    /// @notice Whether a withdrawals lock is running (it expires on its own at `withdrawalsLockedUntil`).
    function withdrawalsLocked() external view returns (bool);
    /// @notice When the current or last withdrawals lock ends (or ended); 0 if none was ever set.
    function withdrawalsLockedUntil() external view returns (uint256);
    /// @notice Reward tokens in custody: the reserve plus every unpaid reward (the contract holds at least
    /// `totalStaked() + rewardsHeld()`).
    function rewardsHeld() external view returns (uint256);
    /// @notice Whether rewards cannot be harvested (they stay pending).
    function claimsLocked() external view returns (bool);
    /// @notice Whether `account` is on the staking blacklist (no deposit, harvest or withdrawal).
    function blacklisted(address account) external view returns (bool);
    /// @notice Rewards `user` could harvest now.
    function getRewards(address user) external view returns (uint256);
    /// @notice A staker's stake, unlock, pending rewards and the part held until the presale's claim.
    function poolStakers(address user) external view returns (StakerInfo memory);

    // ---------------------------------------------------------------- owner

    /// @notice Pulls `amount` sale tokens from the caller into the reward reserve.
    function fundRewards(uint256 amount) external;
    /// @notice Owner: the reward rate in basis points per year, from now on (never retroactive).
    function setApy(uint256 apyBps) external;
    /// @notice Lock time for deposits from now on; at most `MAX_LOCK_TIME` (365 days).
    function setLockTime(uint256 lockTime) external;
    /// @notice Owner: when rewards stop accruing and deposits end (not in the past).
    function setEndTime(uint256 endTime) external;
    /// @notice Owner: the cap on the total staked (sale-token wei); 0 for none.
    function setMaxDepositLimit(uint256 limit) external;
    /// @notice Links the presale; once only (`PresaleAlreadySet`).
    function setPresale(address presale) external;
    /// @notice Sets the deposit and claim locks and starts or ends a withdrawals lock, which lasts at most
    /// `MAX_WITHDRAWALS_LOCK` (7 days) and cannot start again within `WITHDRAWALS_LOCK_COOLDOWN` (7 days) of its end.
    function setLocks(bool depositsLocked, bool withdrawalsLocked, bool claimsLocked) external;
    /// @notice Owner: adds or removes accounts from the staking blacklist.
    function setBlacklist(address[] calldata accounts, bool blacklisted) external;
}

/// @title The presale's claim schedule, as staking reads it (presale stakes are held until the claim starts).
interface IClaimSchedule {
    /// @notice When claiming opens (unix seconds; zero while not set).
    function claimStart() external view returns (uint256);
}
