// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test-only contract that refuses ETH until told otherwise (a split recipient or payment wallet whose
/// transfer fails, or a buyer/provider that cannot take a refund), and can make arbitrary calls.
contract EthRejecter {
    bool public accepting;

    error Rejected();

    function setAccepting(bool on) external {
        accepting = on;
    }

    function exec(address target, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) {
            // Bubble the callee's revert data up unchanged.
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    receive() external payable {
        if (!accepting) revert Rejected();
    }
}
