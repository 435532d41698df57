// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test-only contract wallet (a Safe or a smart account in miniature): forwards calls, one at a time or as
/// an atomic batch, takes ETH, and can make one call of its own, with all its ETH, when ETH arrives (a hook that
/// re-enters its payer from a refund).
contract ForwardingWallet {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    address public hookTarget;
    bytes public hookData;
    bool public hookCalled;
    bool public hookSucceeded;
    bytes public hookError;

    /// @notice Calls `target` with `data` and the ETH sent, bubbling a revert up.
    function exec(address target, bytes calldata data) external payable returns (bytes memory) {
        return _call(target, msg.value, data);
    }

    /// @notice Makes every call in order; any failure reverts them all.
    function execBatch(Call[] calldata calls) external payable {
        for (uint256 i; i < calls.length; ++i) _call(calls[i].target, calls[i].value, calls[i].data);
    }

    /// @notice The next ETH received calls `target` with `data` and the wallet's whole balance, once (zero target: none).
    function setHook(address target, bytes calldata data) external {
        (hookTarget, hookData, hookCalled) = (target, data, false);
    }

    // The hook is the point of this wallet: a receive that does something.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (hookTarget == address(0) || hookCalled) return;
        hookCalled = true;
        (hookSucceeded, hookError) = hookTarget.call{value: address(this).balance}(hookData);
    }

    function _call(address target, uint256 value, bytes calldata data) private returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: value}(data);
        if (!ok) {
            // Bubble the callee's revert data up unchanged.
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }
}
