// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A presale sold in USD-priced rounds, payable in ETH, USDT, USDC or by card, on two chains with one ladder.
/// @notice Token amounts passed to buy functions and all ladder figures are WHOLE tokens; deposits and claims are in
/// sale-token wei (18 decimals). USD figures: round prices in USD with 18 decimals per whole token; `usdRaised` in
/// USD with 6 decimals (like USDT). The same contract runs on Ethereum (no sale token, no claim) and on Base (claim
/// chain). A keeper mirrors each chain's sales into the other (`syncRemoteSales`) and imports Ethereum buyers'
/// cumulative deposits on Base (`importRemoteDeposits`); both imports are keyed by monotonic totals, so a replayed,
/// duplicated or reordered batch is a no-op.
interface IPresale {
    /// @dev One round of the ladder: cumulative cap (whole tokens), price (USD, 18 decimals) and end time.
    struct Round {
        uint256 cap;
        uint256 price;
        uint256 endTime;
    }

    /// @dev A split recipient and its share in basis points; the payment wallet gets the remainder.
    struct Split {
        address wallet;
        uint256 bps;
    }

    // ---------------------------------------------------------------- errors

    error ZeroAddress();
    error ZeroAmount();
    error UnsupportedPaymentToken();
    error SaleNotActive();
    error SalePaused();
    error SoldOut();
    error MaxTokensExceeded(uint256 maxTokensToBuy, uint256 requested);
    error InsufficientPayment(uint256 required, uint256 sent);
    error MaxCostExceeded(uint256 cost, uint256 maxCost);
    error PaymentShortfall(uint256 expected, uint256 received);
    error AccountBlacklisted(address account);
    error AccountSanctioned(address account);
    error NotWhitelisted(address account);
    error NotCardProvider(address caller);
    error StakingUnavailable();
    error InvalidPrice(int256 answer);
    error StalePrice(uint256 updatedAt, uint256 heartbeat);
    error SequencerDown();
    error SequencerGracePeriod(uint256 restartedAt, uint256 gracePeriod);
    error InvalidRounds();
    error InvalidStep();
    error InvalidSplits();
    error InvalidTimes();
    error InvalidParameter();
    error ClaimNotSupported();
    error ClaimNotStarted();
    error ClaimAlreadyStarted();
    error NothingToClaim(address account);
    error PresaleUnderfunded(uint256 required, uint256 balance);
    error RemoteImportIncomplete(uint256 remoteSold, uint256 imported);
    error ImportExceedsRemoteSold(uint256 remoteSold, uint256 imported);
    error LengthMismatch();
    error NothingOwed(address account);
    error EthTransferFailed(address to);

    // ---------------------------------------------------------------- events

    /// @dev `paymentToken` is zero for ETH (direct or card); `paid` is in the payment token's units; `usdValue` has
    /// 18 decimals. For card purchases the card provider is the transaction's sender.
    event TokensBought(
        address indexed user, address indexed paymentToken, uint256 tokens, uint256 paid, uint256 usdValue, bool staked
    );
    event RoundExpired(uint256 indexed step, uint256 unsoldTokens);
    event StepAdvanced(uint256 indexed step, uint256 checkPoint);
    event TokensClaimed(address indexed user, uint256 amount, bool staked);
    event RemoteSalesSynced(uint256 remoteTokensSold, uint256 remoteUsdRaised);
    event RemoteDepositImported(address indexed user, uint256 cumulative, uint256 credited);
    event PaymentDeferred(address indexed recipient, address indexed token, uint256 amount);
    event OwedWithdrawn(address indexed recipient, address indexed token, uint256 amount);
    event OwedWithdrawnTo(address indexed recipient, address indexed token, address indexed to, uint256 amount);

    event Paused(address account);
    event Unpaused(address account);
    event SaleTimesUpdated(uint256 startTime, uint256 endTime);
    event RoundsUpdated(uint256 count);
    event StepSet(uint256 step, uint256 checkPoint);
    event MaxTokensToBuyUpdated(uint256 maxTokensToBuy);
    event PaymentWalletUpdated(address indexed wallet);
    event SplitsUpdated(address[] wallets, uint256[] bps);
    event WhitelistUpdated(address indexed account, bool whitelisted);
    event BlacklistUpdated(address indexed account, bool blacklisted);
    event SanctionsUpdated(address indexed oracle, bool enabled);
    event ClaimWhitelistOnlyUpdated(bool enabled);
    event DynamicTimeUpdated(bool enabled, uint256 timeConstant);
    event CardProviderRestrictionUpdated(bool restricted);
    event PriceFeedUpdated(address indexed feed, uint256 heartbeat);
    event SequencerGracePeriodUpdated(uint256 gracePeriod);
    event StakingUpdated(address indexed staking);
    event ClaimStartSet(uint256 claimStart);

    // ---------------------------------------------------------------- buying

    /// @notice Buys `amount` whole tokens with ETH. Send at least `ethBuyHelper(amount)`; the excess is refunded in
    /// the same transaction. With `stake`, the tokens go straight into staking (claim chain only).
    function buyWithEth(uint256 amount, bool stake) external payable;

    /// @notice Buys `amount` whole tokens with USDT, reverting if the cost exceeds `maxCost` (6 decimals).
    function buyWithUSDT(uint256 amount, uint256 maxCost, bool stake) external;

    /// @notice Buys `amount` whole tokens with USDC, reverting if the cost exceeds `maxCost` (6 decimals).
    function buyWithUSDC(uint256 amount, uint256 maxCost, bool stake) external;

