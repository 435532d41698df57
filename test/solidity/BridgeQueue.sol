// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../../contracts/interfaces/ICrossDomainMessenger.sol";

/// @title TEST ONLY: both OP Stack messengers of the single-process Solidity fuzz in one contract.
/// @notice Stands in for the L1CrossDomainMessenger and the L2CrossDomainMessenger only where both presales live on
/// one simulated chain (the Solidity fuzz and invariant suites); the mocha suites and the local stack use the real
/// messengers' stand-ins (`contracts/mocks/`). `sendMessage` queues a message as the L1 messenger does; `deliver`
/// relays a queued one to its target as the L2 messenger does, with `xDomainMessageSender` set for that call only and
/// exactly the message's minimum gas limit. Unlike the real messengers, which deliver each message once, in order,
/// about a week after it was sent, delivery here is the test's choice: late, twice (or any number of times), out of
/// order, or never. The receiver must make all of that harmless.
contract BridgeQueue is ICrossDomainMessenger {
    struct Message {
        address target;
        address sender;
        bytes data;
        uint32 gasLimit;
    }

    Message[] private _queue;
    /// @dev How many times each queued message was delivered with success.
    uint256[] private _delivered;
    address private _sender;

    /// @notice Queues `message` for `target`, sent by the caller (the L1 messenger's side).
    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable override {
        _queue.push(Message(target, msg.sender, message, minGasLimit));
        _delivered.push(0);
    }

    /// @notice The sender of the message being delivered; reverts outside a delivery, like the real messenger.
    function xDomainMessageSender() external view override returns (address) {
        require(_sender != address(0), "xDomainMessageSender is not set");
        return _sender;
    }

    /// @notice Number of messages ever queued.
    function queued() external view returns (uint256) {
        return _queue.length;
    }

    /// @notice How many times message `index` was delivered with success (0: never, or every delivery failed).
    function deliveredCount(uint256 index) external view returns (uint256) {
        return _delivered[index];
    }

    /// @notice Message `index` as queued.
    function queuedMessage(uint256 index) external view returns (Message memory) {
        return _queue[index];
    }

    /// @notice Delivers message `index` to its target with its own minimum gas limit, as its sender.
    /// @return ok Whether the target accepted it.
    /// @return returnData What the target returned or reverted with.
    function deliver(uint256 index) external returns (bool ok, bytes memory returnData) {
        Message storage m = _queue[index];
        (ok, returnData) = _call(m.sender, m.target, m.data, m.gasLimit);
        if (ok) ++_delivered[index];
    }

    /// @notice Delivers message `index` with `gasLimit` instead of its own (to measure what a message needs).
    /// @return ok Whether the target accepted it.
    function deliverWithGas(uint256 index, uint256 gasLimit) external returns (bool ok) {
        Message storage m = _queue[index];
        (ok, ) = _call(m.sender, m.target, m.data, gasLimit);
        if (ok) ++_delivered[index];
    }

    /// @notice Delivers `data` to `target` as if `sender` had sent it from the other chain (a stand-in for the other
    /// chain's presale in single-chain tests), with all but 50,000 of the remaining gas.
    /// @return ok Whether the target accepted it.
    function deliverAs(address sender, address target, bytes calldata data) external returns (bool ok) {
        (ok, ) = _call(sender, target, data, gasleft() - 50_000);
    }

    function _call(
        address sender,
        address target,
        bytes memory data,
        uint256 gasLimit
    ) private returns (bool ok, bytes memory returnData) {
        _sender = sender;
        (ok, returnData) = target.call{gas: gasLimit}(data);
        _sender = address(0);
    }
}
