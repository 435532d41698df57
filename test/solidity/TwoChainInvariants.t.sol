// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase} from "../../contracts/test-support/Vm.sol";
import {BasePresale} from "../../contracts/BasePresale.sol";
import {EthereumPresale} from "../../contracts/EthereumPresale.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {IEthereumPresale} from "../../contracts/interfaces/IEthereumPresale.sol";
import {BridgeQueue} from "./BridgeQueue.sol";
import {TwoChainHandler} from "./TwoChainHandler.sol";
import {TwoChainProbe} from "./TwoChainProbe.sol";

/// @notice The two-chain invariant (docs/PRODUCT.md's one ladder on two chains, recipients and staking rules), asserted
/// after every call of the handler with constant bounds, never "what was in flight":
/// supply (per round Ethereum's use + Base's use <= the round's size; all sales <= the ladder's total; only purchases
/// count as sold); quotas (Base's booked Ethereum quota >= Ethereum's actual quota, each side within its share);
/// imports (every (buyer, leg) credited on Base <= what Ethereum relayed in it); deposits (each address holds exactly
/// what it bought on Base plus the relayed legs naming it, less what it claimed); staking (presale stakes held until
/// the claim; checked per call in the handler with the unlock rule); nothing stranded; the handler's per-call outcome
/// checks; and liveness (TwoChainProbe: views, relay, delivery, close, claim start, claims, the deadline).
contract TwoChainInvariantsTest is TestBase {
    uint256 internal constant TOKEN = 1e18;
    uint256 internal constant LADDER_TOTAL = 80_000_000;

    TwoChainHandler internal h;
    TwoChainProbe internal probe;
    EthereumPresale internal eth;
    BasePresale internal base;
    BridgeQueue internal bridge;
    Staking internal staking;
    SaleToken internal token;

    function setUp() public {
        h = new TwoChainHandler();
        probe = new TwoChainProbe(h);
        (eth, base) = (h.eth(), h.base());
        (bridge, staking, token) = h.system();
        _target(address(h));
    }

    // ------------------------------------------------------------------ the invariant

    function invariant_twoChain() public {
        _checkSupply();
        _checkQuotas();
        _checkImportsAndDeposits();
        _checkStakingAndFunds();
        if (h.violations() != 0) {
            revert AssertionFailed(h.lastViolation(), uint32(h.lastGot()), uint32(h.lastExpected()));
        }
        _checkLiveness();
    }

    function _sizes() internal view returns (uint256[] memory sizes) {
        uint256[] memory caps = base.roundDetails(0);
        sizes = new uint256[](caps.length);
        uint256 prev;
        for (uint256 i; i < caps.length; ++i) (sizes[i], prev) = (caps[i] - prev, caps[i]);
    }

    /// @dev Bound 0: no round is used beyond its size by both chains together, nothing sold beyond the ladder.
    function _checkSupply() internal view {
        uint256[] memory sizes = _sizes();
        (uint256[] memory eUse, ) = eth.roundSales();
        (uint256[] memory bUse, uint256[] memory bookedUse) = base.roundSales();
        uint256 used;
        for (uint256 i; i < sizes.length; ++i) {
            assertLe(eUse[i] + bUse[i], sizes[i], "supply: Ethereum's use + Base's use of a round <= its size");
            assertLe(bookedUse[i], eUse[i], "Base books at most Ethereum's real use of a round");
            used += eUse[i] + bUse[i];
        }
        uint256 sold = eth.localTokensSold() + base.localTokensSold();
        assertLe(used, LADDER_TOTAL, "supply: both chains' use <= the ladder's total");
        assertLe(sold, LADDER_TOTAL, "supply: tokens sold on both chains <= the ladder's total");
        assertEq(eth.localTokensSold(), h.ghostSold(0), "Ethereum: only purchases count as sold");
        assertEq(base.localTokensSold(), h.ghostSold(1), "Base: only purchases count as sold");
        assertLe(base.remoteTokensSold(), eth.localTokensSold(), "Base's view of Ethereum's sales is real");
    }

    /// @dev Base's booked quota of each round is at least what Ethereum may still sell there (once closed: its use).
    function _checkQuotas() internal view {
        IPresale.RoundInfo[] memory e = eth.rounds();
        IPresale.RoundInfo[] memory b = base.rounds();
        bool closed = eth.saleClosed();
        bool closeArrived = base.remoteSaleClosed();
        for (uint256 i; i < e.length; ++i) {
            uint256 actual = closed ? e[i].used : e[i].ethereumQuota;
            assertGe(b[i].ethereumQuota, actual, "Base's booked quota >= Ethereum's actual quota");
            if (closeArrived) assertEq(b[i].ethereumQuota, e[i].used, "Ethereum's close gave Base all it did not use");
            assertLe(e[i].used, e[i].ethereumQuota, "Ethereum within its quota");
            assertLe(b[i].used, b[i].baseQuota, "Base within its share");
        }
    }

    /// @dev Every (buyer, leg) credited on Base at most what Ethereum relayed in it, and each address's deposit exactly
    /// what it bought on Base plus the legs naming it, less what it claimed.
    function _checkImportsAndDeposits() internal view {
        uint256 n = h.N_ADDRESSES();
        uint256[] memory importedFor = new uint256[](n);
        uint256 imported;
        for (uint256 i; i < h.N_BUYERS(); ++i) {
            address buyer = h.addrs(i);
            IEthereumPresale.BuyerInfo memory info = eth.buyerInfo(buyer);
            for (uint256 leg; leg <= info.leg; ++leg) {
                uint256 credited = base.remoteDepositsImported(buyer, leg);
                uint256 relayed = leg == info.leg ? info.relayed : h.ghostRelayed(buyer, leg);
                assertLe(credited, relayed, "a (buyer, leg) credited on Base <= relayed on Ethereum");
                imported += credited;
                if (credited != 0) importedFor[_index(h.ghostLegRecipient(buyer, leg))] += credited;
            }
        }
        assertEq(imported, base.totalRemoteDepositsImported(), "Base's import total is the sum of its legs");
        uint256 held;
        for (uint256 i; i < n; ++i) {
            address a = h.addrs(i);
            assertEq(
                base.userDeposits(a) + h.ghostClaimed(a),
                h.ghostCredited(a) + importedFor[i] * TOKEN,
                "deposits + claimed == bought on Base + relayed legs naming the address"
            );
            held += base.userDeposits(a) + h.ghostClaimed(a);
        }
        assertEq(
            held,
            base.localTokensSold() * TOKEN - base.stakedDuringSale() + imported * TOKEN,
            "all deposits + claims == Base's unstaked sales + imports"
        );
        assertEq(base.stakedDuringSale(), h.ghostStakedDuringSale(), "buy-and-stakes booked");
    }

    function _index(address a) internal view returns (uint256) {
        for (uint256 i; i < h.N_ADDRESSES(); ++i) if (h.addrs(i) == a) return i;
        revert AssertionFailed("a leg names an unknown recipient", uint256(uint160(a)), 0);
    }

    function _checkStakingAndFunds() internal view {
        assertGe(token.balanceOf(address(staking)), staking.totalStaked(), "staking holds what is staked");
        assertEq(address(eth).balance, 0, "Ethereum presale holds no ETH");
        assertEq(address(base).balance, 0, "Base presale holds no ETH");
    }

    /// @dev Runs the probe (it always reverts, so nothing it does stays) and fails with what it could not do.
    function _checkLiveness() internal {
        uint256 t = block.timestamp;
        try probe.run() {
            revert AssertionFailed("liveness probe returned", 0, 0);
        } catch (bytes memory reason) {
            VM.warp(t);
            if (bytes4(reason) == TwoChainProbe.ProbePassed.selector) return;
            if (bytes4(reason) != TwoChainProbe.ProbeFailed.selector)
                revert AssertionFailed("liveness probe broke", 0, 0);
            bytes memory args = new bytes(reason.length - 4);
            for (uint256 i; i < args.length; ++i) args[i] = reason[i + 4];
            (TwoChainProbe.Failure failure, uint256 detail, ) = abi.decode(
                args,
                (TwoChainProbe.Failure, uint256, bytes)
            );
            revert AssertionFailed(_failureName(failure), uint256(failure), detail);
        }
    }

    function _failureName(TwoChainProbe.Failure f) internal pure returns (string memory) {
        if (f == TwoChainProbe.Failure.ViewReverted) return "liveness: a view the dapp reads reverted";
        if (f == TwoChainProbe.Failure.RelayReverted) return "liveness: a relay of every buyer reverted";
        if (f == TwoChainProbe.Failure.DeliveryRefused) return "liveness: a queued report was refused";
        if (f == TwoChainProbe.Failure.LegNotCreditedExactly)
            return "imports: a leg not credited exactly after a full delivery";
        if (f == TwoChainProbe.Failure.QuotaNotBookedExactly) {
            return "quotas: Base's booked quota or use of a round differs from Ethereum's after a full delivery";
        }
        if (f == TwoChainProbe.Failure.CloseReverted) return "liveness: closeSale reverted";
        if (f == TwoChainProbe.Failure.CloseNotArrived) return "liveness: Ethereum's close did not reach Base";
        if (f == TwoChainProbe.Failure.StartClaimReverted) return "liveness: the owner's startClaim reverted";
        if (f == TwoChainProbe.Failure.ClaimReverted) return "liveness: a claim reverted";
        if (f == TwoChainProbe.Failure.ClaimPaidWrong) return "claims: a claim paid other than the deposit";
        if (f == TwoChainProbe.Failure.FundsLeftWrong) return "claims: Base kept other than the unsold tokens";
        return "liveness: openClaim at the deadline reverted";
    }

    // ------------------------------------------------------------------ the handler's actions, one by one

    /// @dev Every handler action takes effect on its own, and a late, duplicated or reordered message changes nothing
    /// (a handler whose actions always failed would make the invariant vacuous).
    function test_handlerActionsTakeEffect() public {
        address[] memory a = _addrs();
        h.buyOnEthereum(0, 5, 999, 3, false); // Ethereum: buyer 0 buys 999 for Base-only address 5
        h.buyOnBase(0, 1, 0, 0, 0, true); // Base: buyer 1 fills Base's share of round 1 exactly (2,700,000), overpaying
        assertEq(base.currentStep(), 1, "Base moved on to round 2");
        assertEq(eth.currentStep(), 0, "Ethereum still sells round 1");
        h.relay(1, true, true); // buyer 0, a duplicate, a stranger and an address that never bought
        h.buyOnEthereum(0, 6, 500, 3, false); // buyer 0 names address 6 after the relay: a new leg
        assertEq(eth.buyerInfo(a[0]).leg, 1, "new leg");
        h.relay(1, false, false);
        h.deliver(0, 2, 0); // the newest report first
        h.deliver(0, 0, 2); // then the oldest, three times
        assertEq(base.remoteDepositsImported(a[0], 0), 999, "leg 0 once");
        assertEq(base.remoteDepositsImported(a[0], 1), 500, "leg 1");
        assertEq(base.userDeposits(a[5]), 999 * TOKEN, "leg 0's recipient");
        assertEq(base.userDeposits(a[6]), 500 * TOKEN, "leg 1's recipient");
        assertEq(base.userDeposits(a[0]), 0, "nothing for the buyer's own Base address");
        h.buyOnBase(1, 2, 0, 1_000, 3, false); // buyer 2's buy-and-stake
        h.buyOnBase(3, 3, 3, 77, 3, false); // a card purchase with stake for address 3
        assertEq(staking.poolStakers(a[2]).heldUntilClaim, 1_000 * TOKEN, "held");
        h.setRecipient(0, 1); // nothing unrelayed: refused, as predicted
        h.releaseQuota(0, 0, 0);
        assertTrue(eth.rounds()[0].ethereumQuota < 1_800_000, "Ethereum released part of round 1");
        h.buyExactFill(false, 0, 3, 4, false); // buyer 3 takes the rest of Ethereum's round 1 for address 4
        assertEq(eth.currentStep(), 2, "Ethereum moved on past round 2 (no quota there)");
        assertEq(eth.rounds()[0].ethereumQuota, eth.rounds()[0].used, "round 1 left: its quota is what was used");
        h.buyOnBoth(4, 2, 500, 3); // one purchase on each chain in the same block
        h.setCurrentStep(0, 0, 0, 0);
        h.setCurrentStep(2, 1, 1, 2);
        h.ownerSwitch(0, 1, true, 1 hours); // dynamic time on Base
        h.ownerSwitch(2, 0, true, 0); // pause Ethereum
        h.buyOnEthereum(0, 0, 10, 3, false); // refused: paused, as predicted
        h.ownerSwitch(2, 0, true, 1); // unpause
        h.setRounds(2, 42, false);
        h.setRounds(0, 43, true);
        h.warp(4, 0); // to Ethereum's end
        h.closeSale(1); // anyone, after the end
        h.deliver(0, 2, 0);
        assertTrue(base.remoteSaleClosed(), "the close arrived");
        h.startClaim(0, 1); // now
        assertTrue(base.claimStart() != 0, "claim started");
        h.claim(5, false);
        h.claim(6, true);
        assertEq(token.balanceOf(a[5]), 999 * TOKEN, "Ethereum leg claimed on Base by its recipient");
        h.stakingWithdraw(2); // still locked
        h.warp(6, 31 days);
        h.stakingWithdraw(2); // the claim started: the held stake leaves with the rest
        assertEq(token.balanceOf(a[2]), 1_000 * TOKEN, "held stake paid after the claim start");
        h.openClaim(); // already started: refused, as predicted
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_twoChain();
    }

    /// @dev Both chains fill their share of a round exactly while the other chain's share of it (and of the next
    /// round) is still open, purchases continue in the next round on each chain, and after the end time the views,
    /// relays, deliveries, the close and the claim all still work.
    function test_exactFillsOnBothChainsBeforeAndAfterTheEnd() public {
        h.buyOnEthereum(0, 0, 0, 0, false); // Ethereum fills its 1,800,000 of round 1
        assertEq(eth.currentStep(), 2, "Ethereum skips round 2 (no quota there) to round 3");
        h.buyOnBase(0, 1, 1, 0, 0, false); // Base fills its 2,700,000 of round 1
        h.buyOnBase(0, 1, 1, 0, 0, false); // and its 5,500,000 of round 2
        assertEq(base.currentStep(), 3, "Base skips round 3 (all Ethereum's) to round 4");
        h.buyOnEthereum(2, 3, 0, 0, false); // Ethereum fills round 3 (6,500,000)
        h.relay(31, false, false);
        h.deliver(0, 1, 0);
        invariant_twoChain();
        h.warp(4, 1); // to Base's end
        h.buyOnEthereum(0, 0, 0, 0, false); // refused: ended
        h.buyOnBase(0, 0, 0, 0, 0, false);
        h.relay(31, false, false);
        h.closeSale(1);
        h.deliver(0, 2, 0);
        h.warp(5, 0); // the claim deadline
        h.openClaim();
        assertEq(base.claimStart(), block.timestamp, "anyone opened the claim at the deadline");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_twoChain();
    }

    /// @dev Many small card purchases with stake for a staker (someone else's deposits) never move its unlock.
    function test_manyCardStakesNeverMoveAStakersUnlock() public {
        address[] memory a = _addrs();
        h.buyOnBase(1, 1, 0, 10_000, 3, false); // buyer 1's own buy-and-stake: a 30-day lock
        uint256 unlock = staking.poolStakers(a[1]).unlockTime;
        for (uint256 i; i < 40; ++i) {
            h.warp(0, 4 hours);
            h.buyOnBase(3, 0, 1, 1, 3, false); // one token staked for buyer 1 by the card provider
        }
        assertEq(staking.poolStakers(a[1]).unlockTime, unlock, "the unlock did not move");
        assertEq(staking.poolStakers(a[1]).heldUntilClaim, 10_040 * TOKEN, "all held until the claim");
        assertEq(h.violations(), 0, h.lastViolation());
    }

    /// @dev A report is delivered in a transaction of its own, where every slot it touches is cold: with its own gas
    /// limit it must still be accepted. The heaviest report a relay can send: five buyers' first legs and Ethereum's
    /// first use of every round it has a quota in, each round left by time (its unused quota released to Base).
    function test_aReportFitsItsOwnGasLimitInColdStorage() public {
        uint256[] memory ends = eth.roundDetails(2);
        for (uint256 r; r < ends.length; ++r) {
            for (uint256 b; b < h.N_BUYERS(); ++b) h.buyOnEthereum(b, b, 1, 3, false); // one token each
            VM.warp(ends[r]);
        }
        h.relay(31, false, false);
        uint256 index = bridge.queued() - 1;
        uint256 limit = bridge.queuedMessage(index).gasLimit;
        uint256 needed = _coldGasNeeded(index);
        assertLe(needed, limit, "the report needs more gas than the limit it was sent with");
        assertEq(h.violations(), 0, h.lastViolation());
    }

    /// @dev The least gas with which the Base presale accepts message `index` from cold storage.
    function _coldGasNeeded(uint256 index) internal returns (uint256 lo) {
        lo = 50_000;
        uint256 hi = 30_000_000;
        while (lo < hi) {
            uint256 mid = (lo + hi) / 2;
            uint256 snapshot = VM.snapshotState();
            VM.cool(address(base));
            VM.cool(address(bridge));
            bool ok = bridge.deliverWithGas(index, mid);
            VM.revertToState(snapshot);
            if (ok) hi = mid;
            else lo = mid + 1;
        }
    }

    function _addrs() internal view returns (address[] memory list) {
        list = new address[](h.N_ADDRESSES());
        for (uint256 i; i < list.length; ++i) list[i] = h.addrs(i);
    }
}
