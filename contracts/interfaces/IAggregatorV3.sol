// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The read side of a Chainlink price feed (also used for the L2 sequencer uptime feed).
interface IAggregatorV3 {
    function decimals() external view returns (uint8);

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}
