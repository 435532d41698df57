// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPresale} from "../interfaces/IPresale.sol";

/// @title The price ladder: rounds, the position on them, and round-by-round pricing.
/// @notice The position (`checkPoint`, whole tokens) counts tokens sold on both chains plus the unsold part of every
/// round that expired. A purchase walks the rounds from the position: an expired round is closed (its unsold part
/// recorded, the position moved to its cap), a live round sells up to its cap at its own price. A purchase that
/// crosses several rounds is therefore priced exactly, round by round.
abstract contract PresaleLadder is IPresale {
    using SafeCast for uint256;

    uint256 private constant USD6_DIVISOR = 1e12;

    /// @dev One round in one slot: cumulative cap (whole tokens), price (USD 1e18 per token), end time.
    struct PackedRound {
        uint40 cap;
        uint96 price;
        uint40 endTime;
    }

    /// @dev The whole ladder position and the number of rounds in one slot, written once per purchase.
    struct LadderState {
        uint40 checkPoint;
        uint40 localSold;
        uint40 remoteSold;
        uint8 step;
        uint8 roundCount;
        uint56 localUsd;
        uint56 remoteUsd;
    }

    /// @dev Result of a walk over the ladder: what it costs and which rounds it closed.
    struct Walk {
        uint256 usd;
        uint256 checkPoint;
        uint256 step;
        uint256 expiredMask;
        bool soldOutRound;
    }

    struct DynamicTime {
        bool enabled;
        uint32 timeConstant;
    }

    mapping(uint256 index => PackedRound) private _rounds;
    LadderState private _ladder;
    DynamicTime private _dynamicTime;
    mapping(uint256 round => uint256) private _unsold;

    // ---------------------------------------------------------------- views

    /// @notice Rounds data in three parts: 0 caps, 1 prices, 2 end times.
    /// @param part Which part: 0 cumulative caps (whole tokens), 1 prices (USD, 18 decimals), 2 end times.
    /// @return values That part for every round.
    function roundDetails(uint256 part) external view override returns (uint256[] memory values) {
        if (part > 2) revert IPresale.InvalidParameter();
        uint256 n = _ladder.roundCount;
        values = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = _rounds[i];
            values[i] = part == 0 ? r.cap : part == 1 ? r.price : r.endTime;
        }
    }

    /// @notice Every round as a struct.
    /// @return list Cap, price and end time of each round.
    function rounds() external view override returns (IPresale.Round[] memory list) {
        uint256 n = _ladder.roundCount;
        list = new IPresale.Round[](n);
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = _rounds[i];
            list[i] = IPresale.Round({cap: r.cap, price: r.price, endTime: r.endTime});
        }
    }

    /// @notice Unsold tokens of each expired round, by round index.
    /// @return values Whole tokens left unsold in each round (zero for rounds that did not expire unsold).
    function trackRemainingTokens() external view override returns (uint256[] memory values) {
        uint256 n = _ladder.roundCount;
        values = new uint256[](n);
        for (uint256 i; i < n; ++i) values[i] = _unsold[i];
    }

    /// @notice Index of the round being sold (equal to the number of rounds once all are closed).
    function currentStep() external view override returns (uint256) {
        return _ladder.step;
    }

    /// @notice Position on the ladder in whole tokens.
    function checkPoint() external view override returns (uint256) {
        return _ladder.checkPoint;
    }

    /// @notice Whole tokens sold on both chains.
    function totalTokensSold() public view override returns (uint256) {
        LadderState memory s = _ladder;
        return uint256(s.localSold) + s.remoteSold;
    }

    /// @notice Whole tokens sold on this chain.
    function localTokensSold() external view override returns (uint256) {
        return _ladder.localSold;
    }

    /// @notice Whole tokens sold on the other chain, as last synced.
    function remoteTokensSold() public view override returns (uint256) {
        return _ladder.remoteSold;
    }

    /// @notice USD raised on both chains, 6 decimals.
    function usdRaised() external view override returns (uint256) {
        LadderState memory s = _ladder;
        return uint256(s.localUsd) + s.remoteUsd;
    }

    /// @notice USD raised on this chain, 6 decimals.
    function localUsdRaised() external view override returns (uint256) {
        return _ladder.localUsd;
    }

    /// @notice USD raised on the other chain, 6 decimals, as last synced.
    function remoteUsdRaised() external view override returns (uint256) {
        return _ladder.remoteUsd;
    }

    /// @notice Whether later rounds are re-spaced when a round sells out early, and by how much.
    /// @return enabled Whether re-spacing is on.
    /// @return timeConstant Seconds between the re-spaced end times.
    function dynamicTime() external view returns (bool enabled, uint256 timeConstant) {
        DynamicTime memory d = _dynamicTime;
        return (d.enabled, d.timeConstant);
    }

    // ---------------------------------------------------------------- pricing

    /// @dev USD cost (18 decimals) of `amount` whole tokens bought now, without changing anything.
    function _quoteUsd(uint256 amount) internal view returns (uint256) {
        return _walk(_ladder, amount).usd;
    }

    /// @dev Walks the ladder from `s` for `amount` tokens. Reverts with SoldOut past the last round.
    function _walk(LadderState memory s, uint256 amount) private view returns (Walk memory w) {
        w.checkPoint = s.checkPoint;
        w.step = s.step;
        uint256 n = s.roundCount;
        bool respaced;
        while (amount != 0) {
            if (w.step >= n) revert IPresale.SoldOut();
            PackedRound memory r = _rounds[w.step];
            // Once dynamic time has re-spaced the later rounds, they end in the future: no expiry check.
            if (!respaced && block.timestamp >= r.endTime) {
                w.expiredMask |= 1 << w.step;
                w.checkPoint = r.cap;
                ++w.step;
                continue;
            }
            uint256 take = Math.min(amount, r.cap - w.checkPoint);
            w.usd += take * r.price;
            w.checkPoint += take;
            amount -= take;
            if (w.checkPoint == r.cap) {
                ++w.step;
                w.soldOutRound = true;
                respaced = _dynamicTime.enabled;
            }
        }
    }

    /// @dev Sells `amount` whole tokens on this chain; returns the USD cost with 18 decimals.
    function _sell(uint256 amount) internal returns (uint256 usd) {
        LadderState memory s = _ladder;
        uint256 startCheckPoint = s.checkPoint;
        uint256 startStep = s.step;
        Walk memory w = _walk(s, amount);
        if (w.expiredMask != 0) _closeExpired(w.expiredMask, startStep, startCheckPoint);
        if (w.step != startStep) _onStepChange(w.step, w.checkPoint, w.soldOutRound);

        s.checkPoint = w.checkPoint.toUint40();
        s.step = uint8(w.step);
        s.localSold = (uint256(s.localSold) + amount).toUint40();
        s.localUsd = (uint256(s.localUsd) + Math.ceilDiv(w.usd, USD6_DIVISOR)).toUint56();
        _ladder = s;
        return w.usd;
    }

    /// @dev Records the unsold part of each round in `mask`. The first closed round starts at the walk's starting
    /// position; every later one was entered at the previous round's cap.
    function _closeExpired(uint256 mask, uint256 startStep, uint256 startCheckPoint) private {
        for (uint256 i = startStep; mask >> i != 0; ++i) {
            if (mask & (1 << i) == 0) continue;
            uint256 entered = i == startStep ? startCheckPoint : _rounds[i - 1].cap;
            uint256 unsold = _rounds[i].cap - entered;
            _unsold[i] = unsold;
            emit IPresale.RoundExpired(i, unsold);
        }
    }

    /// @dev Announces the new step and, if a round sold out with dynamic time on, re-spaces the rounds from it.
    function _onStepChange(uint256 step, uint256 position, bool soldOut) private {
        emit IPresale.StepAdvanced(step, position);
        DynamicTime memory d = _dynamicTime;
        if (!d.enabled || !soldOut) return;
        uint256 n = _ladder.roundCount;
        for (uint256 i = step; i < n; ++i) {
            _rounds[i].endTime = uint40(block.timestamp + (i - step + 1) * d.timeConstant);
        }
    }

    // ---------------------------------------------------------------- cross-chain and admin

    /// @dev Adds the other chain's new sales to the ladder. Totals not above the stored ones change nothing, which
    /// makes a replayed, duplicated or reordered sync harmless. Returns whether anything changed.
    function _syncRemote(uint256 remoteSold, uint256 remoteUsd) internal returns (bool changed) {
        LadderState memory s = _ladder;
        if (remoteSold > s.remoteSold) {
            uint256 delta = remoteSold - s.remoteSold;
            s.remoteSold = remoteSold.toUint40();
            // The other chain already sold these tokens: move the position, closing rounds they filled.
            uint256 position = uint256(s.checkPoint) + delta;
            uint256 n = s.roundCount;
            uint256 step = s.step;
            while (step < n && position >= _rounds[step].cap) ++step;
            uint256 last = _rounds[n - 1].cap; // a ladder always has at least one round
            s.checkPoint = Math.min(position, last).toUint40();
            if (step != s.step) {
                s.step = uint8(step);
                _onStepChange(step, s.checkPoint, true);
            }
            changed = true;
        }
        if (remoteUsd > s.remoteUsd) {
            s.remoteUsd = remoteUsd.toUint56();
            changed = true;
        }
        if (changed) _ladder = s;
    }

    /// @dev Replaces the rounds. Caps and end times must strictly increase, prices be non-zero, and the current
    /// position must lie inside the current round of the new table.
    function _setRounds(uint256[] memory caps, uint256[] memory prices, uint256[] memory endTimes) internal {
        uint256 n = caps.length;
        if (n == 0 || n > 255 || prices.length != n || endTimes.length != n) revert IPresale.InvalidRounds();
        LadderState memory s = _ladder;
        if (s.step >= n || s.checkPoint >= caps[s.step] || (s.step != 0 && s.checkPoint < caps[s.step - 1])) {
            revert IPresale.InvalidRounds();
        }
        for (uint256 i; i < n; ++i) {
            if (prices[i] == 0 || (i != 0 && (caps[i] <= caps[i - 1] || endTimes[i] <= endTimes[i - 1]))) {
                revert IPresale.InvalidRounds();
            }
            _rounds[i] = PackedRound({cap: caps[i].toUint40(), price: prices[i].toUint96(), endTime: endTimes[i].toUint40()});
        }
        for (uint256 i = n; i < s.roundCount; ++i) delete _rounds[i];
        _ladder.roundCount = uint8(n);
        emit IPresale.RoundsUpdated(n);
    }

    /// @dev Moves the position by hand (admin): `checkPoint` must lie inside round `step`.
    function _setStep(uint256 step, uint256 checkPoint_) internal {
        uint256 n = _ladder.roundCount;
        if (step >= n || checkPoint_ >= _rounds[step].cap || (step != 0 && checkPoint_ < _rounds[step - 1].cap)) {
            revert IPresale.InvalidStep();
        }
        if (checkPoint_ < totalTokensSold()) revert IPresale.InvalidStep();
        _ladder.step = uint8(step);
        _ladder.checkPoint = checkPoint_.toUint40();
        emit IPresale.StepSet(step, checkPoint_);
    }

    function _setDynamicTime(bool enabled, uint256 timeConstant) internal {
        if (enabled && timeConstant == 0) revert IPresale.InvalidParameter();
        _dynamicTime = DynamicTime({enabled: enabled, timeConstant: timeConstant.toUint32()});
        emit IPresale.DynamicTimeUpdated(enabled, timeConstant);
    }
}
