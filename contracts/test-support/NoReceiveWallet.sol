// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

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
