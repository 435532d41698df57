// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test-only log emitter: builds a busy chain's event history in a few transactions. Its runtime code is put at
/// a contract's address for a moment (hardhat_setCode), so the logs carry that address, then the real code goes back.
contract LogEmitter {
    error BadArguments();

    /// @notice Emits `count` logs with `topics` and `data`, topic `vary` cycling through `distinct` values from
    /// `first` (e.g. many purchases by a number of buyers).
    /// @param topics The logs' topics (1 to 4; topics[0] is the event's hash).
    /// @param vary Index of the topic that changes from log to log.
    /// @param first The varying topic's first value.
    /// @param distinct How many values it takes before repeating.
    /// @param data The logs' data (the event's non-indexed arguments, ABI-encoded).
    /// @param count How many logs.
    // `topics` is memory: the varying topic is written into it.
    // solhint-disable-next-line gas-calldata-parameters
    function emitLogs(
        bytes32[] memory topics,
        uint256 vary,
        uint256 first,
        uint256 distinct,
        bytes calldata data,
        uint256 count
    ) external {
        if (topics.length == 0 || topics.length > 4 || vary >= topics.length || distinct == 0) revert BadArguments();
        bytes memory d = data;
        for (uint256 i; i < count; ++i) {
            topics[vary] = bytes32(first + (i % distinct));
            _log(topics, d);
        }
    }

    function _log(bytes32[] memory t, bytes memory d) private {
        uint256 n = t.length;
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            let p := add(d, 32)
            let len := mload(d)
            switch n
            case 1 {
                log1(p, len, mload(add(t, 32)))
            }
            case 2 {
                log2(p, len, mload(add(t, 32)), mload(add(t, 64)))
            }
            case 3 {
                log3(p, len, mload(add(t, 32)), mload(add(t, 64)), mload(add(t, 96)))
            }
            default {
                log4(p, len, mload(add(t, 32)), mload(add(t, 64)), mload(add(t, 96)), mload(add(t, 128)))
            }
        }
    }
}
