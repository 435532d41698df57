// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestBase, Vm} from "../../contracts/test-support/Vm.sol";
import {EthRejecter} from "../../contracts/test-support/EthRejecter.sol";
import {BasePresale} from "../../contracts/BasePresale.sol";
import {IBasePresale} from "../../contracts/interfaces/IBasePresale.sol";
import {IPresale} from "../../contracts/interfaces/IPresale.sol";
import {LadderModel} from "./LadderModel.sol";
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Drives the Base presale (and its staking link) through random sequences of purchases (ETH with and without
/// overpayment, USDC, buy-and-stake, card purchases), time, reports from a stand-in Ethereum presale (through the
/// bridge stand-in; its sales stay within its quota, it releases what it leaves, buyers name recipients and start new
/// legs; older reports are delivered again), the claim opening (by the owner, or by anyone at the deadline), claims and
/// claim-and-stakes. Owns the system (owner, admin, card provider). Records ghost values and per-call violations that
/// the invariant contract asserts.
contract PresaleHandler is PresaleSystem {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant N_ACTORS = 6;
    uint256 internal constant ETH_SHARE_BPS = 4_000;

    BasePresale public presale;
    address[] public actors;
    EthRejecter public rejecter;

    // Ghosts of the Base side.
    uint256 public ghostClaimed; // sale-token wei claimed or claimed-and-staked
    uint256 public ghostStakedOnBuy; // sale-token wei staked straight from purchases
    uint256 public ghostUsdCharged18; // what buyers paid, valued in USD with 18 decimals
    uint256 public ghostUsdReference18; // the reference walk's price of what they bought
    uint256[ROUNDS] public ghostLocalInRound; // whole tokens the reference walk took in each round
    mapping(address => uint256) public claims;
    mapping(address => uint256) public ghostImportedFor; // whole tokens of Ethereum legs naming each recipient
    mapping(address => uint256) public ghostCreditedHere; // sale-token wei bought here for each user, not staked
    mapping(address => uint256) public ghostClaimedBy; // sale-token wei each user claimed or claimed-and-staked

    // The stand-in Ethereum presale: its position, quotas, use, totals and buyers' legs.
    uint256 public ethStep;
    uint256[ROUNDS] public ethQuota;
    uint256[ROUNDS] public ethUsed;
    uint256 public ghostRemoteSold;
    bool public ethClosed;
    mapping(address => uint256) public legOf;
    mapping(address => uint256) public legTokens;
    mapping(address => address) public legRecipient;
    bytes[] internal _reports;

    uint256 public violations; // per-call checks that failed
    string public lastViolation;

    constructor() {
        _deployMocks();
        uint256[] memory quotas = _quotas(_uniformShare(ETH_SHARE_BPS));
        for (uint256 i; i < ROUNDS; ++i) ethQuota[i] = quotas[i];
        presale = _newBase(quotas, ROUND_LENGTH);
        presale.setRemotePresale(ETH_PRESALE_STANDIN);
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

    function _saleOpen() internal view returns (bool) {
        return presale.claimStart() == 0 && block.timestamp < presale.endTime();
    }

    /// @dev The reference walk for `amount` on Base's share, or ok=false if the purchase must be SoldOut.
    function _quote(uint256 amount) internal view returns (bool ok, LadderModel.Quote memory q) {
        q = LadderModel.walk(presale, false, amount);
        ok = !q.soldOut;
    }

    /// @dev After a purchase: each round's use moved by exactly the reference walk's takes.
    function _afterBuy(uint256[] memory localBefore, LadderModel.Quote memory q) internal {
        (uint256[] memory localAfter, ) = presale.roundSales();
        for (uint256 i; i < ROUNDS; ++i) {
            ghostLocalInRound[i] += q.takes[i];
            if (localAfter[i] - localBefore[i] != q.takes[i]) _violate("a round's use differs from the reference walk");
        }
        ghostUsdReference18 += q.usd;
    }

    function _localSales() internal view returns (uint256[] memory local) {
        (local, ) = presale.roundSales();
    }

    // ------------------------------------------------------------------ purchases

    function buyEth(uint256 actorSeed, uint256 amount, bool overpay) external {
        if (!_saleOpen()) return;
        amount = 1 + (amount % 3_000_000);
        (bool ok, LadderModel.Quote memory q) = _quote(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        uint256 quote = presale.ethBuyHelper(amount);
        uint256 value = overpay ? quote + 1 ether : quote;
        VM.deal(a, value);
        uint256[] memory before = _localSales();
        uint256 received = PAYMENT_WALLET.balance + address(rejecter).balance + address(presale).balance;
        VM.prank(a);
        try presale.buyWithEth{value: value}(amount, false) {} catch {
            return _violate("a valid ETH purchase was refused");
        }
        received = PAYMENT_WALLET.balance + address(rejecter).balance + address(presale).balance - received;
        if (received != quote) _violate("ETH paid differs from the quote");
        if (a.balance != value - quote) _violate("excess not refunded");
        ghostCreditedHere[a] += amount * TOKEN;
        ghostUsdCharged18 += (received * uint256(ETH_USD_8) * 1e10) / 1e18;
        if (received * uint256(ETH_USD_8) * 1e10 < q.usd * 1e18) _violate("ETH charged below the USD price");
        _afterBuy(before, q);
    }

    function buyUsdc(uint256 actorSeed, uint256 amount) external {
        if (!_saleOpen()) return;
        amount = 1 + (amount % 3_000_000);
        (bool ok, LadderModel.Quote memory q) = _quote(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        uint256 cost = presale.usdcBuyHelper(amount);
        if (cost != (q.usd + 1e12 - 1) / 1e12) _violate("USDC quote differs from the reference");
        usdc.mint(a, cost);
        VM.prank(a);
        usdc.approve(address(presale), cost);
        uint256[] memory before = _localSales();
        VM.prank(a);
        try presale.buyWithUSDC(amount, cost, false) {} catch {
            return _violate("a valid USDC purchase was refused");
        }
        if (usdc.balanceOf(a) != 0) _violate("USDC not fully charged");
        ghostCreditedHere[a] += amount * TOKEN;
        ghostUsdCharged18 += cost * 1e12;
        _afterBuy(before, q);
    }

    /// @dev The buyer's own buy-and-stake: the presale moves the tokens from its funding into staking.
    function buyEthAndStake(uint256 actorSeed, uint256 amount) external {
        if (!_saleOpen()) return;
        amount = 1 + (amount % 1_000_000);
        (bool ok, LadderModel.Quote memory q) = _quote(amount);
        if (!ok) return;
        address a = _actor(actorSeed);
        uint256 quote = presale.ethBuyHelper(amount);
        VM.deal(a, quote);
        uint256[] memory before = _localSales();
        VM.prank(a);
        try presale.buyWithEth{value: quote}(amount, true) {} catch {
            return _violate("a valid buy-and-stake was refused");
        }
        ghostStakedOnBuy += amount * TOKEN;
        ghostUsdCharged18 += (quote * uint256(ETH_USD_8) * 1e10) / 1e18;
        _afterBuy(before, q);
    }

    function cardBuy(uint256 actorSeed, uint256 amount, bool stake) external {
        if (!_saleOpen()) return;
        amount = 1 + (amount % 1_000_000);
        (bool ok, LadderModel.Quote memory q) = _quote(amount);
        if (!ok) return;
        uint256 quote = presale.ethBuyHelper(amount);
        VM.deal(address(this), quote + 1 ether);
        uint256 before = address(this).balance;
        uint256[] memory localBefore = _localSales();
        try presale.buyWithETHWert{value: quote + 1 ether}(_actor(actorSeed), amount, stake) {} catch {
            return _violate("a valid card purchase was refused");
        }
        if (before - address(this).balance != quote) _violate("card provider not refunded the excess");
        if (stake) ghostStakedOnBuy += amount * TOKEN;
        else ghostCreditedHere[_actor(actorSeed)] += amount * TOKEN;
        ghostUsdCharged18 += (quote * uint256(ETH_USD_8) * 1e10) / 1e18;
        _afterBuy(localBefore, q);
    }

    function warp(uint256 secondsForward) external {
        VM.warp(block.timestamp + (secondsForward % (12 hours)));
        feed.updateAnswer(ETH_USD_8);
    }

    function toggleRejecter(bool accepting) external {
        rejecter.setAccepting(accepting);
    }

    function rejecterWithdraw() external {
        if (presale.owed(address(rejecter), address(0)) == 0) return;
        rejecter.setAccepting(true);
        rejecter.exec(address(presale), abi.encodeCall(IPresale.withdrawOwed, (address(0))));
    }

    // ------------------------------------------------------------------ the stand-in Ethereum presale

    /// @dev Ethereum sells `delta` more tokens in its current round to an actor for a recipient (a new leg when the
    /// recipient changes) and relays the buyer at once.
    function remoteSale(uint256 actorSeed, uint256 recipientSeed, uint256 delta) external {
        if (ethClosed) return;
        uint256[] memory ends = presale.roundDetails(2);
        while (ethStep < ROUNDS && (block.timestamp >= ends[ethStep] || ethUsed[ethStep] == ethQuota[ethStep])) {
            ethQuota[ethStep] = ethUsed[ethStep]; // a round Ethereum leaves keeps only what it used
            ++ethStep;
        }
        if (ethStep >= ROUNDS) return;
        uint256 room = ethQuota[ethStep] - ethUsed[ethStep];
        delta = 1 + (delta % (room < 2_000_000 ? room : 2_000_000));
        address buyer = _actor(actorSeed);
        address recipient = _actor(recipientSeed);
        if (legRecipient[buyer] != recipient) {
            if (legTokens[buyer] != 0) (legOf[buyer], legTokens[buyer]) = (legOf[buyer] + 1, 0);
            legRecipient[buyer] = recipient;
        }
        ethUsed[ethStep] += delta;
        ghostRemoteSold += delta;
        legTokens[buyer] += delta;
        ghostImportedFor[recipient] += delta;
        uint256 before = presale.userDeposits(recipient);
        _report(buyer);
        if (presale.userDeposits(recipient) != before + delta * TOKEN)
            _violate("a report credited other than the new part");
    }

    /// @dev Ethereum's owner gives part of its quota of the current or a later round to Base.
    function remoteRelease(uint256 roundSeed, uint256 tokens) external {
        if (ethClosed) return;
        if (ethStep >= ROUNDS) return;
        uint256 round = ethStep + (roundSeed % (ROUNDS - ethStep));
        if (ethQuota[round] == ethUsed[round]) return;
        ethQuota[round] -= 1 + (tokens % (ethQuota[round] - ethUsed[round]));
        _report(address(0));
    }

    /// @dev An older report arrives again: it changes nothing.
    function replayReport(uint256 indexSeed) external {
        if (_reports.length == 0) return;
        uint256 sold = presale.totalTokensSold();
        uint256 imported = presale.totalRemoteDepositsImported();
        uint256 step = presale.currentStep();
        uint256 cp = presale.checkPoint();
        IPresale.RoundInfo[] memory r = presale.rounds();
        if (!bridge.deliverAs(ETH_PRESALE_STANDIN, address(presale), _reports[indexSeed % _reports.length])) {
            return _violate("a replayed report was refused");
        }
        if (presale.totalTokensSold() != sold || presale.checkPoint() != cp || presale.currentStep() != step) {
            _violate("a replayed report moved the ladder");
        }
        if (presale.totalRemoteDepositsImported() != imported) _violate("a replayed report imported again");
        IPresale.RoundInfo[] memory after_ = presale.rounds();
        for (uint256 i; i < ROUNDS; ++i) {
            if (after_[i].ethereumQuota != r[i].ethereumQuota) _violate("a replayed report changed a quota");
        }
    }

    /// @dev Ethereum's report of `buyer` (zero: no buyer), its quotas, use, totals and close flag, delivered now.
    function _report(address buyer) internal {
        IBasePresale.RelayedDeposit[] memory d = new IBasePresale.RelayedDeposit[](buyer == address(0) ? 0 : 1);
        if (buyer != address(0))
            d[0] = IBasePresale.RelayedDeposit(buyer, legOf[buyer], legRecipient[buyer], legTokens[buyer]);
        uint256[] memory quotas = new uint256[](ROUNDS);
        uint256[] memory used = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) (quotas[i], used[i]) = (ethClosed ? ethUsed[i] : ethQuota[i], ethUsed[i]);
        bytes memory data = abi.encodeCall(
            IBasePresale.receiveEthereumReport,
            (d, quotas, used, ghostRemoteSold, ghostRemoteSold * 6_000, ethClosed)
        );
        _reports.push(data);
        if (!bridge.deliverAs(ETH_PRESALE_STANDIN, address(presale), data)) _violate("a genuine report was refused");
    }

    // ------------------------------------------------------------------ the claim

    /// @dev Opens the claim (rarely): Ethereum closes (its report releases every unused quota), then the owner starts
    /// the claim now, or nobody does and anyone opens it at the deadline. The deployment's funding must suffice.
    function openClaim(uint256 seed) external {
        if (presale.claimStart() != 0 || seed % 5 != 0) return;
        ethClosed = true;
        _report(address(0));
        if (seed % 2 == 0) {
            try presale.startClaim(block.timestamp) {} catch {
                _violate("the owner could not start the claim");
            }
        } else {
            if (block.timestamp < presale.claimDeadline()) VM.warp(presale.claimDeadline());
            feed.updateAnswer(ETH_USD_8);
            VM.prank(_actor(seed));
            try presale.openClaim() {} catch {
                _violate("anyone could not open the claim at the deadline");
            }
        }
    }

    function claim(uint256 actorSeed, bool andStake) external {
        if (presale.claimStart() == 0) return;
        address a = _actor(actorSeed);
        uint256 dep = presale.userDeposits(a);
        uint256 before = token.balanceOf(a);
        VM.prank(a); // applies to the very next call
        if (andStake) {
            try presale.claimAndStake() {
                ++claims[a];
                ghostClaimed += dep;
                ghostClaimedBy[a] += dep;
            } catch {
                if (dep != 0) _violate("a claim-and-stake of a deposit was refused");
            }
        } else {
            try presale.claim() {
                ++claims[a];
                ghostClaimed += dep;
                ghostClaimedBy[a] += dep;
                if (token.balanceOf(a) - before != dep) _violate("claim paid other than the deposit");
            } catch {
                if (dep != 0) _violate("a claim of a deposit was refused");
            }
        }
    }

    // ------------------------------------------------------------------ views for the invariants

    function sumDeposits() external view returns (uint256 s) {
        for (uint256 i; i < N_ACTORS; ++i) s += presale.userDeposits(actors[i]);
    }

    function actorCount() external pure returns (uint256) {
        return N_ACTORS;
    }
}

/// @notice Stateful invariants for the Base presale alone (Ethereum's side a stand-in that keeps Ethereum's rules;
/// the two real presales together are in TwoChainInvariants.t.sol, staking alone in StakingInvariants.t.sol).
contract PresaleInvariantsTest is TestBase {
    PresaleHandler internal h;

    function setUp() public {
        h = new PresaleHandler();
        _target(address(h));
    }

    /// @dev Every handler action works on its own (a handler that always reverted would make the invariants vacuous).
    function test_handlerActionsTakeEffect() public {
        BasePresale p = h.presale();
        // Handler amounts are 1 + (seed % range).
        h.buyEth(0, 999, true);
        h.buyUsdc(1, 1_999);
        h.cardBuy(2, 2_999, false);
        h.buyEthAndStake(3, 399);
        h.cardBuy(2, 99, true);
        h.remoteSale(4, 5, 4_999); // actor 4 buys 5,000 on Ethereum for actor 5
        h.remoteSale(4, 4, 999); // then 1,000 for itself: a new leg
        h.remoteRelease(0, 99); // Ethereum gives 100 of round 1 to Base
        h.replayReport(0);
        h.replayReport(1);
        h.warp(2 hours);
        assertEq(p.localTokensSold(), 6_500, "local sold");
        assertEq(p.remoteTokensSold(), 6_000, "remote sold");
        assertEq(p.totalRemoteDepositsImported(), 6_000, "imported once despite the replays");
        assertEq(p.userDeposits(h.actors(5)), 5_000e18, "the first leg's recipient");
        assertEq(p.userDeposits(h.actors(4)), 1_000e18, "the second leg's recipient");
        assertEq(p.remoteDepositsImported(h.actors(4), 1), 1_000, "per leg");
        assertEq(p.rounds()[0].ethereumQuota, 1_800_000 - 100, "release booked");
        assertEq(h.ghostStakedOnBuy(), 500e18, "staked on buy");
        h.openClaim(5);
        assertTrue(p.claimStart() != 0, "claim opened");
        assertEq(p.rounds()[0].ethereumQuota, 6_000, "Ethereum's close released the rest");
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

    /// @dev Deposits (plus what was claimed or staked straight from a purchase) equal tokens sold here plus tokens
    /// imported from Ethereum; each recipient holds exactly what it bought here and what Ethereum legs named it for.
    function invariant_depositsEqualTokensSold() public view {
        BasePresale p = h.presale();
        assertEq(
            h.sumDeposits() + h.ghostClaimed() + h.ghostStakedOnBuy(),
            (p.localTokensSold() + p.totalRemoteDepositsImported()) * 1e18,
            "deposits == local sold + imported"
        );
        assertEq(p.totalRemoteDepositsImported(), h.ghostRemoteSold(), "every relayed leg imported once");
        for (uint256 i; i < h.actorCount(); ++i) {
            address a = h.actors(i);
            assertEq(
                p.userDeposits(a) + h.ghostClaimedBy(a),
                h.ghostCreditedHere(a) + h.ghostImportedFor(a) * 1e18,
                "each user holds what it bought here and what Ethereum legs named it for"
            );
        }
    }

    function invariant_soldNeverExceedsLadder() public view {
        BasePresale p = h.presale();
        assertLe(p.totalTokensSold(), 80_000_000, "total sold <= the ladder");
        assertLe(p.checkPoint(), 80_000_000, "checkpoint <= the ladder");
    }

    /// @dev Every report is delivered at once here: no round sells more than its size, each side's use is where the
    /// reference put it, and Base books exactly Ethereum's quotas (once closed: its use).
    function invariant_roundSalesWithinRoundSize() public view {
        BasePresale p = h.presale();
        IPresale.RoundInfo[] memory r = p.rounds();
        (uint256[] memory local, uint256[] memory remote) = p.roundSales();
        uint256 prev;
        uint256 sum;
        for (uint256 i; i < r.length; ++i) {
            assertLe(local[i] + remote[i], r[i].cap - prev, "round use <= round size");
            assertEq(remote[i], h.ethUsed(i), "Ethereum's use booked in its round");
            assertEq(local[i], h.ghostLocalInRound(i), "Base's use where the reference walk put it");
            assertEq(r[i].ethereumQuota, h.ethClosed() ? h.ethUsed(i) : h.ethQuota(i), "Ethereum's quota booked");
            assertLe(local[i], r[i].baseQuota, "Base within its share");
            sum += local[i] + remote[i];
            prev = r[i].cap;
        }
        assertEq(sum, p.totalTokensSold(), "per-round use adds up to the total sold");
    }

    function invariant_usdChargedAtLeastReference() public view {
        assertGe(h.ghostUsdCharged18(), h.ghostUsdReference18(), "USD charged >= round-by-round price");
    }

    function invariant_nothingStranded() public view {
        BasePresale p = h.presale();
        address r = address(h.rejecter());
        address usdc = p.usdc();
        assertEq(address(p).balance, p.owed(r, address(0)), "presale holds only owed ETH");
        assertEq(IERC20Balance(usdc).balanceOf(address(p)), p.owed(r, usdc), "presale holds only owed USDC");
    }

    function invariant_claimBacked() public view {
        BasePresale p = h.presale();
        if (p.claimStart() == 0) return;
        assertGe(IERC20Balance(p.saleToken()).balanceOf(address(p)), h.sumDeposits(), "presale holds every deposit");
    }

    function invariant_claimAtMostOnce() public view {
        for (uint256 i; i < h.actorCount(); ++i) {
            assertLe(h.claims(h.actors(i)), 1, "each address claims at most once");
        }
    }

    /// @dev Staked-on-buy and claim-and-stake tokens are all in staking.
    function invariant_stakingHoldsPresaleStakes() public view {
        BasePresale p = h.presale();
        IStakingView s = IStakingView(p.staking());
        assertGe(IERC20Balance(p.saleToken()).balanceOf(address(s)), s.totalStaked(), "staking holds total staked");
        assertGe(s.totalStaked(), p.stakedDuringSale(), "buy-and-stakes are staked");
    }

    function invariant_perCallChecks() public view {
        assertEq(h.violations(), 0, h.lastViolation());
    }
}

interface IERC20Balance {
    function balanceOf(address) external view returns (uint256);
}

interface IStakingView {
    function totalStaked() external view returns (uint256);
}
