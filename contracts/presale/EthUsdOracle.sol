// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IAggregatorV3} from "../interfaces/IAggregatorV3.sol";
import {IPresale} from "../interfaces/IPresale.sol";

/// @title A checked ETH/USD price: positive, fresh within a heartbeat, and on an L2 only while the sequencer has been
/// up for longer than a grace period.
abstract contract EthUsdOracle is IPresale {
    using SafeCast for uint256;

    /// @dev Everything a price read needs, in one slot.
    struct PriceFeed {
        IAggregatorV3 feed;
        uint32 heartbeat;
        uint8 decimals;
        uint32 sequencerGracePeriod;
    }

    /// @dev The L2 sequencer uptime feed, fixed per network by Chainlink: zero where there is none (L1).
    IAggregatorV3 private immutable _sequencerFeed;
    PriceFeed private _priceFeed;

    /// @param sequencerFeed_ The L2 sequencer uptime feed, or zero where there is none.
    constructor(address sequencerFeed_) {
        _sequencerFeed = IAggregatorV3(sequencerFeed_);
    }

    /// @notice ETH/USD with 18 decimals from the checked feed.
    function ethUsdPrice() public view override returns (uint256) {
        PriceFeed memory pf = _priceFeed;
        if (address(_sequencerFeed) != address(0)) _checkSequencer(pf.sequencerGracePeriod);

        (, int256 answer, , uint256 updatedAt, ) = pf.feed.latestRoundData();
        if (answer <= 0) revert IPresale.InvalidPrice(answer);
        if (block.timestamp > updatedAt + pf.heartbeat) revert IPresale.StalePrice(updatedAt, pf.heartbeat);
        return uint256(answer) * 10 ** (18 - pf.decimals);
    }

    /// @notice The ETH/USD feed and its heartbeat.
    /// @return feed The Chainlink aggregator.
    /// @return heartbeat Seconds after which an answer is stale.
    function priceFeed() external view returns (address feed, uint256 heartbeat) {
        return (address(_priceFeed.feed), _priceFeed.heartbeat);
    }

    /// @notice The L2 sequencer uptime feed and its grace period.
    /// @return feed The uptime feed, zero where there is none.
    /// @return gracePeriod Seconds after a restart during which prices are refused.
    function sequencerFeed() external view returns (address feed, uint256 gracePeriod) {
        return (address(_sequencerFeed), _priceFeed.sequencerGracePeriod);
    }

    /// @dev Reverts while the sequencer is down or within the grace period after it came back: prices on the L2 may
    /// be stale then even though the feed's own timestamp looks fresh.
    function _checkSequencer(uint256 gracePeriod) private view {
        (, int256 status, uint256 startedAt, , ) = _sequencerFeed.latestRoundData();
        if (status != 0) revert IPresale.SequencerDown();
        if (startedAt == 0 || block.timestamp <= startedAt + gracePeriod) {
            revert IPresale.SequencerGracePeriod(startedAt, gracePeriod);
        }
    }

    function _setPriceFeed(address feed, uint256 heartbeat) internal {
        if (feed == address(0)) revert IPresale.ZeroAddress();
        if (heartbeat == 0) revert IPresale.InvalidParameter();
        uint8 decimals = IAggregatorV3(feed).decimals();
        if (decimals > 18) revert IPresale.InvalidParameter();
        PriceFeed storage pf = _priceFeed;
        (pf.feed, pf.heartbeat, pf.decimals) = (IAggregatorV3(feed), heartbeat.toUint32(), decimals);
        emit IPresale.PriceFeedUpdated(feed, heartbeat);
    }

    function _setSequencerGracePeriod(uint256 gracePeriod) internal {
        _priceFeed.sequencerGracePeriod = gracePeriod.toUint32();
        emit IPresale.SequencerGracePeriodUpdated(gracePeriod);
    }
}
