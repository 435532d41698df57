// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {ISanctionsList} from "./interfaces/ISanctionsList.sol";
import {CrossChainSync} from "./presale/CrossChainSync.sol";
import {EthUsdOracle} from "./presale/EthUsdOracle.sol";
import {PaymentRouter} from "./presale/PaymentRouter.sol";
import {PresaleLadder} from "./presale/PresaleLadder.sol";

/// @title What both chains' presales share: the sale's settings, the checks every purchase passes, pricing and
/// payment, and the owner's and operations' powers over them.
/// @notice Roles: the owner (default admin, two-step transfer with a delay) holds every setting; ADMIN_ROLE only
/// pauses and unpauses purchases. {EthereumPresale} and {BasePresale} add each chain's buying, reporting and
/// claiming. See {IPresale} for units and how the chains share the ladder.
/// @custom:security-contact security@shaft.example
abstract contract Presale is
    PresaleLadder,
    CrossChainSync,
    EthUsdOracle,
    PaymentRouter,
    AccessControlDefaultAdminRules,
    ReentrancyGuardTransient
{
    /// @notice Pauses and unpauses purchases.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");

    uint256 internal constant TOKEN_UNIT = 1e18;
    uint256 private constant USD18_PER_USD6 = 1e12;

    /// @dev Deployment parameters shared by both chains (a struct: too many for the stack otherwise).
    struct InitParams {
        address owner;
        uint48 adminDelay;
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
        uint256[] ethereumQuotas;
        address messenger;
    }

    /// @dev Everything a purchase reads besides the buyer and the ladder, in one slot. Times are uint32 (valid until
    /// 2106); `flags` packs the switches below and, in its high nibble, the number of payment splits.
    /// FLAG_SALE_CLOSED is final: on Ethereum set by `closeSale`, on Base by the claim start.
    struct SaleConfig {
        address paymentWallet;
        uint32 startTime;
        uint32 endTime;
        uint24 maxTokensToBuy;
        uint8 flags;
    }

    uint8 private constant FLAG_PAUSED = 1;
    uint8 internal constant FLAG_SANCTIONS = 2;
    uint8 internal constant FLAG_CARD_RESTRICTED = 4;
    uint8 internal constant FLAG_SALE_CLOSED = 8;
    uint8 private constant SPLITS_SHIFT = 4;

    IERC20 internal immutable _usdt;
    IERC20 internal immutable _usdc;

    SaleConfig internal _config;
    ISanctionsList private _sanctionsList;

    /// @param p The shared settings; `p.owner` gets the default admin and ADMIN_ROLE.
    /// @param ethereumSide Whether this is the Ethereum presale (it sells Ethereum's quota of each round).
    constructor(
        InitParams memory p,
        bool ethereumSide
    )
        PresaleLadder(p.caps, p.prices, p.endTimes, p.ethereumQuotas, ethereumSide)
        CrossChainSync(p.messenger)
        EthUsdOracle(p.sequencerFeed)
        AccessControlDefaultAdminRules(p.adminDelay, p.owner)
    {
        _usdt = IERC20(p.usdt);
        _usdc = IERC20(p.usdc);
        _grantRole(ADMIN_ROLE, p.owner);
        _setPriceFeed(p.priceFeed, p.priceFeedHeartbeat);
        if (p.sequencerFeed != address(0)) _setSequencerGracePeriod(p.sequencerGracePeriod);
        _setPaymentWallet(p.paymentWallet);
        _setTimes(p.startTime, p.endTime);
        _setMaxTokensToBuy(p.maxTokensToBuy);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IPresale
    function ethBuyHelper(uint256 amount) external view override returns (uint256) {
        return _usdToEth(_quoteUsd(amount));
    }

    /// @inheritdoc IPresale
    function usdtBuyHelper(uint256 amount) external view override returns (uint256) {
        return _usdToStable(_quoteUsd(amount));
    }

    /// @inheritdoc IPresale
    function usdcBuyHelper(uint256 amount) external view override returns (uint256) {
        return _usdToStable(_quoteUsd(amount));
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
    function usdt() external view override returns (address) {
        return address(_usdt);
    }

    /// @inheritdoc IPresale
    function usdc() external view override returns (address) {
        return address(_usdc);
    }

    /// @inheritdoc IPresale
    function startTime() external view override returns (uint256) {
        return _config.startTime;
    }

    /// @inheritdoc IPresale
    function endTime() public view override returns (uint256) {
        return _config.endTime;
    }

    /// @inheritdoc IPresale
    function paused() external view override returns (bool) {
        return _config.flags & FLAG_PAUSED != 0;
    }

    /// @inheritdoc IPresale
    function paymentWallet() external view override returns (address) {
        return _config.paymentWallet;
    }

    /// @inheritdoc IPresale
    function saleClosed() public view override returns (bool) {
        return _config.flags & FLAG_SALE_CLOSED != 0;
    }

    /// @inheritdoc IPresale
    function isBlacklisted(address account) external view override returns (bool) {
        return _isBlacklisted(account);
    }

    /// @inheritdoc IPresale
    function sanctionsEnabled() external view override returns (bool) {
        return _config.flags & FLAG_SANCTIONS != 0;
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

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IPresale
    /// @dev The end only ever comes earlier, so the deployment's end bounds when Ethereum can be closed and the claim
    /// opened (the deadline counts from the end), whatever the owner does on either chain.
    function setSaleTimes(uint256 startTime_, uint256 endTime_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (saleClosed()) revert SaleClosed();
        uint256 end = _config.endTime;
        if (block.timestamp >= end) revert SaleEnded();
        if (endTime_ > end) revert SaleEndNotEarlier(endTime_, end);
        _setTimes(startTime_, endTime_);
    }

    /// @inheritdoc IPresale
    function setRounds(
        uint256[] calldata prices,
        uint256[] calldata endTimes
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setRoundTerms(prices, endTimes);
    }

    /// @inheritdoc IPresale
    /// @dev Refused once the sale is closed: on Ethereum the close released every unused quota to Base.
    function setCurrentStep(uint256 step, uint256 used) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (saleClosed()) revert SaleClosed();
        _setStep(step, used);
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
    function setBlacklist(
        address[] calldata accounts,
        bool blacklisted
    ) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        for (uint256 i; i < accounts.length; ++i) {
            _setBlacklisted(accounts[i], blacklisted);
            emit BlacklistUpdated(accounts[i], blacklisted);
        }
    }

    /// @inheritdoc IPresale
    function setSanctions(address oracle, bool enabled) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (enabled && oracle == address(0)) revert ZeroAddress();
        _sanctionsList = ISanctionsList(oracle);
        _setFlag(FLAG_SANCTIONS, enabled);
        _onSanctionsSwitch(enabled);
        emit SanctionsUpdated(oracle, enabled);
    }

    /// @inheritdoc IPresale
    function setDynamicTime(bool enabled, uint256 timeConstant) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setDynamicTime(enabled, timeConstant);
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
    function setRemotePresale(address remotePresale_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setRemotePresale(remotePresale_);
    }

    /// @notice Renouncing the owner role is disabled: an ownerless presale could never be reconfigured (and on Base
    /// the claim would wait for its deadline). Hand over with the two-step `beginDefaultAdminTransfer` instead. Other
    /// roles may still be renounced (the owner can grant them again).
    /// @param role The role to give up.
    /// @param account The caller's own address.
    function renounceRole(bytes32 role, address account) public override {
        if (role == DEFAULT_ADMIN_ROLE) revert RenounceDisabled();
        super.renounceRole(role, account);
    }

    // ---------------------------------------------------------------- purchases

    /// @dev Checks that the sale takes a purchase of `amount` whole tokens now; returns the sale configuration read.
    function _checkPurchase(uint256 amount) internal view returns (SaleConfig memory c) {
        c = _config;
        if (c.flags & (FLAG_PAUSED | FLAG_SALE_CLOSED) != 0) {
            if (c.flags & FLAG_SALE_CLOSED != 0) revert SaleClosed();
            revert SalePaused();
        }
        if (block.timestamp < c.startTime || block.timestamp >= c.endTime) revert SaleNotActive();
        if (amount == 0) revert ZeroAmount();
        if (amount > c.maxTokensToBuy) revert MaxTokensExceeded(c.maxTokensToBuy, amount);
    }

    /// @dev Screens `account` against the sanctions oracle while screening is on.
    function _screen(SaleConfig memory c, address account) internal view {
        if (c.flags & FLAG_SANCTIONS != 0) _checkSanctions(account);
    }

    function _checkSanctions(address account) internal view {
        if (_sanctionsList.isSanctioned(account)) revert AccountSanctioned(account);
    }

    /// @dev ETH (wei) for `usd` (18 decimals), checked against `msg.value`.
    function _ethCost(uint256 usd) internal view returns (uint256 cost) {
        cost = _usdToEth(usd);
        if (msg.value < cost) revert InsufficientPayment(cost, msg.value);
    }

    /// @dev Stablecoin units for `usd` (18 decimals), checked against the buyer's `maxCost`.
    function _stableCost(IERC20 token, uint256 usd, uint256 maxCost) internal pure returns (uint256 cost) {
        if (address(token) == address(0)) revert UnsupportedPaymentToken();
        cost = _usdToStable(usd);
        if (cost > maxCost) revert MaxCostExceeded(cost, maxCost);
    }

    /// @dev Pays `cost` wei of the ETH sent to the recipients and refunds the rest to the sender.
    function _collectEth(uint256 cost, SaleConfig memory c) internal {
        _routeEth(cost, c.paymentWallet, c.flags >> SPLITS_SHIFT);
        if (msg.value > cost) _sendEthOrRevert(msg.sender, msg.value - cost);
    }

    /// @dev Pulls `cost` of `token` from the sender to the recipients.
    function _collectStable(IERC20 token, uint256 cost, SaleConfig memory c) internal {
        _routeToken(token, msg.sender, cost, c.paymentWallet, c.flags >> SPLITS_SHIFT);
    }

    // ---------------------------------------------------------------- hooks for each chain

    function _isBlacklisted(address account) internal view virtual returns (bool);

    function _setBlacklisted(address account, bool blacklisted) internal virtual;

    /// @dev Called when sanctions screening is switched (Base mirrors the switch where claims read it).
    function _onSanctionsSwitch(bool enabled) internal virtual;

    // ---------------------------------------------------------------- internals

    function _setFlag(uint8 flag, bool on) internal {
        uint8 current = _config.flags;
        _config.flags = on ? current | flag : current & ~flag;
    }

    function _ladderClosed() internal view override returns (bool) {
        return saleClosed();
    }

    function _splitCount() internal view override returns (uint256) {
        return _config.flags >> SPLITS_SHIFT;
    }

    /// @dev Rounds up: the buyer never pays less than the USD price.
    function _usdToEth(uint256 usd) private view returns (uint256) {
        return Math.mulDiv(usd, TOKEN_UNIT, ethUsdPrice(), Math.Rounding.Ceil);
    }

    /// @dev Rounds up: stablecoins are priced at exactly 1 USD.
    function _usdToStable(uint256 usd) private pure returns (uint256) {
        return Math.ceilDiv(usd, USD18_PER_USD6);
    }

    function _setTimes(uint256 startTime_, uint256 endTime_) private {
        if (startTime_ >= endTime_ || endTime_ > type(uint32).max) revert InvalidTimes();
        (_config.startTime, _config.endTime) = (uint32(startTime_), uint32(endTime_));
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
}
