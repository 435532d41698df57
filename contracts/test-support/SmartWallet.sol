// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test-only smart account: a contract wallet deployed by {SmartWalletFactory}, or the code an externally owned
/// account delegates to under EIP-7702.
/// @notice The owner is kept in storage, not in an immutable, so every copy has the same runtime code: the same
/// factory at the same address on two chains re-creates the same wallet at the same address for whoever calls it.
/// A delegated account has no owner in its storage; its own key drives it by calling itself.
contract SmartWallet {
    /// @notice Who may make calls through the wallet (zero for a delegated account).
    address public owner;

    error NotOwner(address caller);

    /// @param owner_ Who may make calls through the wallet.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Calls `target` with `value` wei and `data` as this wallet, bubbling a revert up.
    /// @param target The contract to call.
    /// @param value Wei to send with the call (from the wallet's balance and what comes with this call).
    /// @param data The call's data.
    /// @return The call's return data.
    function exec(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        if (msg.sender != owner && msg.sender != address(this)) revert NotOwner(msg.sender);
        (bool ok, bytes memory ret) = target.call{value: value}(data);
        if (!ok) {
            // Bubble the callee's revert data up unchanged.
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    /// @notice Takes refunds and funding.
    // solhint-disable-next-line no-empty-blocks
    receive() external payable {}
}
