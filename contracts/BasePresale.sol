// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IBasePresale} from "./interfaces/IBasePresale.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {IStaking} from "./interfaces/IStaking.sol";
import {Presale} from "./Presale.sol";

/// @title The Base presale: sells Base's share of each round for ETH or USDC (or by card), credits Ethereum buyers'
/// relayed tokens to the Base addresses they named, and opens the claim and claim-and-stake.
/// @notice Roles beyond {Presale}: CARD_PROVIDER_ROLE buys on behalf of card customers while the card restriction is
/// on (the default); the owner holds the white- and blacklist (they gate claims, so no operations key can hold them
/// back) and may open the claim early; after `CLAIM_DEADLINE` anyone may. Ethereum's tokens reach here only through
/// the canonical messenger (`receiveEthereumReport`).
/// @custom:security-contact security@shaft.example
contract BasePresale is Presale, IBasePresale {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @notice Buys on behalf of card customers while the card restriction is on.
    bytes32 public constant CARD_PROVIDER_ROLE = keccak256("CARD_PROVIDER_ROLE");
    /// @notice The owner's claim start can be set (or moved earlier) to at most this long from now.
    uint256 public constant CLAIM_START_HORIZON = 30 days;
    /// @notice How long after the sale's end anyone may open the claim if the owner has not.
    uint256 public constant CLAIM_DEADLINE = 14 days;

    /// @dev One claimant in one slot: sale-token wei to claim, and the two list flags. A claim zeroes the deposit;
    /// the slot is then empty (a storage refund) unless a flag is set.
    struct UserInfo {
        uint128 deposits;
        bool whitelisted;
        bool blacklisted;
    }

    /// @dev Everything a claim reads besides the claimant, in one slot (the sanctions switch is mirrored here from the
    /// purchase flags), plus whether Ethereum's close arrived.
    struct ClaimState {
        uint40 claimStart;
        bool whitelistOnly;
        bool sanctionsEnabled;
        bool remoteClosed;
    }

    /// @dev Ethereum's side as reported, and what buy-and-stake moved into staking during the sale. Written by
    /// reports and by buy-and-stake purchases only.
    struct RemoteState {
        uint40 tokensSold;
        uint64 usdRaised;
        uint64 imported;
        uint88 stakedDuringSale;
    }

    IERC20 private immutable _saleToken;

    ClaimState private _claim;
    RemoteState private _remote;
    IStaking private _staking;
    mapping(address user => UserInfo) private _users;
    mapping(address buyer => mapping(uint256 leg => uint256)) private _imported;

    /// @param p The shared settings (see {Presale-InitParams}); `p.usdt` is zero on Base.
    /// @param saleToken_ The token claimed and staked here.
    constructor(InitParams memory p, address saleToken_) Presale(p, false) {
        if (saleToken_ == address(0)) revert ZeroAddress();
        _saleToken = IERC20(saleToken_);
        _setFlag(FLAG_CARD_RESTRICTED, true);
        emit CardProviderRestrictionUpdated(true);
    }

    // ---------------------------------------------------------------- buying

    /// @inheritdoc IBasePresale
    function buyWithEth(uint256 amount, bool stake) external payable override nonReentrant {
        _buyWithEth(msg.sender, amount, stake);
    }

    /// @inheritdoc IBasePresale
    function buyWithETHWert(address user, uint256 amount, bool stake) external payable override nonReentrant {
        if (_config.flags & FLAG_CARD_RESTRICTED != 0 && !hasRole(CARD_PROVIDER_ROLE, msg.sender)) {
            revert NotCardProvider(msg.sender);
        }
        if (user == address(0)) revert ZeroAddress();
        _buyWithEth(user, amount, stake);
    }

    /// @inheritdoc IBasePresale
    /// @dev No reentrancy lock on stablecoin purchases: USDC is fixed at deployment (no transfer hooks) and all state
    /// is final before it is called.
    function buyWithUSDC(uint256 amount, uint256 maxCost, bool stake) external override {
        _buyWithUsdc(amount, maxCost, stake);
    }

    /// @inheritdoc IBasePresale
    /// @dev The permit is only tried: one already used (front-run by anyone who saw it), expired or forged changes
    /// nothing here. USDC is fixed at deployment, so the call before the effects cannot re-enter.
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
        _buyWithUsdc(amount, maxCost, stake);
    }

    // ---------------------------------------------------------------- claiming

    /// @inheritdoc IBasePresale
    function claim() external override {
        uint256 amount = _takeDeposit(msg.sender);
        emit TokensClaimed(msg.sender, amount);
        _saleToken.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IBasePresale
    function claimAndStake() external override {
        uint256 amount = _takeDeposit(msg.sender);
        emit TokensClaimed(msg.sender, amount);
        _stakeFor(msg.sender, amount, true, false);
    }

    // ---------------------------------------------------------------- cross-chain

    /// @inheritdoc IBasePresale
    /// @dev Only the messenger relaying the Ethereum presale's message gets past the first line. Each leg's mark is
    /// kept for good (a claim does not reset it), so a leg arriving after its recipient claimed credits only what is
    /// new; the claim start required funding for everything Ethereum sold, so late legs are always covered.
    function receiveEthereumReport(
        RelayedDeposit[] calldata deposits,
        uint256[] calldata quotas,
        uint256[] calldata used,
        uint256 tokensSold,
        uint256 usdRaised_,
        bool closed
    ) external override {
        _checkRemoteSender();
        RemoteState memory rs = _remote;
        for (uint256 i; i < deposits.length; ++i) {
            RelayedDeposit calldata d = deposits[i];
            uint256 before = _imported[d.buyer][d.leg];
            if (d.tokens <= before) continue;
            uint256 credit = d.tokens - before;
            _imported[d.buyer][d.leg] = d.tokens;
            _users[d.recipient].deposits += (credit * TOKEN_UNIT).toUint128();
            rs.imported += credit.toUint64();
            emit RemoteDepositImported(d.recipient, d.buyer, d.leg, d.tokens, credit);
        }
        if (tokensSold > rs.tokensSold) rs.tokensSold = tokensSold.toUint40();
        if (usdRaised_ > rs.usdRaised) rs.usdRaised = usdRaised_.toUint64();
        _remote = rs;
        if (closed && !_claim.remoteClosed) _claim.remoteClosed = true;
        _bookEthereum(quotas, used);
        emit EthereumReportReceived(deposits.length, tokensSold, usdRaised_, closed);
    }

    /// @inheritdoc IBasePresale
    function startClaim(uint256 claimStart_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (claimStart_ == 0) revert InvalidTimes();
        uint256 latest = block.timestamp + CLAIM_START_HORIZON;
        if (claimStart_ > latest) revert ClaimStartTooLate(claimStart_, latest);
        _setClaimStart(claimStart_);
    }

    /// @inheritdoc IBasePresale
    function openClaim() external override {
        uint256 deadline = claimDeadline();
        if (block.timestamp < deadline) revert ClaimNotDue(deadline);
        _setClaimStart(block.timestamp);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IBasePresale
    function userDeposits(address user) external view override returns (uint256) {
        return _users[user].deposits;
    }

    /// @inheritdoc IBasePresale
    function remoteDepositsImported(address buyer, uint256 leg) external view override returns (uint256) {
        return _imported[buyer][leg];
    }

    /// @inheritdoc IBasePresale
    function totalRemoteDepositsImported() external view override returns (uint256) {
        return _remote.imported;
    }

    /// @inheritdoc IBasePresale
    function remoteTokensSold() public view override returns (uint256) {
        return _remote.tokensSold;
    }

    /// @inheritdoc IBasePresale
    function remoteUsdRaised() public view override returns (uint256) {
        return _remote.usdRaised;
    }

    /// @inheritdoc IBasePresale
    function remoteSaleClosed() external view override returns (bool) {
        return _claim.remoteClosed;
    }

    /// @inheritdoc IBasePresale
    function stakedDuringSale() external view override returns (uint256) {
        return _remote.stakedDuringSale;
    }

    /// @inheritdoc IBasePresale
    function claimStart() external view override returns (uint256) {
        return _claim.claimStart;
    }

    /// @inheritdoc IBasePresale
    function claimDeadline() public view override returns (uint256) {
        return endTime() + CLAIM_DEADLINE;
    }

    /// @inheritdoc IBasePresale
    function isWhitelisted(address user) external view override returns (bool) {
        return _users[user].whitelisted;
    }

    /// @inheritdoc IBasePresale
    function saleToken() external view override returns (address) {
        return address(_saleToken);
    }

    /// @inheritdoc IBasePresale
    function staking() external view override returns (address) {
        return address(_staking);
    }

    /// @inheritdoc IPresale
    function totalTokensSold() public view override returns (uint256) {
        return localTokensSold() + remoteTokensSold();
    }

    /// @inheritdoc IPresale
    function usdRaised() external view override returns (uint256) {
        return localUsdRaised() + remoteUsdRaised();
    }

    /// @inheritdoc IBasePresale
    function flags()
        external
        view
        override
        returns (bool sanctionsEnabled, bool claimWhitelistOnly, bool cardProvidersRestricted)
    {
        uint8 f = _config.flags;
        return (f & FLAG_SANCTIONS != 0, _claim.whitelistOnly, f & FLAG_CARD_RESTRICTED != 0);
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IBasePresale
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

    /// @inheritdoc IBasePresale
    function setClaimWhitelistOnly(bool enabled) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _claim.whitelistOnly = enabled;
        emit ClaimWhitelistOnlyUpdated(enabled);
    }

    /// @inheritdoc IBasePresale
    function setCardProviderRestricted(bool restricted) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _setFlag(FLAG_CARD_RESTRICTED, restricted);
        emit CardProviderRestrictionUpdated(restricted);
    }

    /// @inheritdoc IBasePresale
    function setStaking(address staking_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (staking_ == address(0)) revert ZeroAddress();
        _staking = IStaking(staking_);
        emit StakingUpdated(staking_);
    }

    // ---------------------------------------------------------------- internals

    function _buyWithEth(address user, uint256 amount, bool stake) private {
        (uint256 usd, SaleConfig memory c) = _credit(user, amount, stake);
        uint256 cost = _ethCost(usd);
        emit TokensBought(msg.sender, user, address(0), amount, cost, usd, stake);
        _collectEth(cost, c);
    }

    function _buyWithUsdc(uint256 amount, uint256 maxCost, bool stake) private {
        (uint256 usd, SaleConfig memory c) = _credit(msg.sender, amount, stake);
        uint256 cost = _stableCost(_usdc, usd, maxCost);
        emit TokensBought(msg.sender, msg.sender, address(_usdc), amount, cost, usd, stake);
        _collectStable(_usdc, cost, c);
    }

    /// @dev Checks a purchase, sells it on the ladder and credits `user` (or stakes for them: held in staking until
    /// the claim starts; the lock of what `user` already staked moves only if `user` is the one buying). Returns the
    /// USD cost with 18 decimals and the sale configuration it read.
    function _credit(address user, uint256 amount, bool stake) private returns (uint256 usd, SaleConfig memory c) {
        c = _checkPurchase(amount);
        UserInfo storage u = _users[user];
        if (u.blacklisted) revert AccountBlacklisted(user);
        _screen(c, user);
        if (msg.sender != user) _screen(c, msg.sender);

        usd = _sell(amount);
        uint256 tokens = amount * TOKEN_UNIT;
        if (stake) {
            _remote.stakedDuringSale += tokens.toUint88();
            _stakeFor(user, tokens, msg.sender == user, true);
        } else {
            u.deposits += tokens.toUint128();
        }
    }

    /// @dev Checks and consumes a claim. Effects only; the caller moves the tokens.
    function _takeDeposit(address user) private returns (uint256 amount) {
        ClaimState memory cs = _claim;
        if (cs.claimStart == 0 || block.timestamp < cs.claimStart) revert ClaimNotStarted();
        UserInfo memory u = _users[user];
        if (u.blacklisted) revert AccountBlacklisted(user);
        if (cs.whitelistOnly && !u.whitelisted) revert NotWhitelisted(user);
        if (cs.sanctionsEnabled) _checkSanctions(user);
        amount = u.deposits;
        if (amount == 0) revert NothingToClaim(user);
        // The slot empties (a storage refund) unless the whitelist flag is set; `blacklisted` is false here.
        if (u.whitelisted) _users[user].deposits = 0;
        else delete _users[user];
    }

    /// @dev Moves `tokens` sale-token wei into staking for `user`.
    function _stakeFor(address user, uint256 tokens, bool byStaker, bool heldUntilClaim) private {
        IStaking stakingContract = _staking;
        if (address(stakingContract) == address(0)) revert StakingUnavailable();
        _saleToken.safeTransfer(address(stakingContract), tokens);
        stakingContract.depositByPresale(user, tokens, byStaker, heldUntilClaim);
    }

    /// @dev Sets (or brings forward) the claim start once Ethereum's close has arrived and the presale holds every
    /// token sold on both chains and not staked; stops sales from the first call on.
    function _setClaimStart(uint256 claimStart_) private {
        ClaimState memory cs = _claim;
        if (cs.claimStart != 0) {
            // Already set: only earlier, and only before it passes (sales stopped with the first call).
            if (block.timestamp >= cs.claimStart) revert ClaimAlreadyStarted();
            if (claimStart_ >= cs.claimStart) revert ClaimStartNotEarlier(claimStart_, cs.claimStart);
        } else {
            if (!cs.remoteClosed) revert RemoteSaleOpen();
            uint256 required = totalTokensSold() * TOKEN_UNIT - _remote.stakedDuringSale;
            uint256 balance = _saleToken.balanceOf(address(this));
            if (balance < required) revert PresaleUnderfunded(required, balance);
            _setFlag(FLAG_SALE_CLOSED, true);
        }
        _claim.claimStart = claimStart_.toUint40();
        emit ClaimStartSet(claimStart_, msg.sender);
    }

    function _isBlacklisted(address account) internal view override returns (bool) {
        return _users[account].blacklisted;
    }

    function _setBlacklisted(address account, bool blacklisted) internal override {
        _users[account].blacklisted = blacklisted;
    }

    function _onSanctionsSwitch(bool enabled) internal override {
        _claim.sanctionsEnabled = enabled;
    }
}
