// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPresale} from "../interfaces/IPresale.sol";

/// @title The ladder's storage and everything done to it off the purchase fast path.
/// @notice One ladder, two chains, no shared position: every round is split between the chains. Ethereum owns the
/// first `ethereumQuota` tokens of each round and Base the rest, so neither chain can ever sell what the other may
/// sell, whatever the messages between them do. Ethereum's quota only shrinks: the owner may release part of it, a
/// round Ethereum leaves keeps only what Ethereum used of it, and Ethereum's close releases everything unused. Each
/// release reaches Base in Ethereum's next report, and Base's share of the round grows by it (Base books the lowest
/// quota ever reported, so a late, repeated or reordered report changes nothing). Each chain walks its own share of
/// each round: a round is left when it expires or when this chain's share of it is used up.
/// @dev An external library (linked at deployment) so that the presales stay under the contract size limit; a
/// purchase calls it only when it leaves a round. The current round's `used` lives in the state slot; it is written
/// into the round's slot when the chain leaves the round.
library LadderBook {
    using SafeCast for uint256;

    /// @dev One round in one slot: cumulative cap, price (USD 1e18 per whole token), end time, Ethereum's quota of the
    /// round (on Ethereum its own, on Base the lowest Ethereum reported) and the tokens this chain used in it (sold,
    /// or skipped by a manual move), final once the chain has left the round. Whole tokens.
    struct PackedRound {
        uint40 cap;
        uint96 price;
        uint40 endTime;
        uint40 ethereumQuota;
        uint40 used;
    }

    /// @dev The position on this chain's share of the ladder and the chain's totals, in one slot written once per
    /// purchase: the current round, what this chain used of it and its quota there; whole tokens sold and USD raised
    /// (6 decimals) on this chain.
    struct LadderState {
        uint8 step;
        uint8 roundCount;
        bool ethereumSide;
        uint40 used;
        uint40 quota;
        uint40 localSold;
        uint64 localUsd;
    }

    struct DynamicTime {
        bool enabled;
        uint32 timeConstant;
    }

    struct Ladder {
        mapping(uint256 index => PackedRound) rounds;
        /// @dev Base: what Ethereum used of each round, as last reported (display only).
        mapping(uint256 index => uint256) remoteUsed;
        LadderState state;
        DynamicTime dynamicTime;
    }

    // ---------------------------------------------------------------- set-up

    /// @dev Writes the table: caps strictly increasing from above zero, prices non-zero, end times strictly increasing,
    /// each Ethereum quota at most its round's size; the position starts at round 0. Memory arguments: a constructor
    /// calls it.
    // solhint-disable-next-line gas-calldata-parameters
    function init(
        Ladder storage ladder,
        uint256[] memory caps,
        uint256[] memory prices,
        uint256[] memory endTimes,
        uint256[] memory ethereumQuotas,
        bool ethereumSide
    ) external {
        uint256 n = caps.length;
        if (n == 0 || n > 255 || prices.length != n || endTimes.length != n || ethereumQuotas.length != n) {
            revert IPresale.InvalidRounds();
        }
        uint256 prevCap;
        for (uint256 i; i < n; ++i) {
            if (caps[i] <= prevCap || prices[i] == 0 || ethereumQuotas[i] > caps[i] - prevCap) {
                revert IPresale.InvalidRounds();
            }
            if (i != 0 && endTimes[i] <= endTimes[i - 1]) revert IPresale.InvalidRounds();
            ladder.rounds[i] = PackedRound({
                cap: caps[i].toUint40(),
                price: prices[i].toUint96(),
                endTime: endTimes[i].toUint40(),
                ethereumQuota: uint40(ethereumQuotas[i]),
                used: 0
            });
            prevCap = caps[i];
        }
        ladder.state = LadderState({
            step: 0,
            roundCount: uint8(n),
            ethereumSide: ethereumSide,
            used: 0,
            quota: uint40(_quota(ladder.rounds[0], 0, ethereumSide)),
            localSold: 0,
            localUsd: 0
        });
        emit IPresale.LadderInitialized(caps, prices, endTimes, ethereumQuotas);
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

    /// @dev Every round with both chains' quotas and use as this chain knows them; once Ethereum is `closed`, its
    /// quota of every round is what it used (the close released the rest).
    function roundList(Ladder storage ladder, bool closed) external view returns (IPresale.RoundInfo[] memory list) {
        LadderState memory s = ladder.state;
        list = new IPresale.RoundInfo[](s.roundCount);
        uint256 prevCap;
        for (uint256 i; i < s.roundCount; ++i) {
            PackedRound memory r = ladder.rounds[i];
            uint256 used = i == s.step ? s.used : r.used;
            uint256 ethereumQuota = closed && s.ethereumSide ? used : r.ethereumQuota;
            list[i] = IPresale.RoundInfo({
                cap: r.cap,
                price: r.price,
                endTime: r.endTime,
                ethereumQuota: ethereumQuota,
                baseQuota: r.cap - prevCap - ethereumQuota,
                used: used,
                remoteUsed: ladder.remoteUsed[i]
            });
            prevCap = r.cap;
        }
    }

    /// @dev Per-round use: this chain's and the other chain's as reported here (zero on Ethereum).
    function roundSales(Ladder storage ladder) external view returns (uint256[] memory local, uint256[] memory remote) {
        LadderState memory s = ladder.state;
        local = new uint256[](s.roundCount);
        remote = new uint256[](s.roundCount);
        for (uint256 i; i < s.roundCount; ++i) {
            local[i] = i == s.step ? s.used : ladder.rounds[i].used;
            remote[i] = ladder.remoteUsed[i];
        }
    }

    /// @dev Whole tokens neither chain used of each round that this chain has left and whose end time has passed, as
    /// far as this chain knows (Ethereum does not hear of Base's use).
    function trackRemainingTokens(Ladder storage ladder) external view returns (uint256[] memory values) {
        LadderState memory s = ladder.state;
        (uint256 step, ) = _effectiveStep(ladder, s);
        values = new uint256[](s.roundCount);
        uint256 prevCap;
        for (uint256 i; i < step; ++i) {
            PackedRound memory r = ladder.rounds[i];
            uint256 used = (i == s.step ? s.used : r.used) + ladder.remoteUsed[i];
            uint256 size = r.cap - prevCap;
            if (block.timestamp >= r.endTime && used < size) values[i] = size - used;
            prevCap = r.cap;
        }
    }

    /// @dev The round a purchase would start in now (past expired rounds and rounds whose share is used up) and the
    /// position on the ladder there: its start plus both chains' use of it as known here.
    function position(Ladder storage ladder) external view returns (uint256 step, uint256 checkPoint) {
        LadderState memory s = ladder.state;
        uint256 used;
        (step, used) = _effectiveStep(ladder, s);
        if (step >= s.roundCount) return (step, ladder.rounds[s.roundCount - 1].cap);
        checkPoint = (step == 0 ? 0 : ladder.rounds[step - 1].cap) + used + ladder.remoteUsed[step];
    }

    // ---------------------------------------------------------------- purchases

    /// @dev After a purchase walked from `startStep` (with `startUsed` used there) to `endStep`: records what this chain
    /// used of each round it left (a round the purchase filled: all of its share; otherwise what was used when it was
    /// entered), releases Ethereum's unused quota of those rounds, announces expiries and the new step, and re-spaces
    /// the later rounds if the purchase filled one with dynamic time on.
    function leaveRounds(
        Ladder storage ladder,
        uint256 startStep,
        uint256 startUsed,
        uint256 endStep,
        uint256 expiredMask,
        uint256 filledMask
    ) external {
        bool ethereumSide = ladder.state.ethereumSide;
        uint256 prevCap = startStep == 0 ? 0 : ladder.rounds[startStep - 1].cap;
        for (uint256 i = startStep; i < endStep; ++i) {
            PackedRound memory r = ladder.rounds[i];
            uint256 quota = _quota(r, prevCap, ethereumSide);
            uint256 used =
                filledMask & (1 << i) != 0
                    ? quota
                    : i == startStep
                        ? startUsed
                        : 0;
            if (expiredMask & (1 << i) != 0) emit IPresale.RoundExpired(i, quota - used);
            _leave(ladder, i, r, used, ethereumSide);
            prevCap = r.cap;
        }
        _onStepChange(ladder, endStep, filledMask != 0);
    }

    // ---------------------------------------------------------------- owner

    /// @dev Replaces the prices and end times (caps and quotas are fixed at deployment): prices non-zero, end times
    /// strictly increasing, one of each per round.
    function setRoundTerms(Ladder storage ladder, uint256[] calldata prices, uint256[] calldata endTimes) external {
        uint256 n = ladder.state.roundCount;
        if (prices.length != n || endTimes.length != n) revert IPresale.InvalidRounds();
        for (uint256 i; i < n; ++i) {
            if (prices[i] == 0 || (i != 0 && endTimes[i] <= endTimes[i - 1])) revert IPresale.InvalidRounds();
            PackedRound storage r = ladder.rounds[i];
            (r.price, r.endTime) = (prices[i].toUint96(), endTimes[i].toUint40());
        }
        emit IPresale.RoundsUpdated(prices, endTimes);
    }

    /// @dev Moves this chain forward by hand to round `step` with `used` of its share there used (sold or skipped):
    /// never back, never beyond this chain's share. The rounds left keep what was used of them; on Ethereum their
    /// unused quota is released to Base, so a move never takes anything from the other chain.
    function setStep(Ladder storage ladder, uint256 step, uint256 used) external {
        LadderState memory s = ladder.state;
        if (step >= s.roundCount || step < s.step || (step == s.step && used < s.used)) revert IPresale.InvalidStep();
        uint256 quota = s.quota;
        if (step != s.step) {
            for (uint256 i = s.step; i < step; ++i) {
                _leave(ladder, i, ladder.rounds[i], i == s.step ? s.used : 0, s.ethereumSide);
            }
            // The target's share starts where the last round left ends (step > s.step >= 0 here).
            quota = _quota(ladder.rounds[step], ladder.rounds[step - 1].cap, s.ethereumSide);
        }
        if (used > quota) revert IPresale.InvalidStep();
        (s.step, s.used, s.quota) = (uint8(step), uint40(used), uint40(quota));
        ladder.state = s;
        emit IPresale.StepSet(step, used);
    }

    /// @dev Ethereum: gives `tokens` of its quota of round `round` (the current one or a later one) to Base, never
    /// below what it already used there. Base learns of it with the next report.
    function releaseQuota(Ladder storage ladder, uint256 round, uint256 tokens) external {
        LadderState memory s = ladder.state;
        if (round >= s.roundCount || round < s.step) revert IPresale.InvalidStep();
        PackedRound storage r = ladder.rounds[round];
        uint256 used = round == s.step ? s.used : 0;
        uint256 quota = r.ethereumQuota;
        if (tokens == 0 || tokens > quota - used) revert IPresale.InvalidQuotaRelease(round, tokens, quota - used);
        quota -= tokens;
        r.ethereumQuota = uint40(quota);
        if (round == s.step) ladder.state.quota = uint40(quota);
        emit IPresale.EthereumQuotaReleased(round, quota);
    }

    // ---------------------------------------------------------------- cross-chain

    /// @dev Ethereum: its quota and use of every round, as reported to Base. A round left keeps its use as quota; once
    /// the sale is `closed`, every round does.
    function reportRounds(
        Ladder storage ladder,
        bool closed
    ) external view returns (uint256[] memory quotas, uint256[] memory used) {
        LadderState memory s = ladder.state;
        quotas = new uint256[](s.roundCount);
        used = new uint256[](s.roundCount);
        for (uint256 i; i < s.roundCount; ++i) {
            PackedRound memory r = ladder.rounds[i];
            used[i] = i == s.step ? s.used : r.used;
            quotas[i] = closed ? used[i] : r.ethereumQuota;
        }
    }

    /// @dev Base: books Ethereum's reported quotas (the lowest ever reported wins; Base's share of the current round
    /// grows by what Ethereum released) and its use of each round (the highest wins). Counts for rounds beyond this
    /// table are ignored (both chains run the same table).
    function bookEthereum(Ladder storage ladder, uint256[] calldata quotas, uint256[] calldata used) external {
        LadderState memory s = ladder.state;
        uint256 n = s.roundCount;
        bool grew;
        for (uint256 i; i < n && i < quotas.length; ++i) {
            PackedRound storage r = ladder.rounds[i];
            uint256 before = r.ethereumQuota;
            if (quotas[i] < before) {
                r.ethereumQuota = uint40(quotas[i]);
                if (i == s.step) (s.quota, grew) = (uint40(s.quota + before - quotas[i]), true);
                emit IPresale.EthereumQuotaBooked(i, quotas[i]);
            }
        }
        for (uint256 i; i < n && i < used.length; ++i) {
            if (used[i] > ladder.remoteUsed[i]) ladder.remoteUsed[i] = used[i];
        }
        if (grew) ladder.state = s;
    }

    // ---------------------------------------------------------------- internals

    /// @dev This chain's share of a round whose predecessor ends at `prevCap`.
    function _quota(PackedRound memory r, uint256 prevCap, bool ethereumSide) private pure returns (uint256) {
        return ethereumSide ? r.ethereumQuota : r.cap - prevCap - r.ethereumQuota;
    }

    /// @dev Records this chain's final use of a round it leaves; on Ethereum the rest of its quota goes to Base.
    function _leave(Ladder storage ladder, uint256 i, PackedRound memory r, uint256 used, bool ethereumSide) private {
        if (r.used == used && (!ethereumSide || r.ethereumQuota == used)) return;
        r.used = uint40(used);
        if (ethereumSide) r.ethereumQuota = uint40(used);
        ladder.rounds[i] = r;
    }

    /// @dev Announces the new step and, if a round was filled with dynamic time on, re-spaces the rounds from it.
    function _onStepChange(Ladder storage ladder, uint256 step, bool filled) private {
        emit IPresale.StepAdvanced(step);
        DynamicTime memory d = ladder.dynamicTime;
        if (!d.enabled || !filled) return;
        uint256 n = ladder.state.roundCount;
        for (uint256 i = step; i < n; ++i) {
            ladder.rounds[i].endTime = uint40(block.timestamp + (i - step + 1) * d.timeConstant);
        }
        if (step < n) emit IPresale.RoundsRespaced(step, block.timestamp + d.timeConstant, d.timeConstant);
    }

    /// @dev The round a purchase would start in now and what this chain used there.
    function _effectiveStep(
        Ladder storage ladder,
        LadderState memory s
    ) private view returns (uint256 step, uint256 used) {
        (step, used) = (s.step, s.used);
        uint256 quota = s.quota;
        while (step < s.roundCount) {
            PackedRound memory r = ladder.rounds[step];
            if (block.timestamp < r.endTime && used < quota) break;
            (step, used) = (step + 1, 0);
            if (step < s.roundCount) quota = _quota(ladder.rounds[step], r.cap, s.ethereumSide);
        }
    }
}
