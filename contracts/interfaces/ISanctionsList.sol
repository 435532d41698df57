// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Chainalysis sanctions oracle.
interface ISanctionsList {
    /// @notice Whether `addr` is on the sanctions list.
    function isSanctioned(address addr) external view returns (bool);
}
