// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title What both chains' presales share: a sale in USD-priced rounds, payable in ETH or stablecoins, on two chains
/// with one ladder.
/// @notice Token amounts passed to buy functions and all ladder figures are WHOLE tokens; deposits and claims are in
/// sale-token wei (18 decimals). USD figures: round prices in USD with 18 decimals per whole token; `usdRaised` in
/// USD with 6 decimals (like USDT). Every round is split between the chains: Ethereum may sell the first
/// `ethereumQuota` tokens of it and Base the rest, so the two never sell the same tokens and together never more than
/// the round. Each chain walks its own share; a chain whose share of a round is used up moves on to the next round
/// while the other may still sell the earlier one. Ethereum's unused quota only ever moves to Base (owner releases,
/// rounds Ethereum leaves, Ethereum's close), through Ethereum's reports over the OP Stack's canonical messenger.
/// See {IEthereumPresale} and {IBasePresale} for each chain's side.
interface IPresale {
    /// @dev One round as this chain knows it: cumulative cap, price (USD, 18 decimals), end time, each chain's share
    /// (Ethereum's as held here: on Base the lowest Ethereum reported), what this chain used of it (sold or skipped by
    /// a manual move) and what the other chain used (as reported here; always zero on Ethereum, which never hears from
    /// Base). Whole tokens.
    struct RoundInfo {
        uint256 cap;
        uint256 price;
        uint256 endTime;
        uint256 ethereumQuota;
        uint256 baseQuota;
        uint256 used;
        uint256 remoteUsed;
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
    error SaleClosed();
    error SaleEnded();
    error SaleEndNotEarlier(uint256 endTime, uint256 current);
    error SoldOut();
    error MaxTokensExceeded(uint256 maxTokensToBuy, uint256 requested);
    error InsufficientPayment(uint256 required, uint256 sent);
    error MaxCostExceeded(uint256 cost, uint256 maxCost);
    error PaymentShortfall(uint256 expected, uint256 received);
    error AccountBlacklisted(address account);
    error AccountSanctioned(address account);
    error RenounceDisabled();
    error InvalidPrice(int256 answer);
    error StalePrice(uint256 updatedAt, uint256 heartbeat);
    error SequencerDown();
    error SequencerGracePeriod(uint256 restartedAt, uint256 gracePeriod);
    error InvalidRounds();
    error InvalidStep();
    error InvalidQuotaRelease(uint256 round, uint256 tokens, uint256 available);
    error InvalidSplits();
    error InvalidTimes();
    error InvalidParameter();
    error RemotePresaleAlreadySet();
    error RemotePresaleNotSet();
    error NotRemotePresale(address sender);
    error NothingOwed(address account);
    error EthTransferFailed(address to);

    // ---------------------------------------------------------------- events

