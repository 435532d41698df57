// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IAggregatorV3} from "../interfaces/IAggregatorV3.sol";

/// @title Chainlink aggregator stand-in (price feeds and the L2 sequencer uptime feed).
/// @notice Like the real feed it reports its own decimals, a round id that grows with each answer, and the
/// timestamps the answer was started and updated at. For the sequencer feed, answer 0 means up and 1 down, and
/// `startedAt` is when the status last changed.
contract MockV3Aggregator is IAggregatorV3 {
    uint8 public immutable override decimals;
    string public description;

    uint80 private _roundId;
    int256 private _answer;
    uint256 private _startedAt;
    uint256 private _updatedAt;

    constructor(uint8 decimals_, int256 initialAnswer, string memory description_) {
        decimals = decimals_;
        description = description_;
        updateAnswer(initialAnswer);
    }

    /// @notice Publishes a new answer now.
    function updateAnswer(int256 answer) public {
        updateRoundData(_roundId + 1, answer, block.timestamp, block.timestamp);
    }

    /// @notice Publishes an answer with explicit timestamps (stale or future answers in tests).
    function updateRoundData(uint80 roundId, int256 answer, uint256 updatedAt, uint256 startedAt) public {
        _roundId = roundId;
        _answer = answer;
        _updatedAt = updatedAt;
        _startedAt = startedAt;
    }

    function latestAnswer() external view returns (int256) {
        return _answer;
    }

    function latestRoundData() external view override returns (uint80, int256, uint256, uint256, uint80) {
        return (_roundId, _answer, _startedAt, _updatedAt, _roundId);
    }
}
