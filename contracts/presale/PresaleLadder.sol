// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPresale} from "../interfaces/IPresale.sol";
import {LadderBook} from "./LadderBook.sol";

/// @title This chain's share of the price ladder, and round-by-round pricing on it.
/// @notice A purchase walks the rounds from the position: an expired round is closed, a live round sells up to this
/// chain's share of it at its own price, so a purchase that crosses rounds is priced exactly, round by round. How the
/// two chains share each round is described in {LadderBook}, which holds the storage and the work done off the
/// purchase fast path.
abstract contract PresaleLadder is IPresale {
    using SafeCast for uint256;
    using LadderBook for LadderBook.Ladder;

    uint256 private constant USD6_DIVISOR = 1e12;

    /// @dev Result of a walk over the ladder: what it costs, where it ends, which rounds it closed and filled.
    struct Walk {
        uint256 usd;
        uint256 step;
        uint256 used;
        uint256 quota;
        uint256 expiredMask;
        uint256 filledMask;
    }

    LadderBook.Ladder private _ladder;

    /// @param ethereumSide Whether this chain holds Ethereum's quota of each round (else Base's, the rest).
    constructor(
        uint256[] memory caps,
        uint256[] memory prices,
        uint256[] memory endTimes,
        uint256[] memory ethereumQuotas,
        bool ethereumSide
    ) {
        _ladder.init(caps, prices, endTimes, ethereumQuotas, ethereumSide);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IPresale
    function roundDetails(uint256 part) external view override returns (uint256[] memory values) {
        return _ladder.roundDetails(part);
    }

    /// @inheritdoc IPresale
    function rounds() external view override returns (IPresale.RoundInfo[] memory list) {
        return _ladder.roundList(_ladderClosed());
    }

    /// @inheritdoc IPresale
    function trackRemainingTokens() external view override returns (uint256[] memory values) {
        return _ladder.trackRemainingTokens();
    }

    /// @inheritdoc IPresale
    function roundSales() external view override returns (uint256[] memory local, uint256[] memory remote) {
        return _ladder.roundSales();
    }

    /// @inheritdoc IPresale
    function currentStep() external view override returns (uint256 step) {
        (step, ) = _ladder.position();
    }

    /// @inheritdoc IPresale
    function checkPoint() external view override returns (uint256 position) {
        (, position) = _ladder.position();
    }

    /// @inheritdoc IPresale
    function localTokensSold() public view override returns (uint256) {
        return _ladder.state.localSold;
    }

    /// @inheritdoc IPresale
    function localUsdRaised() public view override returns (uint256) {
        return _ladder.state.localUsd;
    }

    /// @inheritdoc IPresale
    function dynamicTime() external view override returns (bool enabled, uint256 timeConstant) {
        LadderBook.DynamicTime memory d = _ladder.dynamicTime;
        return (d.enabled, d.timeConstant);
    }

    // ---------------------------------------------------------------- pricing

    /// @dev USD cost (18 decimals) of `amount` whole tokens bought now, without changing anything.
    function _quoteUsd(uint256 amount) internal view returns (uint256) {
        return _walk(_ladder.state, amount).usd;
    }

    /// @dev Walks this chain's share of the ladder from `s` for `amount` tokens. Reverts with SoldOut past the last
    /// round. Once a filled round has re-spaced the later rounds (dynamic time), they end in the future: no expiry
    /// check for them.
    function _walk(LadderBook.LadderState memory s, uint256 amount) private view returns (Walk memory w) {
        (w.step, w.used, w.quota) = (s.step, s.used, s.quota);
        uint256 n = s.roundCount;
        bool respaced;
        while (amount != 0) {
            if (w.step >= n) revert IPresale.SoldOut();
            LadderBook.PackedRound memory r = _ladder.rounds[w.step];
            if (!respaced && block.timestamp >= r.endTime) {
                w.expiredMask |= 1 << w.step;
                _enterNext(w, r.cap, s.ethereumSide, n);
                continue;
            }
            uint256 room = w.quota - w.used;
            uint256 take = Math.min(amount, room);
            w.usd += take * r.price;
            w.used += take;
            amount -= take;
            if (take == room) {
                if (take != 0) {
                    w.filledMask |= 1 << w.step;
                    respaced = _ladder.dynamicTime.enabled;
                }
                _enterNext(w, r.cap, s.ethereumSide, n);
            }
        }
    }

    /// @dev Moves a walk into the next round, whose predecessor ends at `prevCap`.
    function _enterNext(Walk memory w, uint256 prevCap, bool ethereumSide, uint256 n) private view {
        ++w.step;
        w.used = 0;
        if (w.step >= n) {
            w.quota = 0;
            return;
        }
        LadderBook.PackedRound memory next = _ladder.rounds[w.step];
        w.quota = ethereumSide ? next.ethereumQuota : next.cap - prevCap - next.ethereumQuota;
    }

    /// @dev Sells `amount` whole tokens on this chain; returns the USD cost with 18 decimals.
    function _sell(uint256 amount) internal returns (uint256 usd) {
        LadderBook.LadderState memory s = _ladder.state;
        Walk memory w = _walk(s, amount);
        if (w.step != s.step) _ladder.leaveRounds(s.step, s.used, w.step, w.expiredMask, w.filledMask);
        (s.step, s.used, s.quota) = (uint8(w.step), uint40(w.used), uint40(w.quota));
        s.localSold = (uint256(s.localSold) + amount).toUint40();
        s.localUsd = (uint256(s.localUsd) + Math.ceilDiv(w.usd, USD6_DIVISOR)).toUint64();
        _ladder.state = s;
        return w.usd;
    }

    // ---------------------------------------------------------------- cross-chain and owner

    /// @dev Whether this chain's sale is closed for good (on Ethereum: every unused quota went to Base).
    function _ladderClosed() internal view virtual returns (bool);

    /// @dev Number of rounds in the table.
    function _roundCount() internal view returns (uint256) {
        return _ladder.state.roundCount;
    }

    /// @dev See {LadderBook-reportRounds}.
    function _reportRounds(bool closed) internal view returns (uint256[] memory quotas, uint256[] memory used) {
        return _ladder.reportRounds(closed);
    }

    /// @dev See {LadderBook-bookEthereum}.
    function _bookEthereum(uint256[] calldata quotas, uint256[] calldata used) internal {
        _ladder.bookEthereum(quotas, used);
    }

    /// @dev See {LadderBook-releaseQuota}.
    function _releaseQuota(uint256 round, uint256 tokens) internal {
        _ladder.releaseQuota(round, tokens);
    }

    /// @dev See {LadderBook-setRoundTerms}.
    function _setRoundTerms(uint256[] calldata prices, uint256[] calldata endTimes) internal {
        _ladder.setRoundTerms(prices, endTimes);
    }

    /// @dev See {LadderBook-setStep}.
    function _setStep(uint256 step, uint256 used) internal {
        _ladder.setStep(step, used);
    }

    function _setDynamicTime(bool enabled, uint256 timeConstant) internal {
        if (enabled && timeConstant == 0) revert IPresale.InvalidParameter();
        _ladder.dynamicTime = LadderBook.DynamicTime({enabled: enabled, timeConstant: timeConstant.toUint32()});
        emit IPresale.DynamicTimeUpdated(enabled, timeConstant);
    }
}
