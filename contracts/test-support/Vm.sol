// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The few Hardhat/Foundry cheatcodes the Solidity tests use (forge-std is not available offline).
/// @dev The cheatcode precompile lives at address(uint160(uint256(keccak256("hevm cheat code")))).
// Named like forge-std's `Vm`, the name every cheatcode user knows.
// solhint-disable-next-line interface-starts-with-i
interface Vm {
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function deal(address account, uint256 newBalance) external;
    function assume(bool condition) external pure;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 revertSelector) external;
    function expectRevert() external;
    function label(address account, string calldata newLabel) external;
    function cool(address target) external;
    function snapshotState() external returns (uint256 snapshotId);
    function revertToState(uint256 snapshotId) external returns (bool success);
}

/// @title Minimal test base: the cheatcode handle, assertions that revert with a message, and input bounding.
abstract contract TestBase {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    error AssertionFailed(string message, uint256 a, uint256 b);

    /// @dev The contracts the invariant fuzzer may call (Foundry's `targetContracts` protocol).
    address[] private _targets;

    function targetContracts() public view returns (address[] memory) {
        return _targets;
    }

    function _target(address target) internal {
        _targets.push(target);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) revert AssertionFailed(message, a, b);
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) revert AssertionFailed(message, a, b);
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) revert AssertionFailed(message, a, b);
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) revert AssertionFailed(message, 0, 0);
    }

    /// @dev Maps `x` into [lo, hi] uniformly enough for fuzzing (hi >= lo).
    function bound(uint256 x, uint256 lo, uint256 hi) internal pure returns (uint256) {
        if (hi < lo) revert AssertionFailed("bound: hi < lo", lo, hi);
        if (x >= lo && x <= hi) return x;
        uint256 size = hi - lo + 1;
        if (size == 0) return x; // full range
        return lo + (x % size);
    }
}
