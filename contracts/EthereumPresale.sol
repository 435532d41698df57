// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IBasePresale} from "./interfaces/IBasePresale.sol";
import {IEthereumPresale} from "./interfaces/IEthereumPresale.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {Presale} from "./Presale.sol";

/// @title The Ethereum presale: sells Ethereum's quota of each round for ETH, USDT or USDC, and sends what it sold to
/// the Base presale, where the tokens are claimed by the Base address each buyer named.
/// @notice There is no sale token here. Buyers' records stay here until relayed (see {IEthereumPresale}); `relay`
/// and `closeSale` are the only ways anything reaches Base, through the canonical L1CrossDomainMessenger.
/// @custom:security-contact security@shaft.example
contract EthereumPresale is Presale, IEthereumPresale {
    using SafeCast for uint256;

    /// @inheritdoc IEthereumPresale
    /// @dev 80 % of the largest batch one Ethereum transaction can relay (240, reports/gas.json): at an L1 base fee of
    /// 1 gwei or less the portal burns about one L1 gas per L2 gas the report asks for, within EIP-7825's 2^24 gas.
    uint256 public constant override MAX_RELAY_BUYERS = 190;

    /// @dev Gas a report needs on Base, about 10 % above the worst report measured on OP's L2 messenger
    /// (reports/gas.json, `relay.reportGasOnBase`): the call and the totals (62,653), each relayed leg (a first credit
    /// writes the leg's mark and the recipient's deposit: 48,367), each round booked (a lowered quota and a new use:
    /// 29,677). Ethereum pays for this gas: the portal burns it on L1 (see MAX_RELAY_BUYERS).
    uint256 private constant REPORT_GAS_BASE = 69_000;
    uint256 private constant REPORT_GAS_PER_BUYER = 54_000;
    uint256 private constant REPORT_GAS_PER_ROUND = 33_000;

    /// @dev One buyer in one slot: the current leg's recipient and number, its whole tokens bought and relayed, and
    /// the blacklist flag (read by the purchase anyway).
    struct Buyer {
        address recipient;
        uint16 leg;
        uint32 tokens;
        uint32 relayed;
        bool blacklisted;
    }

    /// @dev Set in the sale flags once any account has been blacklisted here (the bit Base uses for its card
    /// restriction): until then no recipient's record needs reading.
    uint8 private constant FLAG_BLACKLIST_USED = 4;

    mapping(address buyer => Buyer) private _buyers;

    /// @param p The shared settings (see {Presale-InitParams}); `p.sequencerFeed` is zero on Ethereum.
    constructor(InitParams memory p) Presale(p, true) {}

    // ---------------------------------------------------------------- buying

    /// @inheritdoc IEthereumPresale
    function buyWithEth(uint256 amount, address recipient) external payable override nonReentrant {
        (uint256 usd, SaleConfig memory c) = _credit(amount, recipient);
        uint256 cost = _ethCost(usd);
        emit TokensBought(msg.sender, recipient, address(0), amount, cost, usd, false);
        _collectEth(cost, c);
    }

    /// @inheritdoc IEthereumPresale
    /// @dev No reentrancy lock on stablecoin purchases: the tokens are fixed at deployment (no transfer hooks) and all
    /// state is final before they are called.
    function buyWithUSDT(uint256 amount, uint256 maxCost, address recipient) external override {
        _buyWithStable(_usdt, amount, maxCost, recipient);
    }

    /// @inheritdoc IEthereumPresale
    function buyWithUSDC(uint256 amount, uint256 maxCost, address recipient) external override {
        _buyWithStable(_usdc, amount, maxCost, recipient);
    }

    /// @inheritdoc IEthereumPresale
    /// @dev The permit is only tried: one already used (front-run by anyone who saw it), expired or forged changes
    /// nothing here. The token is fixed at deployment, so the call before the effects cannot re-enter.
    function buyWithUSDCPermit(
        uint256 amount,
        uint256 maxCost,
        address recipient,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external override {
        if (address(_usdc) == address(0)) revert UnsupportedPaymentToken();
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(_usdc)).permit(msg.sender, address(this), maxCost, deadline, v, r, s) {} catch {}
        _buyWithStable(_usdc, amount, maxCost, recipient);
    }

    /// @inheritdoc IEthereumPresale
    function setRecipient(address recipient) external override {
        Buyer memory b = _buyers[msg.sender];
        if (b.tokens == b.relayed) revert NothingToRepoint(msg.sender);
        if (b.blacklisted) revert AccountBlacklisted(msg.sender);
        SaleConfig memory c = _config;
        _screen(c, msg.sender);
        _checkRecipient(c, recipient);
        _repoint(msg.sender, b, recipient);
        _buyers[msg.sender] = b;
    }

    // ---------------------------------------------------------------- cross-chain

    /// @inheritdoc IEthereumPresale
    function relay(address[] calldata buyers) external override {
        if (buyers.length > MAX_RELAY_BUYERS) revert RelayTooLarge(buyers.length, MAX_RELAY_BUYERS);
        _sendReport(buyers);
    }

    /// @inheritdoc IEthereumPresale
    function closeSale() external override {
        SaleConfig memory c = _config;
        if (c.flags & FLAG_SALE_CLOSED != 0) revert SaleClosed();
        if (block.timestamp < c.endTime && !hasRole(DEFAULT_ADMIN_ROLE, msg.sender)) revert SaleNotEnded(c.endTime);
        _setFlag(FLAG_SALE_CLOSED, true);
        emit SaleFinalized(localTokensSold(), localUsdRaised());
        _sendReport(new address[](0));
    }

    /// @inheritdoc IEthereumPresale
    function releaseQuota(uint256 round, uint256 tokens) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (saleClosed()) revert SaleClosed();
        _releaseQuota(round, tokens);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IEthereumPresale
    function buyerInfo(address buyer) external view override returns (BuyerInfo memory) {
        Buyer memory b = _buyers[buyer];
        return BuyerInfo({recipient: b.recipient, leg: b.leg, tokens: b.tokens, relayed: b.relayed});
    }

    /// @inheritdoc IEthereumPresale
    function relayGasLimit(uint256 buyers) public view override returns (uint32) {
        return uint32(REPORT_GAS_BASE + buyers * REPORT_GAS_PER_BUYER + _roundCount() * REPORT_GAS_PER_ROUND);
    }

    /// @inheritdoc IPresale
    function totalTokensSold() external view override returns (uint256) {
        return localTokensSold();
    }

    /// @inheritdoc IPresale
    function usdRaised() external view override returns (uint256) {
        return localUsdRaised();
    }

    // ---------------------------------------------------------------- internals

    function _buyWithStable(IERC20 token, uint256 amount, uint256 maxCost, address recipient) private {
        (uint256 usd, SaleConfig memory c) = _credit(amount, recipient);
        uint256 cost = _stableCost(token, usd, maxCost);
        emit TokensBought(msg.sender, recipient, address(token), amount, cost, usd, false);
        _collectStable(token, cost, c);
    }

    /// @dev Checks a purchase of `amount` for `recipient` by the caller, sells it on the ladder and adds it to the
    /// caller's current leg (pointing the leg's unrelayed tokens to `recipient` if it names another address). Returns
    /// the USD cost with 18 decimals and the sale configuration it read.
    function _credit(uint256 amount, address recipient) private returns (uint256 usd, SaleConfig memory c) {
        c = _checkPurchase(amount);
        Buyer memory b = _buyers[msg.sender];
        if (b.blacklisted) revert AccountBlacklisted(msg.sender);
        _screen(c, msg.sender);
        if (recipient != msg.sender) _checkRecipient(c, recipient);
        usd = _sell(amount);
        if (b.recipient == address(0)) b.recipient = recipient;
        else if (recipient != b.recipient) _repoint(msg.sender, b, recipient);
        b.tokens = (uint256(b.tokens) + amount).toUint32();
        _buyers[msg.sender] = b;
    }

    /// @dev A recipient is checked like a buyer: not zero, not blacklisted, not sanctioned.
    function _checkRecipient(SaleConfig memory c, address recipient) private view {
        if (recipient == address(0)) revert ZeroAddress();
        if (c.flags & FLAG_BLACKLIST_USED != 0 && _buyers[recipient].blacklisted) revert AccountBlacklisted(recipient);
        _screen(c, recipient);
    }

    /// @dev Points `b`'s unrelayed tokens to `recipient`. A leg of which nothing was relayed just changes recipient;
    /// otherwise the relayed part stays with the old leg (already sent, final) and the rest starts a new leg.
    function _repoint(address buyer, Buyer memory b, address recipient) private {
        if (b.relayed != 0) {
            (b.leg, b.tokens, b.relayed) = (b.leg + 1, b.tokens - b.relayed, 0);
        }
        b.recipient = recipient;
        emit RecipientChanged(buyer, b.leg, recipient);
    }

    /// @dev Sends a report to Base: the unrelayed legs of `buyers` (skipping those with nothing new), every round's
    /// quota and use, the totals and the close flag, all read from this contract's own state.
    function _sendReport(address[] memory buyers) private {
        IBasePresale.RelayedDeposit[] memory deposits = new IBasePresale.RelayedDeposit[](buyers.length);
        address[] memory carried = new address[](buyers.length);
        uint256 count;
        for (uint256 i; i < buyers.length; ++i) {
            Buyer memory b = _buyers[buyers[i]];
            if (b.tokens == b.relayed) continue;
            deposits[count] = IBasePresale.RelayedDeposit(buyers[i], b.leg, b.recipient, b.tokens);
            carried[count] = buyers[i];
            ++count;
            _buyers[buyers[i]].relayed = b.tokens;
        }
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(deposits, count)
            mstore(carried, count)
        }
        bool closed = saleClosed();
        (uint256[] memory quotas, uint256[] memory used) = _reportRounds(closed);
        uint256 sold = localTokensSold();
        uint256 usd = localUsdRaised();
        _sendToRemote(
            abi.encodeCall(IBasePresale.receiveEthereumReport, (deposits, quotas, used, sold, usd, closed)),
            relayGasLimit(count)
        );
        emit Relayed(carried, sold, usd, closed);
    }

    function _isBlacklisted(address account) internal view override returns (bool) {
        return _buyers[account].blacklisted;
    }

    /// @dev Ethereum has no claim: nothing reads the switch but purchases, which read it from the sale flags.
    // solhint-disable-next-line no-empty-blocks
    function _onSanctionsSwitch(bool) internal override {}

    function _setBlacklisted(address account, bool blacklisted) internal override {
        _buyers[account].blacklisted = blacklisted;
        if (blacklisted) _setFlag(FLAG_BLACKLIST_USED, true);
    }
}
