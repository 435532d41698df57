// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title Test-only L2 receiver of OP Stack messages
/// @notice Trusts one L1 sender, as the Base presale trusts the Ethereum one: `credit` runs only when called by the L2
/// messenger during the relay of a message from that sender. While `closed` it refuses every message (a target that
/// cannot take it yet); `work` rounds of hashing make a message need more gas than a small limit gives it. Used by the
/// OP Stack tests only (test/mocha/opstack.test.ts, test/mocha/tooling/opstack-relayer.test.ts).
contract CrossDomainReceiver {
    ICrossDomainMessenger public immutable messenger;
    address public immutable remoteSender;

    bool public closed;
    uint256 public total;
    uint256 public deliveries;
    bytes32 public digest;

    error NotMessenger(address caller);
    error NotRemoteSender(address sender);
    error ReceiverClosed();

    /// @notice A message was accepted: `amount` added, `total` after it.
    event Credited(uint256 amount, uint256 total);
    /// @notice The receiver started or stopped refusing messages.
    event ClosedSet(bool closed);

    constructor(ICrossDomainMessenger messenger_, address remoteSender_) {
        messenger = messenger_;
        remoteSender = remoteSender_;
    }

    /// @notice Opens or closes the receiver (anyone: a test switch).
    function setClosed(bool closed_) external {
        closed = closed_;
        emit ClosedSet(closed_);
    }

    /// @notice Adds `amount` to `total` after `work` rounds of hashing; only a message from `remoteSender`.
    function credit(uint256 amount, uint256 work) external {
        if (msg.sender != address(messenger)) revert NotMessenger(msg.sender);
        address sender = messenger.xDomainMessageSender();
        if (sender != remoteSender) revert NotRemoteSender(sender);
        if (closed) revert ReceiverClosed();
        bytes32 d = digest;
        for (uint256 i = 0; i < work; ++i) d = keccak256(abi.encode(d, i));
        digest = d;
        total += amount;
        ++deliveries;
        emit Credited(amount, total);
    }
}
