// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title Test-only L1 contract that sends OP Stack messages, as the Ethereum presale does
/// @notice Calls the L1 messenger from a contract (so the portal aliases it) and reports the gas of that one call:
/// what sending a message adds to whatever a sender does around it. Used by the OP Stack tests and the gas harness
/// (scripts/lib/opstack-gas.ts) only.
contract MessageSender {
    ICrossDomainMessenger public immutable messenger;

    /// @notice One message sent: its size, its minimum gas limit on L2 and the L1 gas the messenger call took.
    event Sent(address indexed target, uint256 messageBytes, uint32 minGasLimit, uint256 gasUsed);

    constructor(ICrossDomainMessenger messenger_) {
        messenger = messenger_;
    }

    /// @notice Sends `message` to `target` on L2 with at least `minGasLimit` gas there.
    function send(address target, bytes calldata message, uint32 minGasLimit) external payable {
        _send(target, message, minGasLimit);
    }

    /// @notice Sends a message of `size` bytes built in memory (no calldata cost for it, as a report built on chain).
    function sendSized(address target, uint256 size, uint32 minGasLimit) external {
        bytes memory message = new bytes(size);
        for (uint256 i = 0; i < size; i += 32) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                mstore(add(add(message, 32), i), not(i)) // non-zero words, like addresses and amounts
            }
        }
        _send(target, message, minGasLimit);
    }

    function _send(address target, bytes memory message, uint32 minGasLimit) private {
        uint256 before = gasleft();
        messenger.sendMessage{value: msg.value}(target, message, minGasLimit);
        emit Sent(target, message.length, minGasLimit, before - gasleft());
    }
}
