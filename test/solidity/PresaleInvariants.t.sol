// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {EthRejecter} from "../../contracts/test-support/EthRejecter.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Drives the presale (and its staking link) through random sequences of purchases, time, Ethereum reports
/// (through a bridge stand-in), claim opening, claims and claim-and-stakes. Owns the system (owner, admin). Records ghost
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
    uint256 public ghostRemoteSold; // whole tokens the Ethereum stand-in sold
    uint256[10] public ethSoldInRound;
    uint256[10] public ghostLocalInRound; // whole tokens each purchase took in each round (reference walk)
    mapping(address => uint256) public ethDeposits;
    mapping(address => uint256) public claims;
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
    function _refWalk(
        uint256 amount
    ) internal view returns (bool ok, uint256 usd, uint256[10] memory takes, uint256 pos, uint256 step) {
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
        for (uint256 i; i < 10; ++i) ghostLocalInRound[i] += takes[i];
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

    /// @dev The Ethereum presale (a stand-in) sold `delta` more tokens to an actor, in the first live round from the
    /// position, and reports it through the bridge; replays and an older report are mixed in and must change nothing.
    function reportRemote(uint256 actorSeed, uint256 delta, bool replay) external {
        ++calls;
        if (presale.claimStart() != 0) return;
        if (replay && ghostRemoteSold > 0) {
            _reportActor(actorSeed, false); // closes rounds that expired since (a report moves the ladder by time)
            uint256 sold = presale.totalTokensSold();
            uint256 cp = presale.checkPoint();
            uint256 imported = presale.totalRemoteDepositsImported();
            _reportActor(actorSeed, false); // the same values again
            _reportOlder(actorSeed);
            if (presale.totalTokensSold() != sold || presale.checkPoint() != cp)
                _violate("replayed report moved the ladder");
            if (presale.totalRemoteDepositsImported() != imported) _violate("replayed report imported again");
            return;
        }
        uint256[] memory caps = presale.roundDetails(0);
        uint256[] memory ends = presale.roundDetails(2);
        uint256 step = presale.currentStep();
        uint256 pos = presale.checkPoint();
        while (step < caps.length && block.timestamp >= ends[step]) pos = caps[step++];
        if (step >= caps.length) return;
        uint256 room = caps[step] - pos;
        delta = 1 + (delta % (room < 2_000_000 ? room : 2_000_000));
        ethSoldInRound[step] += delta;
        ghostRemoteSold += delta;
        ethDeposits[_actor(actorSeed)] += delta * TOKEN;
        uint256 before = presale.userDeposits(_actor(actorSeed));
        _reportActor(actorSeed, false);
        if (presale.userDeposits(_actor(actorSeed)) != before + delta * TOKEN)
            _violate("report credited other than the delta");
    }

    function _ethRounds() internal view returns (uint256[] memory r) {
        r = new uint256[](10);
        for (uint256 i; i < 10; ++i) r[i] = ethSoldInRound[i];
    }

    function _reportActor(uint256 actorSeed, bool closed) internal {
        address[] memory u = new address[](1);
        u[0] = _actor(actorSeed);
        uint256[] memory c = new uint256[](1);
        c[0] = ethDeposits[u[0]];
        if (!_report(u, c, _ethRounds(), ghostRemoteSold, ghostRemoteSold * 6_000, closed)) _violate("report refused");
    }

    /// @dev A report older than what Base already has: every value one lower.
    function _reportOlder(uint256 actorSeed) internal {
        address[] memory u = new address[](1);
        u[0] = _actor(actorSeed);
        uint256[] memory c = new uint256[](1);
        c[0] = ethDeposits[u[0]] == 0 ? 0 : ethDeposits[u[0]] - 1;
        uint256[] memory r = _ethRounds();
        for (uint256 i; i < 10; ++i) if (r[i] > 0) --r[i];
        _report(u, c, r, ghostRemoteSold - 1, 0, false);
    }

    /// @dev Opens the claim (rarely): Ethereum closes and reports every actor, the presale is funded with exactly what
    /// is owed, the start is now.
    function openClaim(uint256 seed) external {
        ++calls;
        if (presale.claimStart() != 0 || seed % 5 != 0) return;
        address[] memory u = new address[](N_ACTORS);
        uint256[] memory c = new uint256[](N_ACTORS);
        for (uint256 i; i < N_ACTORS; ++i) (u[i], c[i]) = (actors[i], ethDeposits[actors[i]]);
        if (!_report(u, c, _ethRounds(), ghostRemoteSold, ghostRemoteSold * 6_000, true))
            _violate("final report refused");
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

/// @notice Stateful invariants for the presale (the staking ones are in StakingInvariants.t.sol).
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
        h.reportRemote(4, 4_999, false);
        h.reportRemote(4, 0, true);
        h.warp(2 hours);
        assertEq(p.localTokensSold(), 6_400, "local sold");
        assertEq(p.remoteTokensSold(), 5_000, "remote sold");
        assertEq(p.totalRemoteDepositsImported(), 5_000e18, "imported once despite the replay");
        assertEq(p.userDeposits(h.actors(4)), 5_000e18, "imported deposit");
        assertEq(h.ghostStakedOnBuy(), 400e18, "staked on buy");
        h.openClaim(5);
        assertTrue(p.claimStart() != 0, "claim opened");
        h.claim(0, false);
        h.claim(0, false); // second attempt fails inside the handler
        h.claim(1, true);
        assertEq(h.claims(h.actors(0)), 1, "claimed once");
        assertEq(h.ghostClaimed(), 1_000e18 + 2_000e18, "claimed + claim-and-staked");
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

    /// @dev One chain with an always-current Ethereum report: no in-flight sales, so no round sells more than its size.
    function invariant_roundSalesWithinRoundSize() public view {
        IPresale p = IPresale(_presaleAddr());
        uint256[] memory caps = p.roundDetails(0);
        (uint256[] memory local, uint256[] memory remote) = p.roundSales();
        uint256 prev;
        uint256 sum;
        for (uint256 i; i < caps.length; ++i) {
            assertLe(local[i] + remote[i], caps[i] - prev, "round sales <= round size");
            assertEq(remote[i], h.ethSoldInRound(i), "Ethereum's sales booked in the round they were made in");
            assertEq(local[i], h.ghostLocalInRound(i), "local sales recorded in the round they were made in");
            sum += local[i] + remote[i];
            prev = caps[i];
        }
        assertEq(sum, p.totalTokensSold(), "per-round counts add up to the total sold");
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
        assertGe(
            IERC20Balance(p.saleToken()).balanceOf(_presaleAddr()),
            h.sumDeposits(),
            "presale holds all unclaimed deposits"
        );
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
