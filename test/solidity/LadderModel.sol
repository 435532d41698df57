// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPresale} from "../../contracts/interfaces/IPresale.sol";

/// @notice Reference walk of one chain's share of the ladder, written apart from the contracts' own: from the round a
/// purchase starts in (`currentStep`), skip expired rounds, take up to the chain's share of each live round at its
/// price, move on when the share is used up; once a round is filled with dynamic time on, the later rounds are
/// re-spaced, so none of them counts as expired for the rest of the purchase. Reads only the table (`rounds`) and
/// the dynamic-time switch. The handlers compare every purchase with it: the price charged and each round's use.
library LadderModel {
    struct Quote {
        /// @dev The ladder ran out before `amount` was taken (the purchase must revert SoldOut).
        bool soldOut;
        /// @dev USD, 18 decimals, at each round's price.
        uint256 usd;
        /// @dev Whole tokens taken in each round.
        uint256[] takes;
        /// @dev The round the walk ends in: every earlier one from the start is left (filled or expired).
        uint256 endStep;
    }

    /// @dev What a purchase of `amount` whole tokens on `p` (Ethereum's side or Base's) would take now.
    function walk(IPresale p, bool ethereumSide, uint256 amount) internal view returns (Quote memory q) {
        IPresale.RoundInfo[] memory r = p.rounds();
        (bool dynamic, ) = p.dynamicTime();
        uint256 n = r.length;
        q.takes = new uint256[](n);
        uint256 step = p.currentStep();
        uint256 used = step < n ? r[step].used : 0;
        bool respaced;
        while (amount != 0) {
            if (step >= n) {
                q.soldOut = true;
                return q;
            }
            if (!respaced && block.timestamp >= r[step].endTime) {
                (step, used) = (step + 1, 0);
                continue;
            }
            uint256 room = (ethereumSide ? r[step].ethereumQuota : r[step].baseQuota) - used;
            uint256 take = amount < room ? amount : room;
            q.usd += take * r[step].price;
            q.takes[step] += take;
            (used, amount) = (used + take, amount - take);
            if (take == room) {
                if (take != 0) respaced = dynamic;
                (step, used) = (step + 1, 0);
            }
        }
        q.endStep = step;
    }

    /// @dev What is left of this chain's share of the round a purchase starts in now (0 when none is left).
    function roomInCurrentRound(IPresale p, bool ethereumSide) internal view returns (uint256) {
        IPresale.RoundInfo[] memory r = p.rounds();
        uint256 step = p.currentStep();
        if (step >= r.length) return 0;
        return (ethereumSide ? r[step].ethereumQuota : r[step].baseQuota) - r[step].used;
    }

    /// @dev What is left of this chain's share of every live round from the current one.
    function roomLeft(IPresale p, bool ethereumSide) internal view returns (uint256 room) {
        IPresale.RoundInfo[] memory r = p.rounds();
        for (uint256 i = p.currentStep(); i < r.length; ++i) {
            if (block.timestamp >= r[i].endTime) continue;
            room += (ethereumSide ? r[i].ethereumQuota : r[i].baseQuota) - r[i].used;
        }
    }
}
