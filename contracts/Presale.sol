// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {ISanctionsList} from "./interfaces/ISanctionsList.sol";
import {IStaking} from "./interfaces/IStaking.sol";
import {CrossChainSync} from "./presale/CrossChainSync.sol";
import {EthUsdOracle} from "./presale/EthUsdOracle.sol";
import {PaymentRouter} from "./presale/PaymentRouter.sol";
import {LadderBook} from "./presale/LadderBook.sol";
import {PresaleLadder} from "./presale/PresaleLadder.sol";

/// @title The presale: buying on the ladder, claiming, and keeping two chains in step.
/// @notice Roles: the owner (default admin, two-step transfer with a delay) holds every setting, the white- and
/// blacklist among them (they gate claims); ADMIN_ROLE pauses purchases and moves the step; KEEPER_ROLE mirrors Base's
/// sales into Ethereum's ladder (bounded, Ethereum only); CARD_PROVIDER_ROLE buys on behalf of card customers while
/// the card restriction is on. Ethereum's deposits and close reach Base only through the canonical messenger (no
/// role). See {IPresale} for units.
contract Presale is
    PresaleLadder,
    CrossChainSync,
    EthUsdOracle,
    PaymentRouter,
    AccessControlDefaultAdminRules,
    ReentrancyGuardTransient
{
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @notice Pauses and unpauses purchases, and moves the step.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Ethereum: mirrors Base's per-round sales into the ladder, at most `maxMirrorStep()` tokens per call.
    bytes32 public constant KEEPER_ROLE = keccak256("KEEPER_ROLE");
    /// @notice Buys on behalf of card customers while the card restriction is on.
    bytes32 public constant CARD_PROVIDER_ROLE = keccak256("CARD_PROVIDER_ROLE");

    uint256 private constant TOKEN_UNIT = 1e18;
    uint256 private constant USD18_PER_USD6 = 1e12;
    /// @notice The claim start can be set (or moved earlier) to at most this long from now.
    uint256 public constant CLAIM_START_HORIZON = 30 days;

    /// @dev Deployment parameters (a struct: too many for the stack otherwise).
    struct InitParams {
        address owner;
        uint48 adminDelay;
        address saleToken;
        address usdt;
        address usdc;
        address priceFeed;
        uint256 priceFeedHeartbeat;
        address sequencerFeed;
        uint256 sequencerGracePeriod;
        address paymentWallet;
        uint256 startTime;
        uint256 endTime;
        uint256 maxTokensToBuy;
        uint256[] caps;
        uint256[] prices;
        uint256[] endTimes;
        address messenger;
        uint256 maxMirrorStep;
    }

    /// @dev Everything a purchase reads besides the buyer and the ladder, in one slot. Times are uint32 (valid until
    /// 2106); `flags` packs the switches below and, in its high nibble, the number of payment splits. FLAG_SALE_CLOSED
    /// is final: on Ethereum set by `closeSale`, on Base by `startClaim`.
    struct SaleConfig {
        address paymentWallet;
        uint32 startTime;
        uint32 endTime;
        uint24 maxTokensToBuy;
        uint8 flags;
    }

    uint8 private constant FLAG_PAUSED = 1;
    uint8 private constant FLAG_SANCTIONS = 2;
    uint8 private constant FLAG_CARD_RESTRICTED = 4;
    uint8 private constant FLAG_SALE_CLOSED = 8;
    uint8 private constant SPLITS_SHIFT = 4;

    /// @dev One buyer in one slot: deposits in sale-token wei, Ethereum deposits imported so far, and the flags.
    /// A claim deletes the whole slot (a storage refund that keeps `claim` cheap): deposits cannot grow once the claim
    /// start is set (purchases and Ethereum reports stop), so a deleted slot can never be claimed again.
    struct UserInfo {
        uint128 deposits;
        uint96 remoteImported;
        bool whitelisted;
        bool blacklisted;
    }

    /// @dev Everything a claim reads besides the buyer (the sanctions switch is mirrored here from the flags), plus
    /// totals written only by buy-and-stake purchases and Ethereum reports, and whether Ethereum's close arrived.
    struct ClaimState {
        uint96 stakedDuringSale;
        uint96 remoteImported;
        uint40 claimStart;
        bool whitelistOnly;
        bool sanctionsEnabled;
        bool remoteClosed;
    }

    IERC20 private immutable _saleToken;
    IERC20 private immutable _usdt;
    IERC20 private immutable _usdc;

    SaleConfig private _config;
    ClaimState private _claim;
    ISanctionsList private _sanctionsList;
    IStaking private _staking;
    mapping(address user => UserInfo) private _users;
    uint256 private _maxMirrorStep;

    /// @notice Deploys the presale with its full configuration; `p.owner` gets the default admin and ADMIN_ROLE.
    constructor(
        InitParams memory p
    ) CrossChainSync(p.messenger) EthUsdOracle(p.sequencerFeed) AccessControlDefaultAdminRules(p.adminDelay, p.owner) {
        _saleToken = IERC20(p.saleToken);
        _usdt = IERC20(p.usdt);
        _usdc = IERC20(p.usdc);
        _grantRole(ADMIN_ROLE, p.owner);
        _setPriceFeed(p.priceFeed, p.priceFeedHeartbeat);
        if (p.sequencerFeed != address(0)) _setSequencerGracePeriod(p.sequencerGracePeriod);
        _setPaymentWallet(p.paymentWallet);
        _setTimes(p.startTime, p.endTime);
        _setMaxTokensToBuy(p.maxTokensToBuy);
        _setRounds(p.caps, p.prices, p.endTimes);
        _setMaxMirrorStep(p.maxMirrorStep);
        _setFlag(FLAG_CARD_RESTRICTED, true);
        emit CardProviderRestrictionUpdated(true);
    }

    // ---------------------------------------------------------------- buying

    /// @inheritdoc IPresale
    function buyWithEth(uint256 amount, bool stake) external payable override nonReentrant {
        _buyWithEth(msg.sender, amount, stake);
    }

    /// @inheritdoc IPresale
    function buyWithETHWert(address user, uint256 amount, bool stake) external payable override nonReentrant {
        if (_config.flags & FLAG_CARD_RESTRICTED != 0 && !hasRole(CARD_PROVIDER_ROLE, msg.sender)) {
            revert NotCardProvider(msg.sender);
        }
        if (user == address(0)) revert ZeroAddress();
        _buyWithEth(user, amount, stake);
    }

    /// @inheritdoc IPresale
    /// @dev No reentrancy lock on stablecoin purchases: the tokens are fixed at deployment (no transfer hooks) and
    /// all state is final before they are called.
    function buyWithUSDT(uint256 amount, uint256 maxCost, bool stake) external override {
        _buyWithStable(_usdt, amount, maxCost, stake);
    }

    /// @inheritdoc IPresale
    function buyWithUSDC(uint256 amount, uint256 maxCost, bool stake) external override {
        _buyWithStable(_usdc, amount, maxCost, stake);
    }

    /// @inheritdoc IPresale
    /// @dev The permit is only tried: one already used (front-run by anyone who saw it), expired or forged changes
    /// nothing here, and the purchase then needs the allowance like `buyWithUSDC`. The token is fixed at deployment,
    /// so the call before the effects cannot re-enter.
    function buyWithUSDCPermit(
        uint256 amount,
        uint256 maxCost,
        bool stake,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external override {
        if (address(_usdc) == address(0)) revert UnsupportedPaymentToken();
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(_usdc)).permit(msg.sender, address(this), maxCost, deadline, v, r, s) {} catch {}
        _buyWithStable(_usdc, amount, maxCost, stake);
    }

    // ---------------------------------------------------------------- claiming

    /// @inheritdoc IPresale
    function claim() external override {
        uint256 amount = _takeDeposit(msg.sender);
        emit TokensClaimed(msg.sender, amount, false);
        _saleToken.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IPresale
    function claimAndStake() external override {
        uint256 amount = _takeDeposit(msg.sender);
        emit TokensClaimed(msg.sender, amount, true);
        _stakeFor(msg.sender, amount);
    }

    // ---------------------------------------------------------------- cross-chain

    /// @inheritdoc IPresale
    function relay(address[] calldata users) external override {
        _onlyEthereum();
        _relayReport(users);
    }

    /// @inheritdoc IPresale
    function closeSale() external override {
        _onlyEthereum();
        SaleConfig memory c = _config;
        if (c.flags & FLAG_SALE_CLOSED != 0) revert SaleClosed();
        if (block.timestamp < c.endTime && !hasRole(DEFAULT_ADMIN_ROLE, msg.sender)) revert SaleNotEnded(c.endTime);
        _setFlag(FLAG_SALE_CLOSED, true);
        emit SaleFinalized(localTokensSold(), localUsdRaised());
        _relayReport(new address[](0));
    }

    /// @inheritdoc IPresale
    /// @dev Only the messenger relaying the Ethereum presale's message gets past the first line (on Ethereum nothing
    /// does: the Base presale never sends). The claim start requires every Ethereum deposit imported, so a report can
    /// never credit a claimed (deleted) buyer again.
    function receiveEthereumReport(
        address[] calldata users,
        uint256[] calldata cumulativeDeposits,
        uint256[] calldata roundSold,
        uint256 tokensSold,
        uint256 usdRaised_,
        bool closed
    ) external override {
        _checkReportSender();
        ClaimState memory cs = _claim;
        if (cs.claimStart != 0) revert ClaimAlreadyStarted();
        if (users.length != cumulativeDeposits.length) revert LengthMismatch();
        uint256 imported = cs.remoteImported;
        for (uint256 i; i < users.length; ++i) {
            UserInfo storage u = _users[users[i]];
            uint256 cumulative = cumulativeDeposits[i];
            if (cumulative <= u.remoteImported) continue;
            uint256 credit = cumulative - u.remoteImported;
            u.remoteImported = cumulative.toUint96();
            u.deposits += credit.toUint128();
            imported += credit;
            emit RemoteDepositImported(users[i], cumulative, credit);
        }
        _claim.remoteImported = imported.toUint96();
        if (closed) _claim.remoteClosed = true;
        _bookRemote(roundSold, LadderBook.Booking.Report);
        _setRemoteTotals(tokensSold, usdRaised_, false);
        emit EthereumReportReceived(users.length, tokensSold, usdRaised_, closed);
    }

    /// @inheritdoc IPresale
    function mirrorRemoteSales(
        uint256[] calldata roundSold,
        uint256 usdRaised_
    ) external override onlyRole(KEEPER_ROLE) {
        _onlyOpenEthereum();
        (uint256 added, uint256 total) = _bookRemote(roundSold, LadderBook.Booking.Mirror);
        uint256 maxStep = _maxMirrorStep;
        if (added > maxStep) revert MirrorStepExceeded(added, maxStep);
        _setRemoteTotals(total, usdRaised_, false);
        emit RemoteSalesMirrored(total, remoteUsdRaised());
    }

    /// @inheritdoc IPresale
    function correctRemoteSales(
        uint256[] calldata roundSold,
        uint256 usdRaised_
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _onlyOpenEthereum();
        if (roundSold.length != _roundCount()) revert LengthMismatch();
        (, uint256 total) = _bookRemote(roundSold, LadderBook.Booking.Correction);
        _setRemoteTotals(total, usdRaised_, true);
        emit RemoteSalesCorrected(total, usdRaised_);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IPresale
    function ethBuyHelper(uint256 amount) external view override returns (uint256) {
        return _usdToEth(_quoteUsd(amount));
    }

    /// @inheritdoc IPresale
    function usdtBuyHelper(uint256 amount) external view override returns (uint256) {
        return Math.ceilDiv(_quoteUsd(amount), USD18_PER_USD6);
    }

    /// @inheritdoc IPresale
    function usdcBuyHelper(uint256 amount) external view override returns (uint256) {
        return Math.ceilDiv(_quoteUsd(amount), USD18_PER_USD6);
    }

    /// @inheritdoc IPresale
    function usdQuote(uint256 amount) external view override returns (uint256) {
        return _quoteUsd(amount);
    }

    /// @inheritdoc IPresale
    function maxTokensToBuy() external view override returns (uint256) {
        return _config.maxTokensToBuy;
    }

    /// @inheritdoc IPresale
    function userDeposits(address user) external view override returns (uint256) {
        return _users[user].deposits;
    }

    /// @inheritdoc IPresale
    function remoteDepositsImported(address user) external view override returns (uint256) {
        return _users[user].remoteImported;
    }

    /// @inheritdoc IPresale
    function totalRemoteDepositsImported() external view override returns (uint256) {
        return _claim.remoteImported;
    }

    /// @inheritdoc IPresale
    function stakedDuringSale() external view override returns (uint256) {
        return _claim.stakedDuringSale;
    }

    /// @inheritdoc IPresale
    function isWhitelisted(address user) external view override returns (bool) {
        return _users[user].whitelisted;
    }

    /// @inheritdoc IPresale
    function isBlacklisted(address user) external view override returns (bool) {
        return _users[user].blacklisted;
    }

    /// @inheritdoc IPresale
    function saleToken() external view override returns (address) {
        return address(_saleToken);
    }

    /// @inheritdoc IPresale
    function usdt() external view override returns (address) {
        return address(_usdt);
    }

    /// @inheritdoc IPresale
    function usdc() external view override returns (address) {
        return address(_usdc);
    }

    /// @inheritdoc IPresale
    function staking() external view override returns (address) {
        return address(_staking);
    }

    /// @inheritdoc IPresale
    function startTime() external view override returns (uint256) {
        return _config.startTime;
    }

    /// @inheritdoc IPresale
    function paymentWallet() external view override returns (address) {
        return _config.paymentWallet;
    }

    /// @inheritdoc IPresale
    function endTime() external view override returns (uint256) {
        return _config.endTime;
    }

    /// @inheritdoc IPresale
    function claimStart() external view override returns (uint256) {
        return _claim.claimStart;
    }

    /// @inheritdoc IPresale
    function saleClosed() external view override returns (bool) {
        return _config.flags & FLAG_SALE_CLOSED != 0;
    }

    /// @inheritdoc IPresale
    function remoteSaleClosed() external view override returns (bool) {
        return _claim.remoteClosed;
    }

    /// @inheritdoc IPresale
    function maxMirrorStep() external view override returns (uint256) {
        return _maxMirrorStep;
    }

    /// @inheritdoc IPresale
    function paused() external view override returns (bool) {
        return _config.flags & FLAG_PAUSED != 0;
    }

    /// @notice The switches of the sale.
    /// @return sanctionsEnabled Whether buyers (and payers) are screened against the sanctions oracle.
    /// @return claimWhitelistOnly Whether only whitelisted users may claim.
    /// @return cardProvidersRestricted Whether card purchases are limited to CARD_PROVIDER_ROLE.
    function flags()
        external
        view
        returns (bool sanctionsEnabled, bool claimWhitelistOnly, bool cardProvidersRestricted)
    {
        uint8 f = _config.flags;
        return (f & FLAG_SANCTIONS != 0, _claim.whitelistOnly, f & FLAG_CARD_RESTRICTED != 0);
    }

    /// @notice The sanctions oracle screened against while screening is on.
    /// @return The oracle's address (zero if never set).
    function sanctionsList() external view returns (address) {
        return address(_sanctionsList);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc IPresale
    function pause() external override onlyRole(ADMIN_ROLE) {
        _setFlag(FLAG_PAUSED, true);
        emit Paused(msg.sender);
    }

    /// @inheritdoc IPresale
    function unpause() external override onlyRole(ADMIN_ROLE) {
        _setFlag(FLAG_PAUSED, false);
        emit Unpaused(msg.sender);
    }

    /// @inheritdoc IPresale
    /// @dev Owner only, like the blacklist: both gate claims, so an operations key must not be able to hold them back.
    function setWhitelist(
        address[] calldata accounts,
        bool whitelisted
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        for (uint256 i; i < accounts.length; ++i) {
            _users[accounts[i]].whitelisted = whitelisted;
            emit WhitelistUpdated(accounts[i], whitelisted);
        }
    }

    /// @inheritdoc IPresale
    function setBlacklist(
        address[] calldata accounts,
        bool blacklisted
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        for (uint256 i; i < accounts.length; ++i) {
            _users[accounts[i]].blacklisted = blacklisted;
            emit BlacklistUpdated(accounts[i], blacklisted);
        }
    }

    /// @inheritdoc IPresale
    function setCurrentStep(uint256 step, uint256 checkPoint_) external override onlyRole(ADMIN_ROLE) {
        _setStep(step, checkPoint_);
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IPresale
    function setSaleTimes(uint256 startTime_, uint256 endTime_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setTimes(startTime_, endTime_);
    }

    /// @inheritdoc IPresale
    function setRounds(
        uint256[] calldata caps,
        uint256[] calldata prices,
        uint256[] calldata endTimes
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setRounds(caps, prices, endTimes);
    }

    /// @inheritdoc IPresale
    function setMaxTokensToBuy(uint256 maxTokensToBuy_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setMaxTokensToBuy(maxTokensToBuy_);
    }

    /// @inheritdoc IPresale
    function setPaymentWallet(address wallet) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setPaymentWallet(wallet);
    }

    /// @inheritdoc IPresale
    function setSplits(
        address[] calldata wallets,
        uint256[] calldata bps
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        uint256 count = _setSplits(wallets, bps);
        _config.flags = uint8((_config.flags & ((1 << SPLITS_SHIFT) - 1)) | (count << SPLITS_SHIFT));
    }

    /// @inheritdoc IPresale
    function setSanctions(address oracle, bool enabled) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (enabled && oracle == address(0)) revert ZeroAddress();
        _sanctionsList = ISanctionsList(oracle);
        _setFlag(FLAG_SANCTIONS, enabled);
        _claim.sanctionsEnabled = enabled;
        emit SanctionsUpdated(oracle, enabled);
    }

    /// @inheritdoc IPresale
    function setClaimWhitelistOnly(bool enabled) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _claim.whitelistOnly = enabled;
        emit ClaimWhitelistOnlyUpdated(enabled);
    }

    /// @inheritdoc IPresale
    function setDynamicTime(bool enabled, uint256 timeConstant) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setDynamicTime(enabled, timeConstant);
    }

    /// @inheritdoc IPresale
    function setCardProviderRestricted(bool restricted) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setFlag(FLAG_CARD_RESTRICTED, restricted);
        emit CardProviderRestrictionUpdated(restricted);
    }

    /// @inheritdoc IPresale
    function setPriceFeed(address feed, uint256 heartbeat) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setPriceFeed(feed, heartbeat);
    }

    /// @inheritdoc IPresale
    function setSequencerGracePeriod(uint256 gracePeriod) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setSequencerGracePeriod(gracePeriod);
    }

    /// @inheritdoc IPresale
    function setStaking(address staking_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (staking_ == address(0)) revert ZeroAddress();
        if (address(_saleToken) == address(0)) revert StakingUnavailable();
        _staking = IStaking(staking_);
        emit StakingUpdated(staking_);
    }

    /// @inheritdoc IPresale
    function setRemotePresale(address remotePresale_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setRemotePresale(remotePresale_);
    }

    /// @inheritdoc IPresale
    function setMaxMirrorStep(uint256 maxMirrorStep_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setMaxMirrorStep(maxMirrorStep_);
    }

    /// @inheritdoc IPresale
    function startClaim(uint256 claimStart_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (address(_saleToken) == address(0)) revert ClaimNotSupported();
        if (claimStart_ == 0) revert InvalidTimes();
        uint256 latest = block.timestamp + CLAIM_START_HORIZON;
        if (claimStart_ > latest) revert ClaimStartTooLate(claimStart_, latest);
        ClaimState memory cs = _claim;
        if (cs.claimStart != 0) {
            // Already set: only earlier, and only before it passes (deposits are frozen since the first call).
            if (block.timestamp >= cs.claimStart) revert ClaimAlreadyStarted();
            if (claimStart_ >= cs.claimStart) revert ClaimStartNotEarlier(claimStart_, cs.claimStart);
            _claim.claimStart = claimStart_.toUint40();
            emit ClaimStartSet(claimStart_);
            return;
        }
        if (!cs.remoteClosed) revert RemoteSaleOpen();
        uint256 remoteSold = remoteTokensSold() * TOKEN_UNIT;
        if (cs.remoteImported != remoteSold) revert RemoteImportIncomplete(remoteSold, cs.remoteImported);
        uint256 required = totalTokensSold() * TOKEN_UNIT - cs.stakedDuringSale;
        uint256 balance = _saleToken.balanceOf(address(this));
        if (balance < required) revert PresaleUnderfunded(required, balance);
        _claim.claimStart = claimStart_.toUint40();
        _setFlag(FLAG_SALE_CLOSED, true);
        emit ClaimStartSet(claimStart_);
    }

    /// @notice Renouncing the owner role is disabled: without an owner the claim could never be started and every
    /// buyer's tokens would stay locked. Hand over with the two-step `beginDefaultAdminTransfer` instead. Other roles
    /// may still be renounced (the owner can grant them again).
    /// @param role The role to give up.
    /// @param account The caller's own address.
    function renounceRole(bytes32 role, address account) public override {
        if (role == DEFAULT_ADMIN_ROLE) revert RenounceDisabled();
        super.renounceRole(role, account);
    }

    // ---------------------------------------------------------------- internals

    function _buyWithEth(address user, uint256 amount, bool stake) private {
        (uint256 usd, SaleConfig memory c) = _credit(user, amount, stake);
        uint256 cost = _usdToEth(usd);
        if (msg.value < cost) revert InsufficientPayment(cost, msg.value);
        emit TokensBought(user, address(0), amount, cost, usd, stake);
        _routeEth(cost, c.paymentWallet, c.flags >> SPLITS_SHIFT);
        if (msg.value > cost) _sendEthOrRevert(msg.sender, msg.value - cost);
    }

    function _buyWithStable(IERC20 token, uint256 amount, uint256 maxCost, bool stake) private {
        if (address(token) == address(0)) revert UnsupportedPaymentToken();
        (uint256 usd, SaleConfig memory c) = _credit(msg.sender, amount, stake);
        uint256 cost = Math.ceilDiv(usd, USD18_PER_USD6);
        if (cost > maxCost) revert MaxCostExceeded(cost, maxCost);
        emit TokensBought(msg.sender, address(token), amount, cost, usd, stake);
        _routeToken(token, msg.sender, cost, c.paymentWallet, c.flags >> SPLITS_SHIFT);
    }

    /// @dev Checks a purchase, sells it on the ladder and credits `user` (or stakes for them). Returns the USD cost
    /// with 18 decimals and the sale configuration it read.
    function _credit(address user, uint256 amount, bool stake) private returns (uint256 usd, SaleConfig memory c) {
        c = _config;
        if (c.flags & (FLAG_PAUSED | FLAG_SALE_CLOSED) != 0) {
            if (c.flags & FLAG_SALE_CLOSED != 0) revert SaleClosed();
            revert SalePaused();
        }
        if (block.timestamp < c.startTime || block.timestamp >= c.endTime) revert SaleNotActive();
        if (amount == 0) revert ZeroAmount();
        if (amount > c.maxTokensToBuy) revert MaxTokensExceeded(c.maxTokensToBuy, amount);
        UserInfo storage u = _users[user];
        if (u.blacklisted) revert AccountBlacklisted(user);
        if (c.flags & FLAG_SANCTIONS != 0) {
            _checkSanctions(user);
            if (msg.sender != user) _checkSanctions(msg.sender);
        }

        usd = _sell(amount);
        uint256 tokens = amount * TOKEN_UNIT;
        if (stake) {
            _claim.stakedDuringSale += tokens.toUint96();
            _stakeFor(user, tokens);
        } else {
            u.deposits += tokens.toUint128();
        }
    }

    /// @dev Checks and consumes a claim. Effects only; the caller moves the tokens.
    function _takeDeposit(address user) private returns (uint256 amount) {
        if (address(_saleToken) == address(0)) revert ClaimNotSupported();
        ClaimState memory cs = _claim;
        if (cs.claimStart == 0 || block.timestamp < cs.claimStart) revert ClaimNotStarted();
        UserInfo memory u = _users[user];
        if (u.blacklisted) revert AccountBlacklisted(user);
        if (cs.whitelistOnly && !u.whitelisted) revert NotWhitelisted(user);
        if (cs.sanctionsEnabled) _checkSanctions(user);
        amount = u.deposits;
        if (amount == 0) revert NothingToClaim(user);
        delete _users[user];
    }

    /// @dev Moves `tokens` sale-token wei into staking for `user`.
    function _stakeFor(address user, uint256 tokens) private {
        IStaking stakingContract = _staking;
        if (address(stakingContract) == address(0)) revert StakingUnavailable();
        _saleToken.safeTransfer(address(stakingContract), tokens);
        stakingContract.depositByPresale(user, tokens);
    }

    /// @dev Sends this chain's report for `users` (Ethereum): their deposits and the chain's own totals.
    function _relayReport(address[] memory users) private {
        uint256[] memory deposits = new uint256[](users.length);
        for (uint256 i; i < users.length; ++i) deposits[i] = _users[users[i]].deposits;
        (uint256[] memory local, ) = _roundSales();
        uint256 sold = localTokensSold();
        uint256 usd = localUsdRaised();
        bool closed = _config.flags & FLAG_SALE_CLOSED != 0;
        _sendReport(users, deposits, local, sold, usd, closed);
        emit Relayed(users.length, sold, usd, closed);
    }

    /// @dev Ethereum is the chain without the sale token.
    function _onlyEthereum() private view {
        if (address(_saleToken) != address(0)) revert WrongChain();
    }

    function _onlyOpenEthereum() private view {
        _onlyEthereum();
        if (_config.flags & FLAG_SALE_CLOSED != 0) revert SaleClosed();
    }

    function _setMaxMirrorStep(uint256 maxMirrorStep_) private {
        _maxMirrorStep = maxMirrorStep_;
        emit MaxMirrorStepUpdated(maxMirrorStep_);
    }

    function _roundCount() internal view override returns (uint256) {
        return _ladderRoundCount();
    }

    function _checkSanctions(address account) private view {
        if (_sanctionsList.isSanctioned(account)) revert AccountSanctioned(account);
    }

    /// @dev Rounds up: the buyer never pays less than the USD price.
    function _usdToEth(uint256 usd) private view returns (uint256) {
        return Math.mulDiv(usd, TOKEN_UNIT, ethUsdPrice(), Math.Rounding.Ceil);
    }

    function _setTimes(uint256 startTime_, uint256 endTime_) private {
        if (startTime_ >= endTime_) revert InvalidTimes();
        (_config.startTime, _config.endTime) = (startTime_.toUint32(), endTime_.toUint32());
        emit SaleTimesUpdated(startTime_, endTime_);
    }

    /// @dev At most 16,777,215 tokens per purchase (the field is 24 bits to share the purchase slot).
    function _setMaxTokensToBuy(uint256 maxTokensToBuy_) private {
        if (maxTokensToBuy_ == 0 || maxTokensToBuy_ > type(uint24).max) revert InvalidParameter();
        _config.maxTokensToBuy = uint24(maxTokensToBuy_);
        emit MaxTokensToBuyUpdated(maxTokensToBuy_);
    }

    function _setPaymentWallet(address wallet) private {
        if (wallet == address(0)) revert ZeroAddress();
        _config.paymentWallet = wallet;
        emit PaymentWalletUpdated(wallet);
    }

    function _setFlag(uint8 flag, bool on) private {
        uint8 current = _config.flags;
        _config.flags = on ? current | flag : current & ~flag;
    }

    function _splitCount() internal view override returns (uint256) {
        return _config.flags >> SPLITS_SHIFT;
    }
}
