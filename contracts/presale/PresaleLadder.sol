// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPresale} from "../interfaces/IPresale.sol";
import {LadderBook} from "./LadderBook.sol";

/// @title The price ladder: rounds, the position on them, and round-by-round pricing, shared by two chains.
/// @notice A purchase walks the rounds from the position: an expired round is closed, a live round sells up to its
/// cap at its own price, so a purchase that crosses rounds is priced exactly, round by round. How the position and
/// the per-round sold counts of both chains relate is described in {LadderBook}, which holds the storage and the
/// work done off the purchase fast path.
abstract contract PresaleLadder is IPresale {
    using SafeCast for uint256;
    using LadderBook for LadderBook.Ladder;

    uint256 private constant USD6_DIVISOR = 1e12;

    /// @dev Result of a walk over the ladder: what it costs and which rounds it closed.
    struct Walk {
        uint256 usd;
        uint256 checkPoint;
        uint256 step;
        uint256 expiredMask;
        bool soldOutRound;
    }

    LadderBook.Ladder private _ladder;

    // ---------------------------------------------------------------- views

    /// @notice Rounds data in three parts: 0 caps, 1 prices, 2 end times.
    /// @param part Which part: 0 cumulative caps (whole tokens), 1 prices (USD, 18 decimals), 2 end times.
    /// @return values That part for every round.
    function roundDetails(uint256 part) external view override returns (uint256[] memory values) {
        return _ladder.roundDetails(part);
    }

    /// @notice Every round as a struct.
    /// @return list Cap, price and end time of each round.
    function rounds() external view override returns (IPresale.Round[] memory list) {
        return _ladder.roundList();
    }

    /// @notice Unsold tokens of each round closed by expiry, by round index.
    /// @return values Whole tokens neither chain sold in each closed round whose end time has passed (zero otherwise).
    function trackRemainingTokens() external view override returns (uint256[] memory values) {
        return _ladder.trackRemainingTokens();
    }

    /// @inheritdoc IPresale
    function roundSales() external view override returns (uint256[] memory local, uint256[] memory remote) {
        return _roundSales();
    }

    /// @notice Index of the round being sold (equal to the number of rounds once all are closed).
    function currentStep() external view override returns (uint256) {
        return _ladder.state.step;
    }

    /// @notice Position on the ladder in whole tokens: the current round's start plus both chains' sales in it.
    function checkPoint() external view override returns (uint256) {
        return _ladder.state.checkPoint;
    }

    /// @notice Whole tokens sold on both chains.
    function totalTokensSold() public view override returns (uint256) {
        LadderBook.LadderState memory s = _ladder.state;
        return uint256(s.localSold) + s.remoteSold;
    }

    /// @notice Whole tokens sold on this chain.
    function localTokensSold() public view override returns (uint256) {
        return _ladder.state.localSold;
    }

    /// @notice Whole tokens sold on the other chain, as last reported or mirrored.
    function remoteTokensSold() public view override returns (uint256) {
        return _ladder.state.remoteSold;
    }

    /// @notice USD raised on both chains, 6 decimals.
    function usdRaised() external view override returns (uint256) {
        LadderBook.LadderState memory s = _ladder.state;
        return uint256(s.localUsd) + s.remoteUsd;
    }

    /// @notice USD raised on this chain, 6 decimals.
    function localUsdRaised() public view override returns (uint256) {
        return _ladder.state.localUsd;
    }

    /// @notice USD raised on the other chain, 6 decimals, as last reported or mirrored.
    function remoteUsdRaised() public view override returns (uint256) {
        return _ladder.state.remoteUsd;
    }

    /// @notice Whether later rounds are re-spaced when a round sells out early, and by how much.
    /// @return enabled Whether re-spacing is on.
    /// @return timeConstant Seconds between the re-spaced end times.
    function dynamicTime() external view returns (bool enabled, uint256 timeConstant) {
        LadderBook.DynamicTime memory d = _ladder.dynamicTime;
        return (d.enabled, d.timeConstant);
    }

    // ---------------------------------------------------------------- pricing

    /// @dev USD cost (18 decimals) of `amount` whole tokens bought now, without changing anything.
    function _quoteUsd(uint256 amount) internal view returns (uint256) {
        return _walk(_ladder.state, amount).usd;
    }

    /// @dev Walks the ladder from `s` for `amount` tokens. Reverts with SoldOut past the last round. A round entered
    /// during the walk starts at its predecessor's cap plus what was already booked in it (both chains).
    function _walk(LadderBook.LadderState memory s, uint256 amount) private view returns (Walk memory w) {
        w.checkPoint = s.checkPoint;
        w.step = s.step;
        uint256 n = s.roundCount;
        bool respaced;
        bool entering;
        while (amount != 0) {
            if (w.step >= n) revert IPresale.SoldOut();
            LadderBook.PackedRound memory r = _ladder.rounds[w.step];
            // Once dynamic time has re-spaced the later rounds, they end in the future: no expiry check.
            if (!respaced && block.timestamp >= r.endTime) {
                w.expiredMask |= 1 << w.step;
                w.checkPoint = r.cap;
                ++w.step;
                entering = true;
                continue;
            }
            if (entering) {
                entering = false;
                w.checkPoint += uint256(r.localSold) + r.remoteSold;
                if (w.checkPoint >= r.cap) {
                    // Filled before this purchase (booked while the position was behind): closed, not a sell-out.
                    w.checkPoint = r.cap;
                    ++w.step;
                    entering = true;
                    continue;
                }
            }
            uint256 take = Math.min(amount, r.cap - w.checkPoint);
            w.usd += take * r.price;
            w.checkPoint += take;
            amount -= take;
            if (w.checkPoint == r.cap) {
                ++w.step;
                entering = true;
                w.soldOutRound = true;
                respaced = _ladder.dynamicTime.enabled;
            }
        }
    }

    /// @dev Sells `amount` whole tokens on this chain; returns the USD cost with 18 decimals.
    function _sell(uint256 amount) internal returns (uint256 usd) {
        LadderBook.LadderState memory s = _ladder.state;
        Walk memory w = _walk(s, amount);
        if (w.step != s.step) {
            _ladder.leaveRounds(s.step, s.checkPoint, w.step, w.checkPoint, w.expiredMask, w.soldOutRound);
        }
        s.checkPoint = w.checkPoint.toUint40();
        s.step = uint8(w.step);
        s.localSold = (uint256(s.localSold) + amount).toUint40();
        s.localUsd = (uint256(s.localUsd) + Math.ceilDiv(w.usd, USD6_DIVISOR)).toUint56();
        _ladder.state = s;
        return w.usd;
    }

    // ---------------------------------------------------------------- cross-chain and admin

    /// @dev Number of rounds in the table.
    function _ladderRoundCount() internal view returns (uint256) {
        return _ladder.state.roundCount;
    }

    /// @dev See {LadderBook-roundSales}.
    function _roundSales() internal view returns (uint256[] memory local, uint256[] memory remote) {
        return _ladder.roundSales();
    }

    /// @dev See {LadderBook-bookRemote}.
    function _bookRemote(
        uint256[] calldata roundSold,
        LadderBook.Booking mode
    ) internal returns (uint256 added, uint256 total) {
        return _ladder.bookRemote(roundSold, mode);
    }

    /// @dev Sets the other chain's totals: monotonic unless `exact`.
    function _setRemoteTotals(uint256 tokensSold, uint256 usd, bool exact) internal {
        LadderBook.LadderState memory s = _ladder.state;
        if (exact || tokensSold > s.remoteSold) s.remoteSold = tokensSold.toUint40();
        if (exact || usd > s.remoteUsd) s.remoteUsd = usd.toUint56();
        _ladder.state = s;
    }

    /// @dev See {LadderBook-setRounds}.
    function _setRounds(uint256[] memory caps, uint256[] memory prices, uint256[] memory endTimes) internal {
        _ladder.setRounds(caps, prices, endTimes);
    }

    /// @dev See {LadderBook-setStep}.
    function _setStep(uint256 step, uint256 checkPoint_) internal {
        _ladder.setStep(step, checkPoint_);
    }

    function _setDynamicTime(bool enabled, uint256 timeConstant) internal {
        if (enabled && timeConstant == 0) revert IPresale.InvalidParameter();
        _ladder.dynamicTime = LadderBook.DynamicTime({enabled: enabled, timeConstant: timeConstant.toUint32()});
        emit IPresale.DynamicTimeUpdated(enabled, timeConstant);
    }
}
