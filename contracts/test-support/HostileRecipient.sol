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

    // Hostile on purpose: the whole point of this contract is a receive that is not simple.
    // solhint-disable-next-line no-complex-fallback
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
