// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Sale-token staking with a lock, a fixed APY paid from a funded reward reserve, and a pool cap.
/// @notice Rewards accrue per second at `apy` basis points per year through a global index, so an APY change
/// applies from the moment it is made, never retroactively. Rewards are paid only from the reward reserve that
/// the owner funds: when the reserve runs dry accrual stops, so principal can never pay for rewards.
interface IStaking {
    /// @dev One staker. `amount` is in sale-token wei; `unlockTime` is the last deposit's time plus the lock time then
    /// in force (a later lock-time change does not move it); `pendingRewards` is what `getRewards` returns.
    struct StakerInfo {
        uint256 amount;
        uint256 unlockTime;
        uint256 pendingRewards;
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
    event BlacklistUpdated(address indexed account, bool blacklisted);

    // ---------------------------------------------------------------- user actions

    /// @notice Stakes `amount` sale tokens of the caller (needs an allowance). Adding to a stake (an extension)
    /// keeps accrued rewards as pending and restarts the lock from now.
    function deposit(uint256 amount) external;

    /// @notice Withdraws the caller's whole stake once the lock has passed, with its pending rewards unless claims are
    /// locked (then the rewards stay pending for a later harvest).
    function withdraw() external;

    /// @notice Pays the caller's pending rewards.
    function harvestRewards() external;

    /// @notice Called by the presale after it has transferred `amount` sale tokens to this contract for `user`.
    function depositByPresale(address user, uint256 amount) external;

    // ---------------------------------------------------------------- views

    function stakeToken() external view returns (address);
    function presale() external view returns (address);
    /// @notice Reward rate in basis points per year (1500 = 15 %).
    function apy() external view returns (uint256);
    /// @notice Lock duration in seconds applied from each deposit.
    function lockTime() external view returns (uint256);
    /// @notice Time after which no more rewards accrue and no deposits are accepted.
    function endTime() external view returns (uint256);
    /// @notice Cap on the total staked (sale-token wei); 0 means no cap.
    function maxDepositLimit() external view returns (uint256);
    function totalStaked() external view returns (uint256);
    function tokensStakedByPresale() external view returns (uint256);
    /// @notice Reward tokens held that are not yet owed to anyone.
    function rewardReserve() external view returns (uint256);
    function depositsLocked() external view returns (bool);
    function withdrawalsLocked() external view returns (bool);
    function claimsLocked() external view returns (bool);
    function blacklisted(address account) external view returns (bool);
    /// @notice Rewards `user` could harvest now.
    function getRewards(address user) external view returns (uint256);
    function poolStakers(address user) external view returns (StakerInfo memory);

    // ---------------------------------------------------------------- owner

    /// @notice Pulls `amount` sale tokens from the caller into the reward reserve.
    function fundRewards(uint256 amount) external;
    function setApy(uint256 apyBps) external;
    function setLockTime(uint256 lockTime) external;
    function setEndTime(uint256 endTime) external;
    function setMaxDepositLimit(uint256 limit) external;
    function setPresale(address presale) external;
    function setLocks(bool depositsLocked, bool withdrawalsLocked, bool claimsLocked) external;
    function setBlacklist(address[] calldata accounts, bool blacklisted) external;
}
