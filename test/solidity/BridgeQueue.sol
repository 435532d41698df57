// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../../contracts/interfaces/ICrossDomainMessenger.sol";

/// @notice Both messengers of the two-chain Solidity tests in one contract: `sendMessage` queues a message (as the
/// L1 messenger does), `deliver` relays a queued one to its target (as the L2 messenger does) with the sender set
/// for the call only and the message's gas limit. Delivery order, delays and duplicates are the test's choice; a
/// message can be delivered any number of times (the receiver must make that harmless). `deliverAs` injects a
/// message from any sender (a stand-in for the other chain's presale in single-chain tests).
contract BridgeQueue is ICrossDomainMessenger {
    struct Message {
        address target;
        address sender;
        bytes data;
        uint32 gasLimit;
    }

    Message[] internal _queue;
    address private _sender;

    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable override {
        _queue.push(Message(target, msg.sender, message, minGasLimit));
    }

    function xDomainMessageSender() external view override returns (address) {
        require(_sender != address(0), "xDomainMessageSender is not set");
        return _sender;
    }

    function queued() external view returns (uint256) {
        return _queue.length;
    }

    /// @dev Relays message `index` with its own gas limit; returns whether the target accepted it.
    function deliver(uint256 index) external returns (bool ok) {
        Message memory m = _queue[index];
        ok = _call(m.sender, m.target, m.data, m.gasLimit);
    }

    function deliverAs(address sender, address target, bytes calldata data) external returns (bool ok) {
        ok = _call(sender, target, data, uint32(gasleft() - 50_000));
    }

    function _call(address sender, address target, bytes memory data, uint256 gasLimit) private returns (bool ok) {
        _sender = sender;
        (ok, ) = target.call{gas: gasLimit}(data);
        _sender = address(0);
    }
}
