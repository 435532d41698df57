// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The part of the OP Stack CrossDomainMessenger (L1 and L2) that the presale uses.
interface ICrossDomainMessenger {
    /// @notice Sends `message` to `target` on the other chain, where it runs with at least `minGasLimit` gas.
    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable;

    /// @notice The sender on the other chain of the message being relayed; reverts outside a relay.
    function xDomainMessageSender() external view returns (address);
}
