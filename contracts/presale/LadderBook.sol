// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPresale} from "../interfaces/IPresale.sol";

/// @title The ladder's storage and everything done to it off the purchase fast path.
/// @notice Each round records the tokens sold in it on this chain and on the other chain (as booked here). The position
/// (`checkPoint`, whole tokens) is the current round's start plus what both chains sold in it; the current round is the
/// first one that is neither expired nor full. The other chain's sales are booked in the rounds they were made in,
/// after closing rounds by time, so both chains keep one ladder at every round boundary.
/// @dev An external library (linked at deployment) so that the presale stays under the contract size limit; a
/// purchase calls it only when it changes the round. The current round's local count is not stored on purchases but
/// derived (`checkPoint - round start - remote count`); it is written into the round's slot when the position leaves
/// the round or before anything else moves the position.
library LadderBook {
    using SafeCast for uint256;

    /// @dev One round in one slot: cumulative cap (whole tokens), price (USD 1e18 per token), end time, and the whole
    /// tokens sold in it on this chain (stale for the current round, see above) and on the other chain.
    struct PackedRound {
        uint40 cap;
        uint96 price;
        uint40 endTime;
        uint40 localSold;
        uint40 remoteSold;
    }

    /// @dev The whole ladder position and the number of rounds in one slot, written once per purchase. `remoteSold`
    /// is the other chain's sold total as reported (deposits on Base; the sum of mirrored rounds on Ethereum).
    struct LadderState {
        uint40 checkPoint;
        uint40 localSold;
        uint40 remoteSold;
        uint8 step;
        uint8 roundCount;
        uint56 localUsd;
        uint56 remoteUsd;
    }

    struct DynamicTime {
        bool enabled;
        uint32 timeConstant;
    }

    struct Ladder {
        mapping(uint256 index => PackedRound) rounds;
        LadderState state;
        DynamicTime dynamicTime;
    }

    /// @dev How `bookRemote` treats the counts it is given.
    enum Booking {
        Report, // from the other chain through the messenger: monotonic, unbounded
        Mirror, // from the keeper: monotonic, each count at most its round's size
        Correction // from the owner: exact (lower or higher), each count at most its round's size
    }

    // ---------------------------------------------------------------- views

    /// @dev One part of every round: 0 cumulative caps, 1 prices, 2 end times.
    function roundDetails(Ladder storage ladder, uint256 part) external view returns (uint256[] memory values) {
        if (part > 2) revert IPresale.InvalidParameter();
        uint256 n = ladder.state.roundCount;
        values = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = ladder.rounds[i];
            values[i] =
                part == 0
                    ? r.cap
                    : part == 1
                        ? r.price
                        : r.endTime;
        }
    }

    /// @dev Every round as a struct.
    function roundList(Ladder storage ladder) external view returns (IPresale.Round[] memory list) {
        uint256 n = ladder.state.roundCount;
        list = new IPresale.Round[](n);
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = ladder.rounds[i];
            list[i] = IPresale.Round({cap: r.cap, price: r.price, endTime: r.endTime});
        }
    }

    /// @dev Whole tokens neither chain sold in each closed round whose end time has passed (zero otherwise).
    function trackRemainingTokens(Ladder storage ladder) external view returns (uint256[] memory values) {
        LadderState memory s = ladder.state;
        values = new uint256[](s.roundCount);
        uint256 start;
        for (uint256 i; i < s.step; ++i) {
            PackedRound memory r = ladder.rounds[i];
            uint256 sold = start + r.localSold + r.remoteSold;
            if (block.timestamp >= r.endTime && sold < r.cap) values[i] = r.cap - sold;
            start = r.cap;
        }
    }

    /// @dev Per-round sold counts: this chain's (the current round's derived from the position) and the other's.
    function roundSales(Ladder storage ladder) external view returns (uint256[] memory local, uint256[] memory remote) {
        LadderState memory s = ladder.state;
        uint256 n = s.roundCount;
        local = new uint256[](n);
        remote = new uint256[](n);
        uint256 start;
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = ladder.rounds[i];
            local[i] = i == s.step ? s.checkPoint - start - r.remoteSold : r.localSold;
            remote[i] = r.remoteSold;
            start = r.cap;
        }
    }

    // ---------------------------------------------------------------- purchases

    /// @dev After a purchase walked from `startStep` to `endStep`: records what this chain sold in each round it left,
    /// announces the expired ones and the new step, and re-spaces the later rounds if one sold out with dynamic time
    /// on. The first round was entered at the walk's starting position; every later one at its predecessor's cap
    /// plus what was booked in it before (unchanged if it expired or was already full, its whole remainder if the
    /// purchase filled it).
    function leaveRounds(
        Ladder storage ladder,
        uint256 startStep,
        uint256 startCheckPoint,
        uint256 endStep,
        uint256 endCheckPoint,
        uint256 expiredMask,
        bool soldOut
    ) external {
        uint256 roundStart = startStep == 0 ? 0 : ladder.rounds[startStep - 1].cap;
        uint256 entered = startCheckPoint;
        for (uint256 i = startStep; i < endStep; ++i) {
            PackedRound memory r = ladder.rounds[i];
            if (i != startStep) entered = roundStart + r.localSold + r.remoteSold;
            bool expired = expiredMask & (1 << i) != 0;
            if (expired) emit IPresale.RoundExpired(i, entered < r.cap ? r.cap - entered : 0);
            if (i == startStep || (!expired && entered < r.cap)) {
                ladder.rounds[i].localSold = ((expired ? entered : r.cap) - roundStart - r.remoteSold).toUint40();
            }
            roundStart = r.cap;
        }
        _onStepChange(ladder, endStep, endCheckPoint, soldOut);
    }

    // ---------------------------------------------------------------- cross-chain

    /// @dev Books the other chain's per-round sold counts (see {Booking}), then moves the position: rounds are
    /// closed by time first, then by being full. Returns the tokens added over all rounds and the new sum of the
    /// other chain's counts. Counts for rounds beyond this table are ignored (both chains run the same table).
    function bookRemote(
        Ladder storage ladder,
        uint256[] calldata roundSold,
        Booking mode
    ) external returns (uint256 added, uint256 total) {
        LadderState memory s = ladder.state;
        uint256 n = s.roundCount;
        uint256 start;
        for (uint256 i; i < n; ++i) {
            PackedRound memory r = ladder.rounds[i];
            uint256 before = r.remoteSold;
            uint256 sold = i < roundSold.length ? roundSold[i] : before;
            if (mode != Booking.Report && sold > r.cap - start) {
                revert IPresale.MirrorExceedsRound(i, sold, r.cap - start);
            }
            if (sold > before) added += sold - before;
            else if (mode != Booking.Correction) sold = before;
            r.remoteSold = sold.toUint40();
            // The current round's own sales live in the position until it is left: store them before it moves.
            if (i == s.step) r.localSold = (s.checkPoint - start - before).toUint40();
            if (sold != before || i == s.step) ladder.rounds[i] = r;
            total += sold;
            start = r.cap;
        }
        _reposition(ladder, s.step, mode == Booking.Correction ? 0 : s.step);
    }

    // ---------------------------------------------------------------- admin

    /// @dev Replaces the rounds, keeping each round's sold counts. Caps and end times must strictly increase, prices
    /// be non-zero, and the current position must lie inside the current round of the new table, not below what the
    /// other chain sold in it.
    function setRounds(
        Ladder storage ladder,
        uint256[] calldata caps,
        uint256[] calldata prices,
        uint256[] calldata endTimes
    ) external {
        uint256 n = caps.length;
        if (n == 0 || n > 255 || prices.length != n || endTimes.length != n) revert IPresale.InvalidRounds();
        LadderState memory s = ladder.state;
        if (s.step >= n || s.checkPoint >= caps[s.step]) revert IPresale.InvalidRounds();
        uint256 start = s.step == 0 ? 0 : caps[s.step - 1];
        if (s.checkPoint < start + ladder.rounds[s.step].remoteSold) revert IPresale.InvalidRounds();
        for (uint256 i; i < n; ++i) {
            if (prices[i] == 0 || (i != 0 && (caps[i] <= caps[i - 1] || endTimes[i] <= endTimes[i - 1]))) {
                revert IPresale.InvalidRounds();
            }
            PackedRound storage r = ladder.rounds[i];
            (r.cap, r.price, r.endTime) = (caps[i].toUint40(), prices[i].toUint96(), endTimes[i].toUint40());
        }
        for (uint256 i = n; i < s.roundCount; ++i) delete ladder.rounds[i];
        ladder.state.roundCount = uint8(n);
        emit IPresale.RoundsUpdated(n);
    }

    /// @dev Moves the position by hand (admin): `checkPoint` must lie inside round `step`, not below the tokens sold
    /// on both chains nor below what the other chain sold in that round. This chain's count in that round becomes the
    /// rest of the round below the new position (the skipped part counts on the ladder, not as deposits, and reaches
    /// the other chain with the next report or mirror).
    function setStep(Ladder storage ladder, uint256 step, uint256 checkPoint) external {
        LadderState memory s = ladder.state;
        if (step >= s.roundCount || checkPoint >= ladder.rounds[step].cap) revert IPresale.InvalidStep();
        if (checkPoint < uint256(s.localSold) + s.remoteSold) revert IPresale.InvalidStep();
        _storeCurrentLocal(ladder, s);
        PackedRound memory target = ladder.rounds[step];
        uint256 start = step == 0 ? 0 : ladder.rounds[step - 1].cap;
        if (checkPoint < start + target.remoteSold) revert IPresale.InvalidStep();
        ladder.state.step = uint8(step);
        ladder.state.checkPoint = checkPoint.toUint40();
        emit IPresale.StepSet(step, checkPoint);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Writes the current round's local count (derived from the position) into its slot.
    function _storeCurrentLocal(Ladder storage ladder, LadderState memory s) private {
        if (s.step >= s.roundCount) return;
        uint256 start = s.step == 0 ? 0 : ladder.rounds[s.step - 1].cap;
        PackedRound storage current = ladder.rounds[s.step];
        current.localSold = (s.checkPoint - start - current.remoteSold).toUint40();
    }

    /// @dev Moves the position to the first round from `from` that is neither expired nor full, its checkpoint to
    /// that round's start plus both chains' sales in it. A round closed by time is never a sell-out (no re-spacing).
    function _reposition(Ladder storage ladder, uint256 oldStep, uint256 from) private {
        uint256 n = ladder.state.roundCount;
        uint256 step = from;
        uint256 start = step == 0 ? 0 : ladder.rounds[step - 1].cap;
        uint256 position = start;
        bool soldOut;
        bool respaced;
        for (; step < n; ++step) {
            PackedRound memory r = ladder.rounds[step];
            position = start + r.localSold + r.remoteSold;
            // Once dynamic time re-spaces the rounds after a sell-out, they end in the future: no expiry check.
            if (!respaced && block.timestamp >= r.endTime) {
                if (step >= oldStep) emit IPresale.RoundExpired(step, position < r.cap ? r.cap - position : 0);
            } else if (position >= r.cap) {
                soldOut = true;
                respaced = ladder.dynamicTime.enabled;
            } else {
                break;
            }
            start = r.cap;
            position = start;
        }
        ladder.state.step = uint8(step);
        ladder.state.checkPoint = position.toUint40();
        if (step > oldStep) _onStepChange(ladder, step, position, soldOut);
        else if (step < oldStep) emit IPresale.StepSet(step, position);
    }

    /// @dev Announces the new step and, if a round sold out with dynamic time on, re-spaces the rounds from it.
    function _onStepChange(Ladder storage ladder, uint256 step, uint256 position, bool soldOut) private {
        emit IPresale.StepAdvanced(step, position);
        DynamicTime memory d = ladder.dynamicTime;
        if (!d.enabled || !soldOut) return;
        uint256 n = ladder.state.roundCount;
        for (uint256 i = step; i < n; ++i) {
            ladder.rounds[i].endTime = uint40(block.timestamp + (i - step + 1) * d.timeConstant);
        }
    }
}