    /// @dev `buyer` sent the purchase (for a card purchase: the card provider); `recipient` owns the tokens on Base.
    /// `paymentToken` is zero for ETH; `paid` is in the payment token's units; `usdValue` has 18 decimals.
    event TokensBought(
        address indexed buyer,
        address indexed recipient,
        address indexed paymentToken,
        uint256 tokens,
        uint256 paid,
        uint256 usdValue,
        bool staked
    );
    /// @dev The table at deployment, with Ethereum's quota of each round.
    event LadderInitialized(uint256[] caps, uint256[] prices, uint256[] endTimes, uint256[] ethereumQuotas);
    /// @dev A round this chain left by time, with what was left of this chain's share.
    event RoundExpired(uint256 indexed step, uint256 unsoldTokens);
    /// @dev This chain moved on to round `step` through a purchase.
    event StepAdvanced(uint256 indexed step);
    /// @dev The owner moved this chain to round `step` with `used` of its share there used.
    event StepSet(uint256 step, uint256 used);
    /// @dev Dynamic time re-spaced the end times from round `fromStep`: it ends at `firstEndTime`, each later round
    /// `spacing` seconds after the one before.
    event RoundsRespaced(uint256 fromStep, uint256 firstEndTime, uint256 spacing);
    event RoundsUpdated(uint256[] prices, uint256[] endTimes);
    /// @dev Ethereum: the owner gave part of Ethereum's quota of round `round` to Base; Ethereum's quota is now `quota`.
    event EthereumQuotaReleased(uint256 indexed round, uint256 quota);
    /// @dev Base: a report lowered Ethereum's quota of round `round` to `quota`; Base's share grew by the difference.
    event EthereumQuotaBooked(uint256 indexed round, uint256 quota);
    event RemotePresaleSet(address indexed remotePresale);
    event PaymentDeferred(address indexed recipient, address indexed token, uint256 amount);
    event OwedWithdrawn(address indexed recipient, address indexed token, uint256 amount);
    event OwedWithdrawnTo(address indexed recipient, address indexed token, address indexed to, uint256 amount);
    event Paused(address account);
    event Unpaused(address account);
    event SaleTimesUpdated(uint256 startTime, uint256 endTime);
    event MaxTokensToBuyUpdated(uint256 maxTokensToBuy);
    event PaymentWalletUpdated(address indexed wallet);
    event SplitsUpdated(address[] wallets, uint256[] bps);
    event BlacklistUpdated(address indexed account, bool blacklisted);
    event SanctionsUpdated(address indexed oracle, bool enabled);
    event DynamicTimeUpdated(bool enabled, uint256 timeConstant);
    event PriceFeedUpdated(address indexed feed, uint256 heartbeat);
    event SequencerGracePeriodUpdated(uint256 gracePeriod);

    // ---------------------------------------------------------------- payments

    /// @notice Withdraws payments that could not be delivered to the caller as a split recipient.
    /// @param token The payment token, or zero for ETH.
    function withdrawOwed(address token) external;

    /// @notice Withdraws the caller's held payments in `token` to `to`: for a recipient that cannot take them itself
    /// (a contract without `receive`, a USDC-blacklisted wallet).
    /// @param token The payment token, or zero for ETH.
    /// @param to Where to send them.
    function withdrawOwedTo(address token, address to) external;

    // ---------------------------------------------------------------- views

    /// @notice ETH (wei) needed to buy `amount` whole tokens on this chain now.
    function ethBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USDT (6 decimals) needed to buy `amount` whole tokens on this chain now.
    function usdtBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USDC (6 decimals) needed to buy `amount` whole tokens on this chain now.
    function usdcBuyHelper(uint256 amount) external view returns (uint256);
    /// @notice USD (18 decimals) cost of `amount` whole tokens on this chain now, priced round by round.
    function usdQuote(uint256 amount) external view returns (uint256);
    /// @notice ETH/USD with 18 decimals from the checked feed.
    function ethUsdPrice() external view returns (uint256);

