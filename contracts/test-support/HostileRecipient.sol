// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test-only ETH recipient that attacks its payer: it burns every unit of gas it is given, or reverts with as
/// much data as its gas allows (a "return bomb" that charges a caller who copies return data for memory).
contract HostileRecipient {
    enum Mode {
        BurnGas,
        ReturnBomb
    }

    Mode public mode;

    constructor(Mode mode_) {
        mode = mode_;
    }

    receive() external payable {
        if (mode == Mode.BurnGas) {
            // solhint-disable-next-line no-empty-blocks
            while (true) {}
        }
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            revert(0, 20000)
        }
    }
}

/// @title Test-only contract wallet with no way to receive ETH (no `receive`, no `fallback`) that can make calls.
contract NoReceiveWallet {
    /// @notice Calls `target` with `data`, bubbling a revert up.
    function exec(address target, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call(data);
        if (!ok) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }
}
