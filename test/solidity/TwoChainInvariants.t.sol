// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {Presale} from "../../contracts/Presale.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {MockUSDC} from "../../contracts/mocks/MockUSDC.sol";
import {MockV3Aggregator} from "../../contracts/mocks/MockV3Aggregator.sol";
import {BridgeQueue} from "./BridgeQueue.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Both chains' presales on one simulated chain, linked by a bridge queue (Ethereum's messages wait until the
/// handler delivers them: late, duplicated, out of order) and the keeper's mirror of Base into Ethereum (snapshots
/// applied late and out of order). Random purchases on both sides and time jumps past round ends run in between.
/// Records the ghost values and per-call violations the invariant contract asserts.
contract TwoChainHandler is PresaleSystem {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant N_ACTORS = 5;
    uint256 internal constant ROUNDS = 10;

    Presale public eth; // Ethereum: no sale token
    Presale public base; // Base: `presale` of PresaleSystem
    address[] public actors;

    struct Snapshot {
        uint256[] roundSold;
        uint256 usd;
    }

    Snapshot[] internal _mirrors; // Base's per-round sales as the keeper read them, in reading order
    uint256[ROUNDS] public maxUnknown; // per round: the most of the other chain's sales a purchase in it did not know
    mapping(address => uint256) public claimed;
    uint256 public violations;
    string public lastViolation;
    bool public claimOpened;

    constructor() {
        usdc = new MockUSDC();
        feed = new MockV3Aggregator(8, ETH_USD_8, "ETH / USD");
        token = new SaleToken("Shaft", "SHAFT", 1e12 * TOKEN, address(this));
        bridge = new BridgeQueue();
        eth = _newPresale(address(0), ROUND_LENGTH, address(bridge));
        base = _newPresale(address(token), ROUND_LENGTH, address(bridge));
        presale = base;
        eth.setRemotePresale(address(base));
        base.setRemotePresale(address(eth));
        eth.grantRole(eth.KEEPER_ROLE(), address(this));
        for (uint256 i; i < N_ACTORS; ++i) actors.push(address(uint160(0xC0000 + i)));
    }

    receive() external payable {}

    function _violate(string memory what) internal {
        ++violations;
        lastViolation = what;
    }

    // ------------------------------------------------------------------ actions

    /// @dev A purchase on Ethereum (`onBase` false) or Base, recording what the buying chain did not know yet.
    function buy(bool onBase, uint256 actorSeed, uint256 amount) external {
        Presale p = onBase ? base : eth;
        Presale other = onBase ? eth : base;
        if (p.saleClosed() || block.timestamp >= p.endTime()) return;
        amount = 1 + (amount % 2_000_000);
        uint256 quote;
        try p.ethBuyHelper(amount) returns (uint256 q) {
            quote = q;
        } catch {
            return; // sold out for this amount
        }
        (uint256[] memory localBefore, uint256[] memory knownRemote) = p.roundSales();
        (uint256[] memory otherLocal, ) = other.roundSales();
        address a = actors[actorSeed % N_ACTORS];
        VM.deal(a, quote);
        VM.prank(a);
        p.buyWithEth{value: quote}(amount, false);
        (uint256[] memory localAfter, ) = p.roundSales();
        for (uint256 i; i < ROUNDS; ++i) {
            if (localAfter[i] == localBefore[i]) continue;
            uint256 unknown = otherLocal[i] > knownRemote[i] ? otherLocal[i] - knownRemote[i] : 0;
            if (unknown > maxUnknown[i]) maxUnknown[i] = unknown;
        }
    }

    function warp(uint256 secondsForward) external {
        VM.warp(block.timestamp + (secondsForward % (2 * ROUND_LENGTH)));
        feed.updateAnswer(ETH_USD_8);
    }

    /// @dev Anyone relays a subset of the actors on Ethereum: the message waits in the bridge.
    function relay(uint256 mask) external {
        if (claimOpened) return;
        address[] memory users = new address[](N_ACTORS);
        uint256 n;
        for (uint256 i; i < N_ACTORS; ++i) if (mask & (1 << i) != 0) users[n++] = actors[i];
        assembly {
            mstore(users, n)
        }
        eth.relay(users);
    }

    /// @dev The bridge delivers any sent message, possibly again, possibly an old one.
    function deliver(uint256 indexSeed) external {
        uint256 n = bridge.queued();
        if (n == 0) return;
        bool ok = bridge.deliver(indexSeed % n);
        if (!ok && !claimOpened) _violate("a genuine report was refused before the claim");
    }

    /// @dev The keeper reads Base's per-round sales now; the mirror is applied later.
    function snapshotBase() external {
        (uint256[] memory local, ) = base.roundSales();
        _mirrors.push(Snapshot(local, base.localUsdRaised()));
    }

    /// @dev The keeper applies any snapshot it read (late, duplicated or out of order).
    function mirror(uint256 indexSeed) external {
        uint256 n = _mirrors.length;
        if (n == 0 || eth.saleClosed()) return;
        Snapshot memory s = _mirrors[indexSeed % n];
        eth.mirrorRemoteSales(s.roundSold, s.usd);
    }

    /// @dev Delivers everything (a fresh relay of every actor, every queued message in order, a fresh mirror) and
    /// checks that both ladders are then one.
    function fullSync() external {
        if (claimOpened) return;
        _relayAllAndDeliver();
        if (!eth.saleClosed()) {
            (uint256[] memory local, ) = base.roundSales();
            eth.mirrorRemoteSales(local, base.localUsdRaised());
        }
        // Once Ethereum is closed its ladder no longer follows Base (nothing is sold there any more).
        if (!eth.saleClosed()) {
            if (eth.currentStep() != base.currentStep()) _violate("steps differ after a full sync");
            if (eth.checkPoint() != base.checkPoint()) _violate("positions differ after a full sync");
        }
        for (uint256 i; i < N_ACTORS; ++i) {
            if (base.remoteDepositsImported(actors[i]) != eth.userDeposits(actors[i]))
                _violate("imports differ from Ethereum deposits");
        }
        if (!eth.saleClosed()) {
            (uint256[] memory eL, uint256[] memory eR) = eth.roundSales();
            (uint256[] memory bL, uint256[] memory bR) = base.roundSales();
            for (uint256 i; i < ROUNDS; ++i) {
                if (eL[i] != bR[i] || bL[i] != eR[i]) _violate("per-round counts differ after a full sync");
            }
        }
    }

    /// @dev The owner closes Ethereum (rarely).
    function closeEthereum(uint256 seed) external {
        if (eth.saleClosed() || seed % 8 != 0) return;
        eth.closeSale();
    }

    /// @dev Once Ethereum is closed: relay everyone, deliver, fund Base and start the claim, which must succeed.
    function openClaim() external {
        if (claimOpened || !eth.saleClosed()) return;
        _relayAllAndDeliver();
        uint256 owedTokens = base.totalTokensSold() * TOKEN;
        uint256 bal = token.balanceOf(address(base));
        if (bal < owedTokens) token.transfer(address(base), owedTokens - bal);
        try base.startClaim(block.timestamp) {
            claimOpened = true;
        } catch {
            _violate("the claim could not be started after Ethereum closed and relayed");
        }
    }

    function claim(uint256 actorSeed) external {
        if (!claimOpened) return;
        address a = actors[actorSeed % N_ACTORS];
        uint256 dep = base.userDeposits(a);
        if (dep == 0) return;
        VM.prank(a);
        base.claim();
        claimed[a] += dep;
    }

    function _relayAllAndDeliver() internal {
        eth.relay(actors);
        uint256 n = bridge.queued();
        for (uint256 i; i < n; ++i) bridge.deliver(i);
    }

    // ------------------------------------------------------------------ views for the invariants

    function actorCount() external pure returns (uint256) {
        return N_ACTORS;
    }

    function baseDepositsAndClaims() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += base.userDeposits(actors[i]) + claimed[actors[i]];
    }
}

