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

    /// @dev Packed in one slot; the layout is this mock's own, only the returned values mimic the real feed.
    struct Round {
        uint80 roundId;
        int96 answer;
        uint40 startedAt;
        uint40 updatedAt;
    }

    Round private _latest;

    constructor(uint8 decimals_, int256 initialAnswer, string memory description_) {
        decimals = decimals_;
        description = description_;
        updateAnswer(initialAnswer);
    }

    /// @notice Publishes a new answer now.
    function updateAnswer(int256 answer) public {
        updateRoundData(_latest.roundId + 1, answer, block.timestamp, block.timestamp);
    }

    /// @notice Publishes an answer with explicit timestamps (stale or future answers in tests).
    function updateRoundData(uint80 roundId, int256 answer, uint256 updatedAt, uint256 startedAt) public {
        _latest = Round({
            roundId: roundId,
            answer: int96(answer),
            startedAt: uint40(startedAt),
            updatedAt: uint40(updatedAt)
        });
    }

    function latestAnswer() external view returns (int256) {
        return _latest.answer;
    }

    function latestRoundData() external view override returns (uint80, int256, uint256, uint256, uint80) {
        Round memory r = _latest;
        return (r.roundId, r.answer, r.startedAt, r.updatedAt, r.roundId);
    }
}
