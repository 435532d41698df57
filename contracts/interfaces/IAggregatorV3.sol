// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The read side of a Chainlink price feed (also used for the L2 sequencer uptime feed).
interface IAggregatorV3 {
    /// @notice Decimals of the answer.
    function decimals() external view returns (uint8);

    /// @notice The latest round: its id, answer, start time, update time and the round it was answered in.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}
