// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {EthRejecter} from "../../contracts/test-support/EthRejecter.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Drives the presale (and its staking link) through random sequences of purchases, time, cross-chain syncs
/// and imports, claim opening, claims and claim-and-stakes. Owns the system (owner, admin, keeper). Records ghost
/// values and per-call violations that the invariant contract asserts.
contract PresaleHandler is PresaleSystem {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant N_ACTORS = 6;

    address[] public actors;
    EthRejecter public rejecter;

    // Ghosts.
    uint256 public ghostClaimed; // sale-token wei claimed or claimed-and-staked
    uint256 public ghostStakedOnBuy; // sale-token wei staked straight from purchases
    uint256 public ghostUsdCharged18; // what buyers paid, valued in USD with 18 decimals
    uint256 public ghostUsdReference18; // round-by-round reference price of what they bought
    uint256 public ghostRemoteSold;
    mapping(address => uint256) public claims;
    uint256[10] public soldInRound; // whole tokens attributed to each round by the reference walk
    uint256 public violations; // per-call checks that failed (each also stored by name below)
    string public lastViolation;
    uint256 public calls;

    constructor() {
        _deploySystem(ROUND_LENGTH);
        for (uint256 i; i < N_ACTORS; ++i) actors.push(address(uint160(0xA0000 + i)));
        rejecter = new EthRejecter();
        address[] memory w = new address[](1);
        w[0] = address(rejecter);
        uint256[] memory b = new uint256[](1);
        b[0] = 1_000;
        presale.setSplits(w, b);
    }

    receive() external payable {}

    // ------------------------------------------------------------------ helpers

    function _violate(string memory what) internal {
        ++violations;
        lastViolation = what;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % N_ACTORS];
    }

    function _ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    /// @dev Reference walk from the contract's current position, honouring expiry; returns USD (18 decimals) and the
    /// per-round takes, or ok=false if the ladder runs out.
    function _refWalk(uint256 amount) internal view returns (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) {
        uint256[] memory caps = presale.roundDetails(0);
        uint256[] memory prices = presale.roundDetails(1);
        uint256[] memory ends = presale.roundDetails(2);
        pos = presale.checkPoint();
        step = presale.currentStep();
        while (amount > 0) {
            if (step >= caps.length) return (false, 0, takes, pos, step);
            if (block.timestamp >= ends[step]) {
                pos = caps[step];
                ++step;
                continue;
            }
            uint256 room = caps[step] - pos;
            uint256 take = amount < room ? amount : room;
            usd += take * prices[step];
            takes[step] += take;
            pos += take;
            amount -= take;
            if (pos == caps[step]) ++step;
        }
        ok = true;
    }

    function _afterBuy(uint256 amount, uint256[10] memory takes, uint256 pos, uint256 step) internal {
        for (uint256 i; i < 10; ++i) soldInRound[i] += takes[i];
        if (presale.checkPoint() != pos) _violate("checkPoint differs from the reference walk");
        if (presale.currentStep() != step) _violate("step differs from the reference walk");
        amount; // silence
    }

    function _saleOpen() internal view returns (bool) {
        return presale.claimStart() == 0 && block.timestamp < presale.endTime();
    }

    // ------------------------------------------------------------------ actions

    function buyEth(uint256 actorSeed, uint256 amount, bool overpay) external {
        ++calls;
        if (!_saleOpen()) return;
        amount = 1 + (amount % 3_000_000);
        (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) = _refWalk(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        uint256 quote = presale.ethBuyHelper(amount);
        uint256 value = overpay ? quote + 1 ether : quote;
        VM.deal(a, value);
        uint256 walletBefore = paymentWallet.balance + address(rejecter).balance + address(presale).balance;
        VM.prank(a);
        presale.buyWithEth{value: value}(amount, false);
        uint256 paid = paymentWallet.balance + address(rejecter).balance + address(presale).balance - walletBefore;
        if (paid != quote) _violate("ETH paid differs from the quote");
        if (a.balance != value - quote) _violate("excess not refunded");
        ghostUsdCharged18 += (paid * uint256(ETH_USD_8) * 1e10) / 1e18;
        ghostUsdReference18 += usd;
        if (paid * uint256(ETH_USD_8) * 1e10 < usd * 1e18) _violate("ETH charged below the USD price");
        _afterBuy(amount, takes, pos, step);
    }

    function buyUsdc(uint256 actorSeed, uint256 amount) external {
        ++calls;
        if (!_saleOpen()) return;
        amount = 1 + (amount % 3_000_000);
        (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) = _refWalk(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        uint256 cost = presale.usdcBuyHelper(amount);
        usdc.mint(a, cost);
        VM.prank(a);
        usdc.approve(address(presale), cost);
        VM.prank(a);
        presale.buyWithUSDC(amount, cost, false);
        if (usdc.balanceOf(a) != 0) _violate("USDC not fully charged");
        ghostUsdCharged18 += cost * 1e12;
        ghostUsdReference18 += usd;
        _afterBuy(amount, takes, pos, step);
    }

    function buyEthAndStake(uint256 actorSeed, uint256 amount) external {
        ++calls;
        if (!_saleOpen()) return;
        amount = 1 + (amount % 1_000_000);
        (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) = _refWalk(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        token.transfer(address(presale), amount * TOKEN); // exactly what will be staked
        uint256 quote = presale.ethBuyHelper(amount);
        VM.deal(a, quote);
        VM.prank(a);
        presale.buyWithEth{value: quote}(amount, true);
        ghostStakedOnBuy += amount * TOKEN;
        ghostUsdCharged18 += (quote * uint256(ETH_USD_8) * 1e10) / 1e18;
        ghostUsdReference18 += usd;
        _afterBuy(amount, takes, pos, step);
    }

    function cardBuy(uint256 actorSeed, uint256 amount) external {
        ++calls;
        if (!_saleOpen()) return;
        amount = 1 + (amount % 1_000_000);
        (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) = _refWalk(amount);
        if (!ok) return;
        uint256 quote = presale.ethBuyHelper(amount);
        VM.deal(address(this), quote + 1 ether);
        uint256 before = address(this).balance;
        presale.buyWithETHWert{value: quote + 1 ether}(_actor(actorSeed), amount, false);
        if (before - address(this).balance != quote) _violate("card provider not refunded the excess");
        ghostUsdCharged18 += (quote * uint256(ETH_USD_8) * 1e10) / 1e18;
        ghostUsdReference18 += usd;
        _afterBuy(amount, takes, pos, step);
    }

    function warp(uint256 secondsForward) external {
        ++calls;
        VM.warp(block.timestamp + (secondsForward % (12 hours)));
        feed.updateAnswer(ETH_USD_8);
    }

    function toggleRejecter(bool accepting) external {
        ++calls;
        rejecter.setAccepting(accepting);
    }

    function rejecterWithdraw() external {
        ++calls;
        if (presale.owed(address(rejecter), address(0)) == 0) return;
        rejecter.setAccepting(true);
        rejecter.exec(address(presale), abi.encodeCall(IPresale.withdrawOwed, (address(0))));
    }

    /// @dev The other chain sold `delta` more tokens (bounded by what the ladder has left); replays are mixed in.
    function syncRemote(uint256 delta, bool replay) external {
        ++calls;
        if (presale.claimStart() != 0) return;
        if (replay) {
            // A replayed or older batch must change nothing.
            uint256 sold = presale.totalTokensSold();
            uint256 cp = presale.checkPoint();
            uint256 cur = ghostRemoteSold;
            presale.syncRemoteSales(cur, presale.usdRaised() - presale.localUsdRaised());
            if (cur > 0) presale.syncRemoteSales(cur - 1, 0);
            if (presale.totalTokensSold() != sold || presale.checkPoint() != cp) _violate("replayed sync changed the ladder");
            return;
        }
        uint256 room = 80_000_000 - presale.checkPoint();
        if (room == 0) return;
        delta = 1 + (delta % (room < 2_000_000 ? room : 2_000_000));
        // Attribute the remote tokens to rounds as the ladder does (no expiry for a sync).
        uint256[] memory caps = presale.roundDetails(0);
        uint256 pos = presale.checkPoint();
        uint256 left = delta;
        for (uint256 i = presale.currentStep(); i < caps.length && left > 0; ++i) {
            uint256 r = caps[i] - pos;
            uint256 take = left < r ? left : r;
            soldInRound[i] += take;
            pos += take;
            left -= take;
        }
        ghostRemoteSold += delta;
        presale.syncRemoteSales(ghostRemoteSold, (presale.usdRaised() - presale.localUsdRaised()) + delta * 6_000);
    }

    /// @dev Imports part of the remote deposits to an actor (cumulative), sometimes replaying the same batch.
    function importRemote(uint256 actorSeed, uint256 part, bool replay) external {
        ++calls;
        if (presale.claimStart() != 0) return;
        uint256 left = ghostRemoteSold * TOKEN - presale.totalRemoteDepositsImported();
        if (left == 0) return;
        address a = _actor(actorSeed);
        uint256 credit = 1 + (part % left);
        address[] memory u = new address[](1);
        u[0] = a;
        uint256[] memory c = new uint256[](1);
        c[0] = presale.remoteDepositsImported(a) + credit;
        uint256 before = presale.userDeposits(a);
        presale.importRemoteDeposits(u, c);
        if (replay) presale.importRemoteDeposits(u, c);
        if (presale.userDeposits(a) != before + credit) _violate("import credited other than the delta");
    }

    /// @dev Opens the claim (rarely): imports what is left, funds exactly what is owed, sets the start to now.
    function openClaim(uint256 seed) external {
        ++calls;
        if (presale.claimStart() != 0 || seed % 5 != 0) return;
        uint256 left = ghostRemoteSold * TOKEN - presale.totalRemoteDepositsImported();
        if (left > 0) {
            address[] memory u = new address[](1);
            u[0] = actors[0];
            uint256[] memory c = new uint256[](1);
            c[0] = presale.remoteDepositsImported(actors[0]) + left;
            presale.importRemoteDeposits(u, c);
        }
        uint256 owedTokens = presale.totalTokensSold() * TOKEN - ghostStakedOnBuy;
        uint256 bal = token.balanceOf(address(presale));
        if (bal < owedTokens) token.transfer(address(presale), owedTokens - bal);
        presale.startClaim(block.timestamp);
    }

    function claim(uint256 actorSeed, bool andStake) external {
        ++calls;
        if (presale.claimStart() == 0) return;
        address a = _actor(actorSeed);
        uint256 dep = presale.userDeposits(a);
        uint256 before = token.balanceOf(a);
        VM.prank(a); // applies to the very next call
        if (andStake) {
            try presale.claimAndStake() {
                ++claims[a];
                ghostClaimed += dep;
            } catch {}
        } else {
            try presale.claim() {
                ++claims[a];
                ghostClaimed += dep;
                if (token.balanceOf(a) - before != dep) _violate("claim paid other than the deposit");
            } catch {}
        }
    }

    // ------------------------------------------------------------------ views for the invariants

    function sumDeposits() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += presale.userDeposits(actors[i]);
    }

    function actorCount() external pure returns (uint256) {
        return N_ACTORS;
    }

    function presaleAddress() external view returns (address) {
        return address(presale);
    }
}

/// @notice Stateful invariants of issue 2 for the presale (the staking ones are in StakingInvariants.t.sol).
contract PresaleInvariantsTest is TestBase {
    PresaleHandler internal h;

    function setUp() public {
        h = new PresaleHandler();
        _target(address(h));
    }

    function _presaleAddr() internal view returns (address) {
        return h.presaleAddress();
    }

    /// @dev Sum of deposits (plus what was claimed or staked straight from a purchase) equals tokens sold locally plus
    /// deposits imported from the other chain.
    /// @dev Every handler action works on its own (a handler that always reverted would make the invariants vacuous).
    function test_handlerActionsTakeEffect() public {
        IPresale p = IPresale(_presaleAddr());
        // Handler amounts are 1 + (seed % range).
        h.buyEth(0, 999, true);
        h.buyUsdc(1, 1_999);
        h.cardBuy(2, 2_999);
        h.buyEthAndStake(3, 399);
        h.syncRemote(4_999, false);
        h.syncRemote(0, true);
        h.importRemote(4, 1_234e18 - 1, true);
        h.warp(2 hours);
        assertEq(p.localTokensSold(), 6_400, "local sold");
        assertEq(p.remoteTokensSold(), 5_000, "remote sold");
        assertEq(p.totalRemoteDepositsImported(), 1_234e18, "imported once despite the replay");
        assertEq(p.userDeposits(h.actors(4)), 1_234e18, "imported deposit");
        assertEq(h.ghostStakedOnBuy(), 400e18, "staked on buy");
        h.openClaim(5);
        assertTrue(p.claimStart() != 0, "claim opened");
        h.claim(0, false);
        h.claim(0, false); // second attempt fails inside the handler
        h.claim(1, true);
        assertEq(h.claims(h.actors(0)), 1, "claimed once");
        // openClaim imported the remaining 3,766 remote tokens to actor 0 before opening.
        assertEq(h.ghostClaimed(), 1_000e18 + 3_766e18 + 2_000e18, "claimed + claim-and-staked");
        assertEq(h.violations(), 0, h.lastViolation());
        invariant_depositsEqualTokensSold();
        invariant_roundSalesWithinRoundSize();
        invariant_nothingStranded();
        invariant_claimBacked();
    }

    function invariant_depositsEqualTokensSold() public view {
        IPresale p = IPresale(_presaleAddr());
        assertEq(
            h.sumDeposits() + h.ghostClaimed() + h.ghostStakedOnBuy(),
            p.localTokensSold() * 1e18 + p.totalRemoteDepositsImported(),
            "deposits == local sold + imported"
        );
    }

    function invariant_soldNeverExceedsFinalCap() public view {
        IPresale p = IPresale(_presaleAddr());
        assertLe(p.totalTokensSold(), 80_000_000, "total sold <= final cap");
        assertLe(p.checkPoint(), 80_000_000, "checkpoint <= final cap");
        assertLe(p.totalTokensSold(), p.checkPoint(), "sold <= position");
    }

    function invariant_roundSalesWithinRoundSize() public view {
        IPresale p = IPresale(_presaleAddr());
        uint256[] memory caps = p.roundDetails(0);
        uint256 prev;
        uint256 sum;
        for (uint256 i; i < caps.length; ++i) {
            assertLe(h.soldInRound(i), caps[i] - prev, "round sales <= round size");
            sum += h.soldInRound(i);
            prev = caps[i];
        }
        assertEq(sum, p.totalTokensSold(), "per-round attribution adds up to the total sold");
    }

    function invariant_usdChargedAtLeastReference() public view {
        assertGe(h.ghostUsdCharged18(), h.ghostUsdReference18(), "USD charged >= round-by-round price");
    }

    function invariant_nothingStranded() public view {
        IPresale p = IPresale(_presaleAddr());
        address r = address(h.rejecter());
        address usdc = p.usdc();
        assertEq(_presaleAddr().balance, p.owed(r, address(0)), "presale holds only owed ETH");
        assertEq(IERC20Balance(usdc).balanceOf(_presaleAddr()), p.owed(r, usdc), "presale holds only owed USDC");
    }

    function invariant_claimBacked() public view {
        IPresale p = IPresale(_presaleAddr());
        if (p.claimStart() == 0) return;
        assertGe(IERC20Balance(p.saleToken()).balanceOf(_presaleAddr()), h.sumDeposits(), "presale holds all unclaimed deposits");
    }

    function invariant_claimAtMostOnce() public view {
        for (uint256 i; i < h.actorCount(); ++i) {
            assertLe(h.claims(h.actors(i)), 1, "each address claims at most once");
        }
    }

    function invariant_noPerCallViolation() public view {
        assertEq(h.violations(), 0, h.lastViolation());
    }

    /// @dev Staked-on-buy and claim-and-stake tokens are all in staking.
    function invariant_stakingHoldsPresaleStakes() public view {
        IPresale p = IPresale(_presaleAddr());
        IStakingView s = IStakingView(p.staking());
        assertGe(IERC20Balance(p.saleToken()).balanceOf(address(s)), s.totalStaked(), "staking holds total staked");
    }
}

interface IERC20Balance {
    function balanceOf(address) external view returns (uint256);
}

interface IStakingView {
    function totalStaked() external view returns (uint256);
}
