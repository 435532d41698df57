// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IPresale} from "../interfaces/IPresale.sol";

/// @title Routes every payment straight to its recipients: split wallets by basis points, the payment wallet the
/// remainder, so shares always add up to the full amount and no wei stays behind. The payment wallet and the number
/// of splits are kept by the inheriting contract (in the slot a purchase reads anyway) and passed in.
/// @notice A recipient that refuses a payment (a reverting contract, a USDC-blacklisted wallet) must not stop sales:
/// its share is kept here and credited to it in `owed`, to be pulled with `withdrawOwed`. Stablecoins are pulled from
/// the payer straight to each recipient, and what arrives is measured, so a fee-on-transfer token cannot under-pay.
abstract contract PaymentRouter is IPresale {
    using SafeERC20 for IERC20;

    uint256 private constant BPS = 10_000;
    uint256 internal constant MAX_SPLITS = 15;
    /// @notice Gas each ETH recipient gets: enough for a Safe or a contract that logs the payment, and small enough
    /// that 16 recipients cannot make a purchase expensive. A recipient that needs more is credited in `owed`.
    uint256 public constant ETH_RECIPIENT_GAS = 30_000;

    struct PackedSplit {
        address wallet;
        uint16 bps;
    }

    mapping(uint256 index => PackedSplit) private _splits;
    mapping(address recipient => mapping(address token => uint256)) private _owed;
    mapping(address token => uint256) private _owedTotal;

    /// @notice The split recipients and their shares in basis points.
    /// @return list Each recipient with its share; the payment wallet takes what they leave.
    function splits() external view override returns (IPresale.Split[] memory list) {
        uint256 n = _splitCount();
        list = new IPresale.Split[](n);
        for (uint256 i; i < n; ++i) list[i] = IPresale.Split({wallet: _splits[i].wallet, bps: _splits[i].bps});
    }

    /// @notice Payment held for `recipient` in `token` (address zero for ETH) after a failed delivery.
    /// @param recipient A split recipient or the payment wallet.
    /// @param token The payment token, or zero for ETH.
    /// @return The amount it can pull with `withdrawOwed`.
    function owed(address recipient, address token) external view override returns (uint256) {
        return _owed[recipient][token];
    }

    /// @notice Pulls the caller's held payments in `token` (address zero for ETH).
    /// @param token The payment token, or zero for ETH.
    function withdrawOwed(address token) external override {
        uint256 amount = _takeOwed(token);
        emit IPresale.OwedWithdrawn(msg.sender, token, amount);
        _payOut(token, msg.sender, amount);
    }

    /// @notice Pays the caller's held payments in `token` (address zero for ETH) to `to`.
    /// @param token The payment token, or zero for ETH.
    /// @param to Where to send them (the caller's choice).
    function withdrawOwedTo(address token, address to) external override {
        if (to == address(0)) revert IPresale.ZeroAddress();
        uint256 amount = _takeOwed(token);
        emit IPresale.OwedWithdrawnTo(msg.sender, token, to, amount);
        _payOut(token, to, amount);
    }

    /// @dev Sends `amount` wei of this contract's ETH to the splits and `wallet`.
    function _routeEth(uint256 amount, address wallet, uint256 splitCount) internal {
        uint256 remainder = amount;
        for (uint256 i; i < splitCount; ++i) {
            PackedSplit memory s = _splits[i];
            uint256 share = (amount * s.bps) / BPS;
            remainder -= share;
            _sendEth(s.wallet, share);
        }
        _sendEth(wallet, remainder);
    }

    /// @dev Pulls `amount` of `token` from `payer` to the splits and `wallet`.
    function _routeToken(IERC20 token, address payer, uint256 amount, address wallet, uint256 splitCount) internal {
        uint256 remainder = amount;
        for (uint256 i; i < splitCount; ++i) {
            PackedSplit memory s = _splits[i];
            uint256 share = (amount * s.bps) / BPS;
            remainder -= share;
            _pullToken(token, payer, s.wallet, share);
        }
        _pullToken(token, payer, wallet, remainder);
    }

    /// @dev The number of splits in force, kept by the inheriting contract.
    function _splitCount() internal view virtual returns (uint256);

    /// @dev Refunds or pays out ETH where failure must revert (the payer's own refund, a pull by the owed recipient):
    /// all gas is forwarded, since only the caller's own transaction is at stake.
    function _sendEthOrRevert(address to, uint256 amount) internal {
        if (!_callWithValue(to, amount, gasleft())) revert IPresale.EthTransferFailed(to);
    }

    /// @dev Replaces the splits; their shares may add up to at most 100 %, the payment wallet taking the rest.
    /// Returns the new number of splits for the inheriting contract to keep.
    function _setSplits(address[] calldata wallets, uint256[] calldata bps) internal returns (uint256) {
        uint256 n = wallets.length;
        if (n != bps.length || n > MAX_SPLITS) revert IPresale.InvalidSplits();
        uint256 total;
        for (uint256 i; i < n; ++i) {
            if (wallets[i] == address(0) || bps[i] == 0) revert IPresale.InvalidSplits();
            total += bps[i];
            _splits[i] = PackedSplit({wallet: wallets[i], bps: uint16(bps[i])});
        }
        if (total > BPS) revert IPresale.InvalidSplits();
        for (uint256 i = n; i < _splitCount(); ++i) delete _splits[i];
        emit IPresale.SplitsUpdated(wallets, bps);
        return n;
    }

    /// @dev Pays a recipient with a fixed gas stipend; a failure (revert, out of gas) is credited to it in `owed`.
    function _sendEth(address to, uint256 amount) private {
        if (amount == 0) return;
        if (!_callWithValue(to, amount, ETH_RECIPIENT_GAS)) _hold(to, address(0), amount);
    }

    /// @dev A value call that neither copies nor reads the callee's return data, so a recipient cannot charge the
    /// caller for memory by returning or reverting with a large payload.
    function _callWithValue(address to, uint256 amount, uint256 gasLimit) private returns (bool ok) {
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            ok := call(gasLimit, to, amount, 0, 0, 0, 0)
        }
    }

    function _takeOwed(address token) private returns (uint256 amount) {
        amount = _owed[msg.sender][token];
        if (amount == 0) revert IPresale.NothingOwed(msg.sender);
        delete _owed[msg.sender][token];
        _owedTotal[token] -= amount;
    }

    function _payOut(address token, address to, uint256 amount) private {
        if (token == address(0)) {
            _sendEthOrRevert(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }

    function _pullToken(IERC20 token, address payer, address to, uint256 amount) private {
        if (amount == 0) return;
        uint256 received;
        uint256 before = token.balanceOf(to);
        if (token.trySafeTransferFrom(payer, to, amount)) {
            received = token.balanceOf(to) - before;
        } else {
            // The recipient refuses the token: take the share here and hold it for the recipient.
            before = token.balanceOf(address(this));
            token.safeTransferFrom(payer, address(this), amount);
            received = token.balanceOf(address(this)) - before;
            _hold(to, address(token), received);
        }
        if (received < amount) revert IPresale.PaymentShortfall(amount, received);
    }

    function _hold(address recipient, address token, uint256 amount) private {
        _owed[recipient][token] += amount;
        _owedTotal[token] += amount;
        emit IPresale.PaymentDeferred(recipient, token, amount);
    }

    /// @notice Total held for recipients in `token` (address zero for ETH).
    /// @param token The payment token, or zero for ETH.
    /// @return The sum of every recipient's `owed` in that token.
    function owedTotal(address token) external view returns (uint256) {
        return _owedTotal[token];
    }
}
