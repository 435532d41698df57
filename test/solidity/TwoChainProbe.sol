// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Vm} from "../../contracts/test-support/Vm.sol";
import {BasePresale} from "../../contracts/BasePresale.sol";
import {EthereumPresale} from "../../contracts/EthereumPresale.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {Staking} from "../../contracts/Staking.sol";
import {IBasePresale} from "../../contracts/interfaces/IBasePresale.sol";
import {IEthereumPresale} from "../../contracts/interfaces/IEthereumPresale.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {IStaking} from "../../contracts/interfaces/IStaking.sol";
import {BridgeQueue} from "./BridgeQueue.sol";
import {LadderModel} from "./LadderModel.sol";
import {TwoChainHandler} from "./TwoChainHandler.sol";

/// @notice The liveness checks of the two-chain invariant, run on the handler's state without changing it: `run`
/// performs everything that must always be possible and then reverts with the outcome (`ProbePassed`, or
/// `ProbeFailed` with a code), so the caller reads the outcome and the run's state stays as it was.
/// @dev From the current state: every view the dapp reads answers (a quote may only be SoldOut, and only when the
/// reference walk says so); a relay of every buyer succeeds; every message never delivered is accepted; then every
/// (buyer, leg) is credited on Base exactly as Ethereum relayed it; Ethereum closes (anyone after its end, the owner
/// before) and its close is accepted on Base; then, each on its own, the owner starts the claim now, after which
/// everyone's claim (or claim-and-stake) pays exactly its deposit and Base keeps exactly the unsold rest, and anyone
/// opens the claim at the deadline. Not a fuzz target (only the handler is).
contract TwoChainProbe {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant TOKEN = 1e18;
    uint256 internal constant LADDER_TOTAL = 80_000_000;
    /// @dev docs/PRODUCT.md: the claim opens for anyone at the latest this long after the sale's end.
    uint256 internal constant CLAIM_DEADLINE = 14 days;

    enum Failure {
        None,
        ViewReverted,
        RelayReverted,
        DeliveryRefused,
        LegNotCreditedExactly,
        QuotaNotBookedExactly,
        CloseReverted,
        CloseNotArrived,
        StartClaimReverted,
        ClaimReverted,
        ClaimPaidWrong,
        FundsLeftWrong,
        OpenClaimReverted
    }

    error ProbePassed();
    error ProbeFailed(Failure failure, uint256 detail, bytes reason);

    TwoChainHandler internal immutable _h;
    EthereumPresale internal immutable _eth;
    BasePresale internal immutable _base;
    BridgeQueue internal immutable _bridge;
    Staking internal immutable _staking;
    SaleToken internal immutable _token;

    constructor(TwoChainHandler h) {
        _h = h;
        (_eth, _base) = (h.eth(), h.base());
        (_bridge, _staking, _token) = h.system();
    }

    /// @notice Always reverts: `ProbePassed`, or `ProbeFailed` with what could not be done.
    function run() external {
        _views();
        address[] memory buyers = _h.buyers();
        (bool ok, bytes memory reason) = address(_eth).call(abi.encodeCall(IEthereumPresale.relay, (buyers)));
        if (!ok) revert ProbeFailed(Failure.RelayReverted, 0, reason);
        _deliverPending();
        _checkLegsCredited(buyers);
        _checkQuotasBooked();
        if (!_eth.saleClosed()) {
            bool ended = block.timestamp >= _eth.endTime();
            if (!ended) VM.prank(address(_h)); // the owner may close early; anyone once the end has passed
            (ok, reason) = address(_eth).call(abi.encodeCall(IEthereumPresale.closeSale, ()));
            if (!ok) revert ProbeFailed(Failure.CloseReverted, ended ? 1 : 0, reason);
            _deliverPending();
            _checkQuotasBooked();
        }
        if (!_base.remoteSaleClosed()) revert ProbeFailed(Failure.CloseNotArrived, 0, "");
        _nested(abi.encodeCall(this.startClaimAndClaimAll, ()));
        _nested(abi.encodeCall(this.openClaimAtDeadline, ()));
        revert ProbePassed();
    }

    /// @notice Reverts: the owner starts the claim now (or brings it forward to now), then everyone claims.
    function startClaimAndClaimAll() external {
        uint256 cs = _base.claimStart();
        if (cs == 0 || block.timestamp < cs) {
            VM.prank(address(_h));
            (bool ok, bytes memory reason) = address(_base).call(
                abi.encodeCall(IBasePresale.startClaim, (block.timestamp))
            );
            if (!ok) revert ProbeFailed(Failure.StartClaimReverted, cs, reason);
        }
        _claimAll();
        revert ProbePassed();
    }

    /// @notice Reverts: 14 days after the sale's end anyone opens the claim (unless it has started by then).
    function openClaimAtDeadline() external {
        uint256 deadline = _base.endTime() + CLAIM_DEADLINE;
        if (block.timestamp < deadline) VM.warp(deadline);
        uint256 cs = _base.claimStart();
        if (cs == 0 || block.timestamp < cs) {
            (bool ok, bytes memory reason) = address(_base).call(abi.encodeCall(IBasePresale.openClaim, ()));
            if (!ok) revert ProbeFailed(Failure.OpenClaimReverted, cs, reason);
        }
        _claimAll();
        revert ProbePassed();
    }

    /// @dev Runs a reverting check and re-raises its outcome unless it passed. Restores the time it may have moved.
    function _nested(bytes memory call) internal {
        uint256 t = block.timestamp;
        (, bytes memory reason) = address(this).call(call);
        VM.warp(t);
        if (keccak256(reason) != keccak256(abi.encodeWithSelector(ProbePassed.selector))) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(reason, 32), mload(reason))
            }
        }
    }

    /// @dev Everyone with a deposit claims (every other one into staking): each gets exactly its deposit, and Base
    /// then holds exactly the tokens neither chain sold.
    function _claimAll() internal {
        uint256 n = _h.N_ADDRESSES();
        for (uint256 i; i < n; ++i) {
            address a = _h.addrs(i);
            uint256 dep = _base.userDeposits(a);
            if (dep == 0) continue;
            uint256 before = i % 2 == 0 ? _token.balanceOf(a) : _staking.poolStakers(a).amount;
            VM.prank(a);
            (bool ok, bytes memory reason) = address(_base).call(
                i % 2 == 0 ? abi.encodeCall(IBasePresale.claim, ()) : abi.encodeCall(IBasePresale.claimAndStake, ())
            );
            if (!ok) revert ProbeFailed(Failure.ClaimReverted, i, reason);
            uint256 got = (i % 2 == 0 ? _token.balanceOf(a) : _staking.poolStakers(a).amount) - before;
            if (got != dep) revert ProbeFailed(Failure.ClaimPaidWrong, i, "");
        }
        uint256 unsold = LADDER_TOTAL - _eth.localTokensSold() - _base.localTokensSold();
        if (_token.balanceOf(address(_base)) != unsold * TOKEN) {
            revert ProbeFailed(Failure.FundsLeftWrong, _token.balanceOf(address(_base)), "");
        }
    }

    /// @dev Delivers every message never delivered with success, newest first (the worst order), then the oldest
    /// once more (a stale duplicate); each must be accepted. Messages already delivered are not all repeated here:
    /// their content is booked, and the handler's `deliver` repeats any of them, checking each delivery.
    function _deliverPending() internal {
        uint256 n = _bridge.queued();
        for (uint256 i = n; i != 0; --i) {
            if (_bridge.deliveredCount(i - 1) != 0) continue;
            (bool ok, bytes memory reason) = _bridge.deliver(i - 1);
            if (!ok) revert ProbeFailed(Failure.DeliveryRefused, i - 1, reason);
        }
        if (n != 0) {
            (bool ok, bytes memory reason) = _bridge.deliver(0);
            if (!ok) revert ProbeFailed(Failure.DeliveryRefused, 0, reason);
        }
    }

    /// @dev After a relay and a full delivery, in any order, Base books exactly Ethereum's quota of every round (once
    /// closed: its use), the lowest ever reported, and Ethereum's use of it.
    function _checkQuotasBooked() internal view {
        IPresale.RoundInfo[] memory e = _eth.rounds();
        IPresale.RoundInfo[] memory b = _base.rounds();
        bool closed = _eth.saleClosed();
        for (uint256 i; i < e.length; ++i) {
            if (b[i].ethereumQuota != (closed ? e[i].used : e[i].ethereumQuota) || b[i].remoteUsed != e[i].used) {
                revert ProbeFailed(Failure.QuotaNotBookedExactly, i, "");
            }
        }
    }

    /// @dev After a relay of everyone and a full delivery, Base credited every (buyer, leg) exactly what Ethereum
    /// relayed in it.
    function _checkLegsCredited(address[] memory buyers) internal view {
        for (uint256 i; i < buyers.length; ++i) {
            IEthereumPresale.BuyerInfo memory info = _eth.buyerInfo(buyers[i]);
            for (uint256 leg; leg <= info.leg; ++leg) {
                uint256 relayed = leg == info.leg ? info.relayed : _h.ghostRelayed(buyers[i], leg);
                if (_base.remoteDepositsImported(buyers[i], leg) != relayed) {
                    revert ProbeFailed(Failure.LegNotCreditedExactly, i, abi.encode(leg));
                }
            }
        }
    }

    // ------------------------------------------------------------------ every view the dapp reads

    function _views() internal view {
        _presaleViews(IPresale(address(_eth)), true);
        _presaleViews(IPresale(address(_base)), false);
        uint256 n = _h.N_ADDRESSES();
        for (uint256 i; i < n; ++i) {
            address a = _h.addrs(i);
            _view(address(_eth), abi.encodeCall(IEthereumPresale.buyerInfo, (a)));
            _view(address(_base), abi.encodeCall(IBasePresale.userDeposits, (a)));
            _view(address(_base), abi.encodeCall(IBasePresale.remoteDepositsImported, (a, 0)));
            _view(address(_staking), abi.encodeCall(IStaking.poolStakers, (a)));
            _view(address(_staking), abi.encodeCall(IStaking.getRewards, (a)));
        }
        _view(address(_eth), abi.encodeCall(IEthereumPresale.relayGasLimit, (n)));
        _view(address(_base), abi.encodeCall(IBasePresale.totalRemoteDepositsImported, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.remoteTokensSold, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.remoteUsdRaised, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.remoteSaleClosed, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.stakedDuringSale, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.claimStart, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.claimDeadline, ()));
        _view(address(_base), abi.encodeCall(IBasePresale.flags, ()));
        _view(address(_staking), abi.encodeCall(IStaking.totalStaked, ()));
        _view(address(_staking), abi.encodeCall(IStaking.rewardReserve, ()));
        _view(address(_staking), abi.encodeCall(IStaking.withdrawalsLocked, ()));
        _view(address(_staking), abi.encodeCall(IStaking.apy, ()));
        _view(address(_staking), abi.encodeCall(IStaking.lockTime, ()));
    }

    function _presaleViews(IPresale p, bool onEthereum) internal view {
        address a = address(p);
        for (uint256 part; part < 3; ++part) _view(a, abi.encodeCall(IPresale.roundDetails, (part)));
        _view(a, abi.encodeCall(IPresale.rounds, ()));
        _view(a, abi.encodeCall(IPresale.roundSales, ()));
        _view(a, abi.encodeCall(IPresale.trackRemainingTokens, ()));
        _view(a, abi.encodeCall(IPresale.currentStep, ()));
        _view(a, abi.encodeCall(IPresale.checkPoint, ()));
        _view(a, abi.encodeCall(IPresale.totalTokensSold, ()));
        _view(a, abi.encodeCall(IPresale.localTokensSold, ()));
        _view(a, abi.encodeCall(IPresale.usdRaised, ()));
        _view(a, abi.encodeCall(IPresale.localUsdRaised, ()));
        _view(a, abi.encodeCall(IPresale.dynamicTime, ()));
        _view(a, abi.encodeCall(IPresale.ethUsdPrice, ()));
        _view(a, abi.encodeCall(IPresale.saleClosed, ()));
        _view(a, abi.encodeCall(IPresale.paused, ()));
        _view(a, abi.encodeCall(IPresale.splits, ()));
        // A quote may fail only as SoldOut, and only when the reference walk runs out too. Once Ethereum is closed its
        // rounds() show each quota as its use (the close released the rest) while a quote still walks the stored
        // table: either answer is fine there (no purchase can follow), any other revert is not.
        bool soldOut = LadderModel.walk(p, onEthereum, 1).soldOut;
        bool either = onEthereum && p.saleClosed();
        _quote(a, abi.encodeCall(IPresale.usdQuote, (1)), soldOut, either);
        _quote(a, abi.encodeCall(IPresale.ethBuyHelper, (1)), soldOut, either);
        _quote(a, abi.encodeCall(IPresale.usdcBuyHelper, (1)), soldOut, either);
        if (onEthereum) _quote(a, abi.encodeCall(IPresale.usdtBuyHelper, (1)), soldOut, either);
    }

    function _view(address target, bytes memory data) internal view {
        (bool ok, bytes memory reason) = target.staticcall(data);
        if (!ok) revert ProbeFailed(Failure.ViewReverted, uint256(uint32(bytes4(data))), reason);
    }

    function _quote(address target, bytes memory data, bool soldOut, bool either) internal view {
        (bool ok, bytes memory reason) = target.staticcall(data);
        bool refusedSoldOut = !ok && keccak256(reason) == keccak256(abi.encodeWithSelector(IPresale.SoldOut.selector));
        bool expected =
            either
                ? ok || refusedSoldOut
                : soldOut
                    ? refusedSoldOut
                    : ok;
        if (!expected) revert ProbeFailed(Failure.ViewReverted, uint256(uint32(bytes4(data))), reason);
    }
}
