// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title Local stand-in for the OP Stack L1CrossDomainMessenger (the sending side only).
/// @notice Like the real one, `sendMessage` emits `SentMessage` and `SentMessageExtension1` with a versioned nonce
/// (version 1 in the top two bytes, a counter below) that grows by one per message; a relayer delivers the message to
/// {MockL2CrossDomainMessenger-relayMessage} with these exact fields. Messages from L2 are never relayed here (the
/// presale on Ethereum receives nothing), so `xDomainMessageSender` always reverts, as the real one does outside a
/// relay.
contract MockL1CrossDomainMessenger is ICrossDomainMessenger {
    /// @dev Version 1 messages: the nonce carries the version in its top 16 bits.
    uint256 private constant MESSAGE_VERSION = 1;

    uint240 private _sent;

    /// @notice Same signature as OP's event, so tooling written against the real messenger reads it unchanged.
    event SentMessage(address indexed target, address sender, bytes message, uint256 messageNonce, uint256 gasLimit);
    /// @notice Same signature as OP's event: the sender and the ETH value of the message just sent.
    event SentMessageExtension1(address indexed sender, uint256 value);

    /// @notice The nonce the next message will carry.
    function messageNonce() public view returns (uint256) {
        return (MESSAGE_VERSION << 240) | _sent;
    }

    /// @inheritdoc ICrossDomainMessenger
    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable override {
        emit SentMessage(target, msg.sender, message, messageNonce(), minGasLimit);
        emit SentMessageExtension1(msg.sender, msg.value);
        ++_sent;
    }

    /// @inheritdoc ICrossDomainMessenger
    function xDomainMessageSender() external pure override returns (address) {
        revert("xDomainMessageSender is not set");
    }
}