    /// @notice Rounds data in the template's three parts: 0 cumulative caps, 1 prices, 2 end times.
    function roundDetails(uint256 part) external view returns (uint256[] memory);
    /// @notice Every round with both chains' shares and use, as this chain knows them.
    function rounds() external view returns (RoundInfo[] memory);
    /// @notice Tokens left unused of each round this chain has left by time, as far as this chain knows.
    function trackRemainingTokens() external view returns (uint256[] memory);
    /// @notice The round a purchase on this chain starts in now (the number of rounds once this chain has sold its
    /// share of the last one or the last one has ended).
    function currentStep() external view returns (uint256);
    /// @notice Position on the ladder in whole tokens: the current round's start plus both chains' use of it as this
    /// chain knows it.
    function checkPoint() external view returns (uint256);
    /// @notice Whole tokens sold on both chains, as this chain knows it (Ethereum: its own).
    function totalTokensSold() external view returns (uint256);
    /// @notice Whole tokens sold on this chain.
    function localTokensSold() external view returns (uint256);
    /// @notice USD raised on both chains as this chain knows it, 6 decimals (Ethereum: its own).
    function usdRaised() external view returns (uint256);
    /// @notice USD raised on this chain, 6 decimals.
    function localUsdRaised() external view returns (uint256);
    /// @notice This chain's use of each round and the other chain's as reported here (zero on Ethereum).
    function roundSales() external view returns (uint256[] memory local, uint256[] memory remote);
    /// @notice Whether later rounds are re-spaced when this chain fills its share of a round early, and by how much.
    function dynamicTime() external view returns (bool enabled, uint256 timeConstant);
    /// @notice The most whole tokens one purchase may buy.
    function maxTokensToBuy() external view returns (uint256);
    /// @notice USDT on this chain (zero where the presale does not take it: Base).
    function usdt() external view returns (address);
    /// @notice USDC on this chain.
    function usdc() external view returns (address);
    /// @notice When purchases open (unix seconds).
    function startTime() external view returns (uint256);
    /// @notice When purchases end (unix seconds); it only ever comes earlier.
    function endTime() external view returns (uint256);
    /// @notice Whether purchases are paused.
    function paused() external view returns (bool);
    /// @notice The wallet that receives what the split recipients leave of every payment.
    function paymentWallet() external view returns (address);
    /// @notice Ethereum: closed for good by `closeSale`; Base: the claim start is set (purchases stopped).
    function saleClosed() external view returns (bool);
    /// @notice Whether `account` is blacklisted here.
    function isBlacklisted(address account) external view returns (bool);
    /// @notice Whether buyers, payers and recipients (and on Base claimants) are screened against the sanctions oracle.
    function sanctionsEnabled() external view returns (bool);
    /// @notice The other chain's presale (zero until set).
    function remotePresale() external view returns (address);
    /// @notice The OP Stack cross-domain messenger of this chain (fixed at deployment).
    function messenger() external view returns (address);
    /// @notice The payment split recipients and their shares (basis points).
    function splits() external view returns (Split[] memory);
    /// @notice Payment held for `recipient` in `token` (zero address for ETH) after a refused delivery.
    function owed(address recipient, address token) external view returns (uint256);

    // ---------------------------------------------------------------- owner and admin

    /// @notice ADMIN_ROLE: stops purchases (claims and staking are not affected).
    function pause() external;
    /// @notice ADMIN_ROLE: resumes purchases.
    function unpause() external;
    /// @notice Owner: the sale's start and end; the end only ever comes earlier, and nothing changes once it has
    /// passed (an ended sale stays ended).
    function setSaleTimes(uint256 startTime, uint256 endTime) external;
    /// @notice Owner: every round's price and end time (caps and quotas are fixed at deployment).
    function setRounds(uint256[] calldata prices, uint256[] calldata endTimes) external;
    /// @notice Owner: moves this chain forward to round `step` with `used` tokens of its share there used (sold or
    /// skipped); never back, never beyond this chain's share, never into the other chain's, never after the close.
    function setCurrentStep(uint256 step, uint256 used) external;
    /// @notice Owner: the most whole tokens one purchase may buy (at most 16,777,215).
    function setMaxTokensToBuy(uint256 maxTokensToBuy) external;
    /// @notice Owner: the wallet that receives the remainder of every payment.
    function setPaymentWallet(address wallet) external;
    /// @notice Owner: payment split recipients and their shares in basis points (at most 15, together at most 100 %).
    function setSplits(address[] calldata wallets, uint256[] calldata bps) external;
    /// @notice Owner: blacklisted accounts can neither buy nor receive a purchase (nor claim, on Base).
    function setBlacklist(address[] calldata accounts, bool blacklisted) external;
    /// @notice Owner: the sanctions oracle and whether purchases (and on Base claims) are screened against it.
    function setSanctions(address oracle, bool enabled) external;
    /// @notice Owner: whether a round this chain fills early re-spaces the later rounds, `timeConstant` seconds apart.
    function setDynamicTime(bool enabled, uint256 timeConstant) external;
    /// @notice Owner: the ETH/USD feed and how old its answer may be (seconds).
    function setPriceFeed(address feed, uint256 heartbeat) external;
    /// @notice Sets how long after the L2 sequencer comes back up prices are still refused. The uptime feed itself is
    /// fixed at deployment (zero on L1: no check).
    function setSequencerGracePeriod(uint256 gracePeriod) external;
    /// @notice Owner, once: the other chain's presale (the only sender Base accepts reports from, the only target
    /// Ethereum sends them to).
    function setRemotePresale(address remotePresale) external;
}
