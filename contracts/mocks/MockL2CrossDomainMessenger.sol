// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title Local stand-in for the OP Stack L2CrossDomainMessenger (the receiving side only).
/// @notice Behaves like the real predeploy where a receiver can tell: a first delivery comes only from the aliased L1
/// messenger (the address the OP Stack's deposit transactions carry); each message, identified by the hash of its
/// fields, succeeds at most once; a message whose call reverts or that arrives with less gas than its minimum gas
/// limit is recorded as failed and can be replayed by anyone; `xDomainMessageSender` is valid only during a relay.
/// Locally its runtime code is installed at the predeploy address: everything it needs at start is immutable, and
/// its storage starts empty (zero means "no relay in progress").
contract MockL2CrossDomainMessenger is ICrossDomainMessenger {
    /// @dev What the OP Stack adds to an L1 contract's address when it sends a deposit to L2.
    uint160 private constant ALIAS_OFFSET = uint160(0x1111000000000000000000000000000000001111);
    /// @dev Gas kept back for the bookkeeping after the call, and the margin of the minimum-gas check (OP's values).
    uint256 private constant RELAY_RESERVED_GAS = 40_000;
    uint256 private constant RELAY_GAS_CHECK_BUFFER = 5_000;

    /// @notice The L1 messenger's address as it appears on L2 (`l1Messenger + 0x1111…1111`).
    address public immutable aliasedL1Messenger;

    address private _xDomainSender;
    /// @notice Messages relayed successfully, by hash.
    mapping(bytes32 msgHash => bool) public successfulMessages;
    /// @notice Messages whose delivery failed and that anyone may replay, by hash.
    mapping(bytes32 msgHash => bool) public failedMessages;

    event RelayedMessage(bytes32 indexed msgHash);
    event FailedRelayedMessage(bytes32 indexed msgHash);

    /// @param l1Messenger The L1CrossDomainMessenger (or its stand-in) whose messages this messenger delivers.
    constructor(address l1Messenger) {
        unchecked {
            aliasedL1Messenger = address(uint160(l1Messenger) + ALIAS_OFFSET);
        }
    }

    /// @notice Delivers a message sent on L1: the first time only from the aliased L1 messenger, again (after a
    /// failure) from anyone. A failure is recorded, not reverted, as on the OP Stack.
    function relayMessage(
        uint256 nonce,
        address sender,
        address target,
        uint256 value,
        uint256 minGasLimit,
        bytes calldata message
    ) external payable {
        require(nonce >> 240 == 1, "only version 1 messages");
        bytes32 msgHash = keccak256(
            abi.encodeWithSignature(
                "relayMessage(uint256,address,address,uint256,uint256,bytes)",
                nonce,
                sender,
                target,
                value,
                minGasLimit,
                message
            )
        );
        if (msg.sender == aliasedL1Messenger) {
            require(msg.value == value, "value mismatch");
            require(!failedMessages[msgHash], "already failed");
        } else {
            require(msg.value == 0, "value only from the L1 messenger");
            require(failedMessages[msgHash], "message cannot be replayed");
        }
        require(target != address(this), "cannot send to the messenger");
        require(!successfulMessages[msgHash], "message has already been relayed");

        // Too little gas to honour the minimum gas limit, or a relay inside a relay: recorded as failed.
        if (!_hasMinGas(minGasLimit) || _xDomainSender != address(0)) {
            failedMessages[msgHash] = true;
            emit FailedRelayedMessage(msgHash);
            return;
        }

        _xDomainSender = sender;
        (bool success, ) = target.call{gas: gasleft() - RELAY_RESERVED_GAS, value: value}(message);
        _xDomainSender = address(0);

        if (success) {
            successfulMessages[msgHash] = true;
            emit RelayedMessage(msgHash);
        } else {
            failedMessages[msgHash] = true;
            emit FailedRelayedMessage(msgHash);
        }
    }

    /// @inheritdoc ICrossDomainMessenger
    function xDomainMessageSender() external view override returns (address) {
        address sender = _xDomainSender;
        require(sender != address(0), "xDomainMessageSender is not set");
        return sender;
    }

    /// @inheritdoc ICrossDomainMessenger
    /// @dev Sending from L2 to L1 is not simulated: the presale on Base sends nothing.
    function sendMessage(address, bytes calldata, uint32) external payable override {
        revert("L2 to L1 messages are not simulated");
    }

    /// @dev Whether the call can get `minGasLimit` after the 1/64 rule and the reserve for the bookkeeping.
    function _hasMinGas(uint256 minGasLimit) private view returns (bool) {
        return gasleft() * 63 >= (minGasLimit + RELAY_RESERVED_GAS + RELAY_GAS_CHECK_BUFFER) * 64;
    }
}
