// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A presale sold in USD-priced rounds, payable in ETH, USDT, USDC or by card, on two chains with one ladder.
/// @notice Token amounts passed to buy functions and all ladder figures are WHOLE tokens; deposits and claims are in
/// sale-token wei (18 decimals). USD figures: round prices in USD with 18 decimals per whole token; `usdRaised` in
/// USD with 6 decimals (like USDT). The same contract runs on Ethereum (no sale token, no claim) and on Base (claim
/// chain). Ethereum's buyers' cumulative deposits, its per-round sold counts and its close reach Base only through the
/// OP Stack's canonical messenger (`relay`, `closeSale` -> `receiveEthereumReport`); the keeper mirrors Base's
/// per-round sold counts into Ethereum's ladder (`mirrorRemoteSales`), bounded per call, and the owner can correct
/// them until Ethereum closes. Every report is keyed by monotonic totals, so a replayed, duplicated or reordered
/// message is a no-op.
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
    error RenounceDisabled();
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
    error SaleClosed();
    error SaleNotEnded(uint256 endTime);
    error WrongChain();
    error RemotePresaleAlreadySet();
    error RemotePresaleNotSet();
    error NotRemotePresale(address sender);
    error RemoteSaleOpen();
    error MirrorStepExceeded(uint256 step, uint256 maxStep);
    error MirrorExceedsRound(uint256 round, uint256 sold, uint256 roundSize);
    error ClaimStartTooLate(uint256 claimStart, uint256 latest);
    error ClaimStartNotEarlier(uint256 claimStart, uint256 current);
    error LengthMismatch();
    error NothingOwed(address account);
    error EthTransferFailed(address to);

    // ---------------------------------------------------------------- events

    /// @dev `paymentToken` is zero for ETH (direct or card); `paid` is in the payment token's units; `usdValue` has
    /// 18 decimals. For card purchases the card provider is the transaction's sender.
    event TokensBought(
        address indexed user,
        address indexed paymentToken,
        uint256 tokens,
        uint256 paid,
        uint256 usdValue,
        bool staked
    );
    event RoundExpired(uint256 indexed step, uint256 unsoldTokens);
    event StepAdvanced(uint256 indexed step, uint256 checkPoint);
    event TokensClaimed(address indexed user, uint256 amount, bool staked);
    event RemoteDepositImported(address indexed user, uint256 cumulative, uint256 credited);
    /// @dev Ethereum: a report sent to Base (`users` buyers, Ethereum's own totals, whether the sale is closed).
    event Relayed(uint256 users, uint256 tokensSold, uint256 usdRaised, bool closed);
    /// @dev Base: a report from the Ethereum presale delivered by the messenger (Ethereum's totals as reported).
    event EthereumReportReceived(uint256 users, uint256 tokensSold, uint256 usdRaised, bool closed);
    /// @dev Ethereum: the keeper's mirror of Base's sales (the resulting remote totals).
    event RemoteSalesMirrored(uint256 remoteTokensSold, uint256 remoteUsdRaised);
    /// @dev Ethereum: the owner's correction of the mirrored values (the resulting remote totals).
    event RemoteSalesCorrected(uint256 remoteTokensSold, uint256 remoteUsdRaised);
    /// @dev Ethereum: the sale closed for good with these local totals.
    event SaleFinalized(uint256 tokensSold, uint256 usdRaised);
    event RemotePresaleSet(address indexed remotePresale);
    event MaxMirrorStepUpdated(uint256 maxMirrorStep);
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

    /// @notice `buyWithUSDC` with an EIP-2612 permit in the same transaction: no separate approval. The permit is tried
    /// first and its failure ignored (someone may have submitted it already); the purchase then pulls the cost with
    /// the allowance as usual and reverts like `buyWithUSDC` when it falls short.
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDC (6 decimals) the purchase may cost, and the permit's value: the caller's USDC
    /// signature for spender = this presale, owner = the caller, value = `maxCost`.
    /// @param stake Whether the tokens go straight into staking (claim chain only).
    /// @param deadline The permit's deadline (unix seconds).
    /// @param v The permit signature's recovery byte.
    /// @param r The permit signature's r.
    /// @param s The permit signature's s.
    function buyWithUSDCPermit(
        uint256 amount,
        uint256 maxCost,
        bool stake,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

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

    // ---------------------------------------------------------------- cross-chain

    /// @notice Ethereum, anyone: sends `users`' cumulative deposits (wei), this chain's per-round sold counts, sold
    /// total, USD raised and closed flag, read from this contract's own state, to the Base presale through the
    /// canonical messenger, with a gas limit of `relayGasLimit(users.length)`.
    function relay(address[] calldata users) external;

    /// @notice Ethereum: closes the sale for good (anyone after the end time, the owner at any time) and relays the
    /// final totals. Purchases revert `SaleClosed` from then on.
    function closeSale() external;

    /// @notice Base, only from the messenger while its `xDomainMessageSender()` is the Ethereum presale: credits
    /// Ethereum buyers up to their cumulative deposits and books Ethereum's per-round sold counts. Values not above
    /// what is stored change nothing, and `closed` is sticky, so a replayed, duplicated or reordered report is
    /// harmless. Reverts once the claim start is set (everything was imported by then).
    function receiveEthereumReport(
        address[] calldata users,
        uint256[] calldata cumulativeDeposits,
        uint256[] calldata roundSold,
        uint256 tokensSold,
        uint256 usdRaised,
        bool closed
    ) external;

    /// @notice Ethereum, KEEPER_ROLE: books Base's cumulative per-round sold counts (whole tokens) and USD raised (6
    /// decimals) into this chain's ladder. Counts not above the stored ones change nothing; no count may exceed its
    /// round's size and the counts may grow by at most `maxMirrorStep()` tokens in all per call.
    function mirrorRemoteSales(uint256[] calldata roundSold, uint256 usdRaised) external;

    /// @notice Ethereum, owner, until the sale is closed: replaces the mirrored per-round counts (one per round) and
    /// USD raised, lower or higher, and moves the position accordingly.
    function correctRemoteSales(uint256[] calldata roundSold, uint256 usdRaised) external;

    /// @notice Ethereum, owner: the most tokens one `mirrorRemoteSales` call may add (zero stops the mirror).
    function setMaxMirrorStep(uint256 maxMirrorStep) external;

    /// @notice Owner, once: the other chain's presale (the only sender Base accepts reports from, the only target
    /// Ethereum sends them to).
    function setRemotePresale(address remotePresale) external;

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
    /// @notice Unsold tokens of each round closed by expiry, by round index (neither chain sold them).
    function trackRemainingTokens() external view returns (uint256[] memory);
    function currentStep() external view returns (uint256);
    /// @notice Position on the ladder in whole tokens: the current round's start plus what both chains sold in it (as
    /// far as this chain knows).
    function checkPoint() external view returns (uint256);
    /// @notice Whole tokens sold on both chains.
    function totalTokensSold() external view returns (uint256);
    function localTokensSold() external view returns (uint256);
    function remoteTokensSold() external view returns (uint256);
    /// @notice USD raised on both chains, 6 decimals.
    function usdRaised() external view returns (uint256);
    /// @notice USD raised on this chain, 6 decimals (what Base's keeper mirrors and Ethereum's reports carry).
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
    /// @notice Ethereum: closed for good by `closeSale`; Base: the claim start is set (purchases stopped).
    function saleClosed() external view returns (bool);
    /// @notice Base: a report with Ethereum's close has been received.
    function remoteSaleClosed() external view returns (bool);
    function remotePresale() external view returns (address);
    /// @notice The OP Stack cross-domain messenger of this chain (fixed at deployment).
    function messenger() external view returns (address);
    function maxMirrorStep() external view returns (uint256);
    /// @notice The minimum gas limit `relay` asks the messenger for to deliver a report of `users` buyers.
    function relayGasLimit(uint256 users) external view returns (uint32);
    /// @notice Whole tokens sold in each round: on this chain, and on the other chain as booked here.
    function roundSales() external view returns (uint256[] memory local, uint256[] memory remote);
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
    /// @notice Base: stops sales and opens claiming at `claimStart`, at most `CLAIM_START_HORIZON` from now. Refuses
    /// unless Ethereum's close was received, every Ethereum-sold token is imported and the contract holds enough sale
    /// tokens for everything sold and not yet delivered. Called again before the claim start passes, it moves the
    /// start earlier (never later).
    function startClaim(uint256 claimStart) external;
}