    /// @notice Card on-ramp purchase: an allowed provider pays ETH and `user` is credited. Excess is refunded to the
    /// provider.
    function buyWithETHWert(address user, uint256 amount, bool stake) external payable;

    /// @notice Withdraws payments that could not be delivered to the caller as a split recipient.
    function withdrawOwed(address token) external;

    /// @notice Withdraws the caller's held payments in `token` to `to`: for a recipient that cannot take them itself
    /// (a contract without `receive`, a USDC-blacklisted wallet).
    function withdrawOwedTo(address token, address to) external;

    // ---------------------------------------------------------------- claiming

    /// @notice Transfers the caller's whole deposit after the claim start. Deposits are frozen from the moment the
    /// claim start is set, so each address claims at most once (a second call reverts with NothingToClaim).
    function claim() external;

    /// @notice Moves the caller's whole deposit into staking, once, after the claim start.
    function claimAndStake() external;

    // ---------------------------------------------------------------- keeper

    /// @notice Records the other chain's cumulative sales. A total not above the stored one is ignored.
    function syncRemoteSales(uint256 remoteTokensSold, uint256 remoteUsdRaised) external;

    /// @notice Credits Ethereum buyers on the claim chain from their cumulative Ethereum deposits (wei). Entries not
    /// above what was already imported for that user are ignored.
    function importRemoteDeposits(address[] calldata users, uint256[] calldata cumulativeDeposits) external;

    // ---------------------------------------------------------------- views

    /// @notice ETH (wei) needed to buy `amount` whole tokens now.
    function ethBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USDT (6 decimals) needed to buy `amount` whole tokens now.
    function usdtBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USDC (6 decimals) needed to buy `amount` whole tokens now.
    function usdcBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USD (18 decimals) cost of `amount` whole tokens now, priced round by round.
    function usdQuote(uint256 amount) external view returns (uint256);
    /// @notice ETH/USD with 18 decimals from the checked feed.
    function ethUsdPrice() external view returns (uint256);

    /// @notice Rounds data in the template's three parts: 0 caps, 1 prices, 2 end times.
    function roundDetails(uint256 part) external view returns (uint256[] memory);
    function rounds() external view returns (Round[] memory);
    /// @notice Unsold tokens of each expired round, by round index.
    function trackRemainingTokens() external view returns (uint256[] memory);
    function currentStep() external view returns (uint256);
    /// @notice Position on the ladder in whole tokens: tokens sold on both chains plus unsold tokens of expired rounds.
    function checkPoint() external view returns (uint256);
    /// @notice Whole tokens sold on both chains.
    function totalTokensSold() external view returns (uint256);
    function localTokensSold() external view returns (uint256);
    function remoteTokensSold() external view returns (uint256);
    /// @notice USD raised on both chains, 6 decimals.
    function usdRaised() external view returns (uint256);
    /// @notice USD raised on this chain, 6 decimals (what the keeper mirrors to the other chain).
    function localUsdRaised() external view returns (uint256);
    function remoteUsdRaised() external view returns (uint256);
    /// @notice Sale-token wei moved into staking by buy-and-stake purchases during the sale.
    function stakedDuringSale() external view returns (uint256);
    function maxTokensToBuy() external view returns (uint256);
    /// @notice Sale-token wei the user can claim.
    function userDeposits(address user) external view returns (uint256);
    function remoteDepositsImported(address user) external view returns (uint256);
    function totalRemoteDepositsImported() external view returns (uint256);
    function isWhitelisted(address user) external view returns (bool);
    function isBlacklisted(address user) external view returns (bool);
    function saleToken() external view returns (address);
    function usdt() external view returns (address);
    function usdc() external view returns (address);
    function staking() external view returns (address);
    function startTime() external view returns (uint256);
    function endTime() external view returns (uint256);
    function claimStart() external view returns (uint256);
    function paused() external view returns (bool);
    function paymentWallet() external view returns (address);
    function splits() external view returns (Split[] memory);
    function owed(address recipient, address token) external view returns (uint256);

    // ---------------------------------------------------------------- owner and admin

    function pause() external;
    function unpause() external;
    function setSaleTimes(uint256 startTime, uint256 endTime) external;
    function setRounds(uint256[] calldata caps, uint256[] calldata prices, uint256[] calldata endTimes) external;
    function setCurrentStep(uint256 step, uint256 checkPoint) external;
    function setMaxTokensToBuy(uint256 maxTokensToBuy) external;
    function setPaymentWallet(address wallet) external;
    function setSplits(address[] calldata wallets, uint256[] calldata bps) external;
    function setWhitelist(address[] calldata accounts, bool whitelisted) external;
    function setBlacklist(address[] calldata accounts, bool blacklisted) external;
    function setSanctions(address oracle, bool enabled) external;
    function setClaimWhitelistOnly(bool enabled) external;
    function setDynamicTime(bool enabled, uint256 timeConstant) external;
    function setCardProviderRestricted(bool restricted) external;
    function setPriceFeed(address feed, uint256 heartbeat) external;
    /// @notice Sets how long after the L2 sequencer comes back up prices are still refused. The uptime feed itself is
    /// fixed at deployment (zero on L1: no check).
    function setSequencerGracePeriod(uint256 gracePeriod) external;
    function setStaking(address staking) external;
    /// @notice Opens claiming at `claimStart`. Refuses unless every Ethereum-sold token is imported and the contract
    /// holds enough sale tokens for everything sold and not yet delivered.
    function startClaim(uint256 claimStart) external;
}