/// @notice Two-chain invariants: no round sells more than its size beyond the documented in-flight tolerance, the total
/// never exceeds the ladder plus that tolerance, what each chain booked of the other is real, Ethereum deposits reach
/// Base exactly, and (checked by the handler) both ladders are one after a full sync and the claim can always be
/// started once Ethereum is closed and relayed.
/// @dev In-flight tolerance of round i: the most of the other chain's sales in round i that a purchase in round i
/// did not know of yet (sent but not delivered, or not yet mirrored). Without in-flight sales it is zero.
contract TwoChainInvariantsTest is TestBase {
    TwoChainHandler internal h;

    function setUp() public {
        h = new TwoChainHandler();
        _target(address(h));
    }

    /// @dev Every handler action works on its own, and a late, duplicated or reordered message changes nothing.
    function test_handlerActionsTakeEffect() public {
        h.buy(false, 0, 999); // Ethereum: 1,000
        h.relay(1); // report A: actor 0 with 1,000
        h.buy(false, 0, 1_999); // Ethereum: 2,000 more
        h.relay(1); // report B: actor 0 with 3,000
        h.buy(true, 1, 499); // Base: 500
        h.snapshotBase();
        h.deliver(1); // B first
        h.deliver(0); // then the older A
        h.deliver(1); // and B again
        Presale base = h.base();
        Presale eth = h.eth();
        assertEq(base.userDeposits(h.actors(0)), 3_000e18, "imported once, the newest value");
        assertEq(base.remoteTokensSold(), 3_000, "Ethereum's total on Base");
        h.mirror(0);
        h.mirror(0);
        assertEq(eth.remoteTokensSold(), 500, "Base's total on Ethereum");
        assertEq(eth.checkPoint(), base.checkPoint(), "one position");
        h.warp(1 days + 1);
        h.fullSync();
        assertEq(eth.currentStep(), 1, "round 1 expired on both chains");
        h.closeEthereum(0);
        h.openClaim();
        assertTrue(h.claimOpened(), "claim opened");
        h.claim(0);
        assertEq(h.claimed(h.actors(0)), 3_000e18, "Ethereum buyer claimed on Base");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_roundsWithinSizePlusInFlight();
        invariant_bookedRemoteIsReal();
        invariant_baseDepositsAddUp();
    }

    /// @dev Both chains sell the end of round 1 before either hears of the other: the round oversells by what was in
    /// flight, within the tolerance, and after a full sync both ladders continue from round 2 as one.
    function test_inFlightOversellStaysWithinTolerance() public {
        h.buy(false, 0, 2_000_000 - 1); // Ethereum: 4,000,000 of round 1's 4,500,000
        h.buy(false, 0, 2_000_000 - 1);
        h.buy(true, 1, 1_000_000 - 1); // Base: 1,000,000, not knowing Ethereum's
        assertEq(h.maxUnknown(0), 4_000_000, "Base did not know Ethereum's 4,000,000");
        h.fullSync();
        (uint256[] memory eL, ) = h.eth().roundSales();
        (uint256[] memory bL, ) = h.base().roundSales();
        assertEq(eL[0] + bL[0], 4_500_000 + 500_000, "round 1 oversold by 500,000");
        assertEq(h.base().currentStep(), 1, "Base moved to round 2");
        assertEq(h.eth().checkPoint(), h.base().checkPoint(), "one position");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_roundsWithinSizePlusInFlight();
    }

    function _sizes(Presale p) internal view returns (uint256[] memory sizes) {
        uint256[] memory caps = p.roundDetails(0);
        sizes = new uint256[](caps.length);
        uint256 prev;
        for (uint256 i; i < caps.length; ++i) (sizes[i], prev) = (caps[i] - prev, caps[i]);
    }

    function invariant_roundsWithinSizePlusInFlight() public view {
        uint256[] memory sizes = _sizes(h.base());
        (uint256[] memory eL, ) = h.eth().roundSales();
        (uint256[] memory bL, ) = h.base().roundSales();
        uint256 total;
        uint256 tolerance;
        uint256 ladder;
        for (uint256 i; i < sizes.length; ++i) {
            assertLe(eL[i], sizes[i], "Ethereum alone never sells more than a round");
            assertLe(bL[i], sizes[i], "Base alone never sells more than a round");
            assertLe(eL[i] + bL[i], sizes[i] + h.maxUnknown(i), "a round sells at most its size plus in-flight sales");
            total += eL[i] + bL[i];
            tolerance += h.maxUnknown(i);
            ladder += sizes[i];
        }
        assertLe(total, ladder + tolerance, "total sold <= ladder + in-flight tolerance");
        assertEq(total, h.eth().localTokensSold() + h.base().localTokensSold(), "per-round counts add up to the sales");
    }

    function invariant_bookedRemoteIsReal() public view {
        (uint256[] memory eL, uint256[] memory eR) = h.eth().roundSales();
        (uint256[] memory bL, uint256[] memory bR) = h.base().roundSales();
        for (uint256 i; i < eL.length; ++i) {
            assertLe(bR[i], eL[i], "Base never books more of Ethereum than Ethereum sold in the round");
            assertLe(eR[i], bL[i], "Ethereum never books more of Base than Base sold in the round");
        }
        assertLe(h.base().remoteTokensSold(), h.eth().localTokensSold(), "Base's view of Ethereum's total is real");
        for (uint256 i; i < h.actorCount(); ++i) {
            address a = h.actors(i);
            assertLe(
                h.base().remoteDepositsImported(a),
                h.eth().userDeposits(a),
                "imports never exceed Ethereum deposits"
            );
        }
    }

    function invariant_baseDepositsAddUp() public view {
        Presale base = h.base();
        assertEq(
            h.baseDepositsAndClaims(),
            base.localTokensSold() * 1e18 + base.totalRemoteDepositsImported(),
            "Base deposits + claims == Base sales + imported Ethereum deposits"
        );
    }

    function invariant_noPerCallViolation() public view {
        assertEq(h.violations(), 0, h.lastViolation());
    }
}
