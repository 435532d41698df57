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
import {PresaleSystem} from "./PresaleSystem.sol";

/// @notice Both chains' presales on one simulated chain, linked by the bridge stand-in, driven by everything anyone can
/// do: purchases on both chains (ETH; random buyers and Base recipients, amounts that fill a chain's share of a round
/// exactly, cross it, take all that is left, or are random; buy-and-stake and card purchases on Base), re-pointing,
/// relays of any buyers at any time by anyone (an adversarial keeper: it relays anything, late or never), deliveries of
/// any queued message any number of times in any order, time (past round ends, the sale's end, the claim deadline),
/// the owner's moves on BOTH chains (`setCurrentStep` valid and not, `setRounds` including moving the current round's
/// end into the past, `setDynamicTime`, `setSaleTimes`, `releaseQuota`), pause and unpause, `closeSale` (the owner
/// early, anyone after the end), `startClaim`, `openClaim`, claims, claim-and-stakes and staking withdrawals.
/// @dev Each action predicts its outcome (success or the exact custom error) from the public state and the reference
/// walk, then checks it and its effects; a mismatch is recorded as a violation, never swallowed. After every action it
/// checks what must never change direction (Ethereum's quotas and Base's booked quotas only shrink, relayed legs are
/// final, held stakes stay until the claim, nobody but the staker moves an unlock). The handler is the owner,
/// ADMIN_ROLE and card provider of both presales and the owner of staking.
contract TwoChainHandler is PresaleSystem {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 public constant N_BUYERS = 5;
    /// @dev The buyers and two Base-only recipients.
    uint256 public constant N_ADDRESSES = 7;
    address public constant STRANGER = address(0x57A4);
    bytes4 internal constant OK = 0x00000000;
    bytes4 internal constant NO_REASON = 0xffffffff;

    EthereumPresale public eth;
    BasePresale public base;
    address[] public addrs;

    /// @dev Whole tokens sold by purchases: [0] Ethereum, [1] Base.
    uint256[2] public ghostSold;
    /// @dev Sale-token wei: bought on Base for each address and not staked; staked for it during the sale (held
    /// until the claim); claimed by it (to its wallet or into staking).
    mapping(address => uint256) public ghostCredited;
    mapping(address => uint256) public ghostHeld;
    mapping(address => uint256) public ghostClaimed;
    uint256 public ghostStakedDuringSale;
    /// @dev Each (buyer, leg) as Ethereum relayed it: its relayed total and its recipient.
    mapping(address => mapping(uint256 => uint256)) public ghostRelayed;
    mapping(address => mapping(uint256 => address)) public ghostLegRecipient;

    uint256 public violations;
    string public lastViolation;
    bytes4 public lastGot;
    bytes4 public lastExpected;

    uint256[ROUNDS] internal _ethQuotaSeen;
    uint256[ROUNDS] internal _bookedSeen;
    uint256[ROUNDS] internal _remoteUsedSeen;
    uint256[N_ADDRESSES] internal _unlockSeen;
    uint256[N_ADDRESSES] internal _stakeSeen;
    /// @dev The address whose own action the current call is (its unlock may move), or zero.
    address internal _acting;

    modifier checked() {
        _;
        _afterCall();
    }

    constructor() {
        _deployMocks();
        uint256[] memory bps = new uint256[](ROUNDS);
        // Every kind of split: Ethereum none of a round, all of one, and shares in between.
        (bps[0], bps[1], bps[2], bps[3], bps[4]) = (4_000, 0, 10_000, 5_000, 2_500);
        (bps[5], bps[6], bps[7], bps[8], bps[9]) = (4_000, 6_000, 3_000, 4_000, 5_000);
        uint256[] memory quotas = _quotas(bps);
        eth = _newEthereum(quotas, ROUND_LENGTH);
        base = _newBase(quotas, ROUND_LENGTH);
        eth.setRemotePresale(address(base));
        base.setRemotePresale(address(eth));
        for (uint256 i; i < N_ADDRESSES; ++i) addrs.push(address(uint160(0xC0000 + i)));
        for (uint256 i; i < ROUNDS; ++i) (_ethQuotaSeen[i], _bookedSeen[i]) = (quotas[i], quotas[i]);
    }

    receive() external payable {}

    // ------------------------------------------------------------------ purchases

    /// @dev An Ethereum purchase with ETH by one of the buyers for a Base recipient (itself, another buyer or a
    /// Base-only address). `amountMode` picks an exact fill of Ethereum's share of the current round, one that
    /// crosses into the next, all that is left, or a random amount (now and then above the maximum).
    function buyOnEthereum(
        uint256 buyerSeed,
        uint256 recipientSeed,
        uint256 amountSeed,
        uint8 amountMode,
        bool overpay
    ) external checked {
        _buy(0, buyerSeed, recipientSeed, amountSeed, amountMode, overpay);
    }

    /// @dev A Base purchase: `kind` 0 with ETH, 1 buy-and-stake, 2 a card purchase for a user, 3 one with stake.
    function buyOnBase(
        uint8 kind,
        uint256 buyerSeed,
        uint256 userSeed,
        uint256 amountSeed,
        uint8 amountMode,
        bool overpay
    ) external checked {
        _buy(1 + (kind % 4), buyerSeed, userSeed, amountSeed, amountMode, overpay);
    }

    /// @dev A purchase that fills its chain's share of the current round exactly (or, with `cross`, a little more).
    function buyExactFill(bool onBase, uint8 kind, uint256 buyerSeed, uint256 userSeed, bool cross) external checked {
        _buy(onBase ? 1 + (kind % 4) : 0, buyerSeed, userSeed, userSeed >> 128, cross ? 1 : 0, false);
    }

    /// @dev A purchase on each chain in the same block, neither knowing of the other.
    function buyOnBoth(uint256 buyerSeed, uint256 userSeed, uint256 amountSeed, uint8 amountMode) external checked {
        _buy(0, buyerSeed, userSeed, amountSeed, amountMode, false);
        _buy(1 + (amountMode % 4), buyerSeed >> 8, userSeed >> 8, amountSeed >> 8, amountMode >> 4, false);
    }

    /// @dev `kind`: 0 Ethereum ETH purchase; on Base 1 ETH purchase, 2 buy-and-stake, 3 card purchase for a user,
    /// 4 card purchase with stake.
    function _buy(
        uint8 kind,
        uint256 buyerSeed,
        uint256 recipientSeed,
        uint256 amountSeed,
        uint8 amountMode,
        bool overpay
    ) internal {
        Purchase memory u = _plan(kind, buyerSeed, recipientSeed, amountSeed, amountMode);
        u.value = u.expected == OK ? u.cost + (overpay ? 1 ether : 0) : 1 ether;
        Before memory b = _before(u);
        if (u.kind == 2) _acting = u.buyer;
        VM.deal(u.payer, u.value);
        bytes4 got = _run(u.payer, address(u.p), u.value, _buyCall(u));
        _expect(got, u.expected, "purchase");
        if (got == OK) _afterBuy(u, b);
    }

    /// @dev One purchase: `kind` (see `_buy`), the chain, who buys, who owns the tokens, who pays, how many, what it
    /// costs and sends, and what must happen.
    struct Purchase {
        uint8 kind;
        IPresale p;
        address buyer;
        address user;
        address payer;
        uint256 amount;
        uint256 cost;
        uint256 value;
        bytes4 expected;
        LadderModel.Quote q;
    }

    /// @dev What the world looked like before a purchase.
    struct Before {
        uint256 wallet;
        uint256 usd;
        uint256 sold;
        uint256[] local;
        IEthereumPresale.BuyerInfo info;
        uint256 deposit;
        IStaking.StakerInfo staker;
    }

    function _plan(
        uint8 kind,
        uint256 buyerSeed,
        uint256 recipientSeed,
        uint256 amountSeed,
        uint8 amountMode
    ) internal view returns (Purchase memory u) {
        u.kind = kind;
        u.p = kind == 0 ? IPresale(eth) : IPresale(base);
        u.buyer = addrs[buyerSeed % N_BUYERS];
        u.user = kind == 0 || kind >= 3 ? addrs[recipientSeed % N_ADDRESSES] : u.buyer;
        u.payer = kind >= 3 ? address(this) : u.buyer;
        u.amount = _amount(u.p, kind == 0, amountSeed, amountMode);
        (u.expected, u.q) = _expectedBuy(u.p, kind == 0, u.amount);
        if (u.expected == OK) u.cost = u.p.ethBuyHelper(u.amount);
    }

    function _before(Purchase memory u) internal view returns (Before memory b) {
        (b.wallet, b.usd, b.sold) = (PAYMENT_WALLET.balance, u.p.localUsdRaised(), u.p.localTokensSold());
        (b.local, ) = u.p.roundSales();
        if (u.kind == 0) b.info = eth.buyerInfo(u.buyer);
        else (b.deposit, b.staker) = (base.userDeposits(u.user), staking.poolStakers(u.user));
    }

    function _buyCall(Purchase memory u) internal pure returns (bytes memory) {
        if (u.kind == 0) return abi.encodeCall(IEthereumPresale.buyWithEth, (u.amount, u.user));
        if (u.kind <= 2) return abi.encodeCall(IBasePresale.buyWithEth, (u.amount, u.kind == 2));
        return abi.encodeCall(IBasePresale.buyWithETHWert, (u.user, u.amount, u.kind == 4));
    }

    /// @dev A purchase paid exactly the reference walk's price (the excess refunded), moved each round's use by the
    /// walk's takes and the chain's totals by the purchase, and went to the right leg or user.
    function _afterBuy(Purchase memory u, Before memory b) internal {
        if (PAYMENT_WALLET.balance - b.wallet != u.cost) _violate("the payment wallet got other than the quote");
        if (u.payer.balance != u.value - u.cost) _violate("the excess was not refunded");
        if (u.cost != _ceilDiv(u.q.usd * 1e18, uint256(ETH_USD_8) * 1e10))
            _violate("ETH charged differs from the walk");
        if (u.p.localUsdRaised() - b.usd != _ceilDiv(u.q.usd, 1e12)) _violate("USD raised differs from the walk");
        if (u.p.localTokensSold() - b.sold != u.amount) _violate("tokens sold differ from the purchase");
        (uint256[] memory local, ) = u.p.roundSales();
        for (uint256 i; i < ROUNDS; ++i) {
            if (local[i] - b.local[i] != u.q.takes[i]) _violate("a round's use differs from the reference walk");
        }
        ghostSold[u.kind == 0 ? 0 : 1] += u.amount;
        if (u.kind != 0) return _afterBaseBuy(u, b);
        _checkLeg(b.info, eth.buyerInfo(u.buyer), u.user, u.amount);
        // Every round the purchase left keeps only what Ethereum used of it; the rest goes to Base.
        IPresale.RoundInfo[] memory r = eth.rounds();
        for (uint256 i; i < u.q.endStep; ++i) {
            if (r[i].ethereumQuota != r[i].used) _violate("a round Ethereum left kept unused quota");
        }
    }

    /// @dev A Base purchase credits the user, or stakes for it held until the claim: the buyer's own stake restarts
    /// its lock; a card purchase for it leaves the unlock of what it already staked where it was.
    function _afterBaseBuy(Purchase memory u, Before memory b) internal {
        uint256 tokens = u.amount * TOKEN;
        if (u.kind == 1 || u.kind == 3) {
            ghostCredited[u.user] += tokens;
            if (base.userDeposits(u.user) != b.deposit + tokens) _violate("a Base purchase credited other than bought");
            return;
        }
        ghostHeld[u.user] += tokens;
        ghostStakedDuringSale += tokens;
        IStaking.StakerInfo memory s = staking.poolStakers(u.user);
        if (s.amount != b.staker.amount + tokens) _violate("a buy-and-stake staked other than bought");
        bool fullLock = u.kind == 2 || b.staker.amount == 0;
        if (s.unlockTime != (fullLock ? block.timestamp + staking.lockTime() : b.staker.unlockTime)) {
            _violate("a presale stake set the unlock other than the staking rule says");
        }
    }

    /// @dev What a purchase must do now: the error the contract must raise first, or OK with the reference walk.
    function _expectedBuy(
        IPresale p,
        bool onEthereum,
        uint256 amount
    ) internal view returns (bytes4 expected, LadderModel.Quote memory q) {
        if (p.saleClosed()) return (IPresale.SaleClosed.selector, q);
        if (p.paused()) return (IPresale.SalePaused.selector, q);
        if (block.timestamp < p.startTime() || block.timestamp >= p.endTime()) {
            return (IPresale.SaleNotActive.selector, q);
        }
        if (amount > p.maxTokensToBuy()) return (IPresale.MaxTokensExceeded.selector, q);
        q = LadderModel.walk(p, onEthereum, amount);
        return (q.soldOut ? IPresale.SoldOut.selector : OK, q);
    }

    function _amount(IPresale p, bool onEthereum, uint256 seed, uint8 mode) internal view returns (uint256 amount) {
        mode %= 6;
        if (mode == 0) amount = LadderModel.roomInCurrentRound(p, onEthereum);
        else if (mode == 1) amount = LadderModel.roomInCurrentRound(p, onEthereum) + 1 + (seed % 1_000);
        else if (mode == 2) amount = LadderModel.roomLeft(p, onEthereum);
        else if (mode == 3) amount = seed % 100_000;
        else amount = seed % 5_000_000;
        if (amount == 0) amount = 1;
        if (amount > MAX_TOKENS && seed % 8 != 0) amount = MAX_TOKENS; // now and then one above the maximum
    }

    /// @dev The leg rule: a purchase naming the leg's recipient (or the first purchase, or one before anything of the
    /// leg was relayed) adds to the leg; one naming another address after a relay leaves the relayed part in the old
    /// leg and starts a new one with the unrelayed rest.
    function _checkLeg(
        IEthereumPresale.BuyerInfo memory b,
        IEthereumPresale.BuyerInfo memory a,
        address recipient,
        uint256 amount
    ) internal {
        bool sameLeg = b.recipient == address(0) || b.recipient == recipient || b.relayed == 0;
        (uint256 leg, uint256 tokens, uint256 relayed) = sameLeg
            ? (b.leg, b.tokens + amount, b.relayed)
            : (b.leg + 1, b.tokens - b.relayed + amount, 0);
        if (a.leg != leg || a.tokens != tokens || a.relayed != relayed || a.recipient != recipient) {
            _violate("a purchase changed the buyer's legs against the leg rule");
        }
    }

    // ------------------------------------------------------------------ recipients, relays and the bridge

    /// @dev The buyer points its unrelayed tokens to another Base address.
    function setRecipient(uint256 buyerSeed, uint256 recipientSeed) external checked {
        address buyer = addrs[buyerSeed % N_BUYERS];
        address recipient = addrs[recipientSeed % N_ADDRESSES];
        IEthereumPresale.BuyerInfo memory b = eth.buyerInfo(buyer);
        bytes4 expected = b.tokens == b.relayed ? IEthereumPresale.NothingToRepoint.selector : OK;
        bytes4 got = _run(buyer, address(eth), 0, abi.encodeCall(IEthereumPresale.setRecipient, (recipient)));
        _expect(got, expected, "setRecipient");
        if (got != OK) return;
        IEthereumPresale.BuyerInfo memory a = eth.buyerInfo(buyer);
        (uint256 leg, uint256 tokens) = b.relayed == 0 ? (b.leg, b.tokens) : (b.leg + 1, b.tokens - b.relayed);
        if (a.leg != leg || a.tokens != tokens || a.relayed != 0 || a.recipient != recipient) {
            _violate("setRecipient moved other than the unrelayed tokens");
        }
    }

    /// @dev Anyone relays any subset of the buyers (with duplicates and addresses that never bought, at times).
    function relay(uint256 mask, bool duplicate, bool strangers) external checked {
        address[] memory list = new address[](N_BUYERS + 3);
        uint256 n;
        for (uint256 i; i < N_BUYERS; ++i) if (mask & (1 << i) != 0) list[n++] = addrs[i];
        if (duplicate && n != 0) list[n++] = list[0];
        if (strangers) (list[n], list[n + 1], n) = (STRANGER, addrs[N_ADDRESSES - 1], n + 2);
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(list, n)
        }
        uint256 queued = bridge.queued();
        bytes4 got = _run(STRANGER, address(eth), 0, abi.encodeCall(IEthereumPresale.relay, (list)));
        _expect(got, OK, "relay");
        if (got != OK) return;
        if (bridge.queued() != queued + 1) _violate("a relay sent no report");
        for (uint256 i; i < n; ++i) {
            IEthereumPresale.BuyerInfo memory a = eth.buyerInfo(list[i]);
            if (a.relayed != a.tokens) _violate("a relayed buyer kept unrelayed tokens");
        }
    }

    /// @dev The bridge delivers a queued message: a random one, the oldest never delivered (a normal bridge) or the
    /// newest, one to three times. Every delivery of a genuine report must be accepted.
    function deliver(uint256 indexSeed, uint8 mode, uint8 times) external checked {
        uint256 n = bridge.queued();
        if (n == 0) return;
        uint256 index = indexSeed % n;
        if (mode % 3 == 1) {
            index = 0;
            while (index < n - 1 && bridge.deliveredCount(index) != 0) ++index;
        } else if (mode % 3 == 2) {
            index = n - 1;
        }
        for (uint256 t; t <= times % 3; ++t) {
            (bool ok, bytes memory reason) = bridge.deliver(index);
            if (!ok) {
                lastGot = reason.length < 4 ? NO_REASON : bytes4(reason);
                _violate("a genuine report was refused");
            }
        }
    }

    // ------------------------------------------------------------------ time

    /// @dev Forward in time: a little, to the end of a chain's current round (exactly, or a second before), to a
    /// chain's sale end, to the claim deadline, or a lot.
    function warp(uint8 mode, uint256 seed) external checked {
        mode %= 7;
        uint256 to = block.timestamp;
        if (mode == 0) to += seed % 6 hours;
        else if (mode == 1) to += seed % 3 days;
        else if (mode == 2 || mode == 3) to = _roundEnd(mode == 2 ? IPresale(eth) : IPresale(base)) - (seed % 2);
        else if (mode == 4) to = (seed % 2 == 0 ? eth.endTime() : base.endTime()) - ((seed >> 1) % 2);
        else if (mode == 5) to = base.claimDeadline();
        else to += seed % 40 days;
        if (to > block.timestamp) VM.warp(to);
        feed.updateAnswer(ETH_USD_8);
    }

    function _roundEnd(IPresale p) internal view returns (uint256) {
        uint256 s = p.currentStep();
        return s < ROUNDS ? p.roundDetails(2)[s] : block.timestamp;
    }

    // ------------------------------------------------------------------ the owner's moves, on either or both chains

    /// @dev `chainSel` 0 Ethereum, 1 Base, 2 both (the owner tool's pair move: each chain to a position of its own).
    /// `mode` 0 a valid move (must succeed), 1 a clearly invalid one (must fail InvalidStep), 2 anything (either).
    function setCurrentStep(uint8 chainSel, uint256 stepSeed, uint256 usedSeed, uint8 mode) external checked {
        chainSel %= 3;
        if (chainSel != 1) _moveStep(eth, true, stepSeed, usedSeed, mode % 3);
        if (chainSel != 0) _moveStep(base, false, stepSeed >> 8, usedSeed >> 8, mode % 3);
    }

    /// @dev One chain's manual move, its outcome and its effects.
    function _moveStep(IPresale p, bool onEthereum, uint256 stepSeed, uint256 usedSeed, uint8 mode) internal {
        (bool skip, uint256 target, uint256 used, bytes4 expected) = _pickMove(p, onEthereum, stepSeed, usedSeed, mode);
        if (skip) return;
        // Once closed (Ethereum by closeSale, Base by the claim start) the position is final: Ethereum's last report
        // gave Base everything it had not used, so a later move would book use Base may already have sold.
        if (p.saleClosed()) (expected, mode) = (IPresale.SaleClosed.selector, 0);
        IPresale other = onEthereum ? IPresale(base) : IPresale(eth);
        bytes32 otherBefore = _salesHash(other);
        uint256 sold = p.localTokensSold();
        bytes4 got = _run(address(this), address(p), 0, abi.encodeCall(IPresale.setCurrentStep, (target, used)));
        if (mode == 2 && got == IPresale.InvalidStep.selector) return;
        _expect(got, expected, "setCurrentStep");
        if (got != OK) return;
        (uint256[] memory local, ) = p.roundSales();
        if (local[target] != used) _violate("a manual move set other than the use asked");
        if (p.localTokensSold() != sold) _violate("a manual move was reported as sold");
        if (_salesHash(other) != otherBefore) _violate("a manual move changed the other chain");
        if (!onEthereum) return;
        IPresale.RoundInfo[] memory r = p.rounds();
        for (uint256 i; i < target; ++i) {
            if (r[i].ethereumQuota != local[i]) _violate("a round Ethereum left kept unused quota");
        }
    }

    /// @dev `mode` 0: a valid move from the current round (its use not below what is used, within the share); 1: past
    /// the last round or beyond the share; 2: anything.
    function _pickMove(
        IPresale p,
        bool onEthereum,
        uint256 stepSeed,
        uint256 usedSeed,
        uint8 mode
    ) internal view returns (bool skip, uint256 target, uint256 used, bytes4 expected) {
        IPresale.RoundInfo[] memory r = p.rounds();
        if (mode == 2) return (false, stepSeed % (ROUNDS + 1), usedSeed % (r[stepSeed % ROUNDS].cap + 1), OK);
        uint256 cur = p.currentStep();
        if (cur >= ROUNDS) return (true, 0, 0, OK);
        target = cur + (stepSeed % (ROUNDS - cur));
        uint256 share = onEthereum ? r[target].ethereumQuota : r[target].baseQuota;
        uint256 lo = target == cur ? r[target].used : 0;
        if (mode == 0) return (false, target, lo + (usedSeed % (share - lo + 1)), OK);
        if (stepSeed % 2 == 0) return (false, ROUNDS + (usedSeed % 3), 0, IPresale.InvalidStep.selector);
        return (false, target, share + 1 + (usedSeed % 1_000), IPresale.InvalidStep.selector);
    }

    function _salesHash(IPresale p) internal view returns (bytes32) {
        (uint256[] memory local, uint256[] memory remote) = p.roundSales();
        return keccak256(abi.encode(local, remote, p.currentStep()));
    }

    /// @dev New prices and end times on Ethereum, Base or both (the same table): valid ones, some of whose end times
    /// (the current round's too) may lie in the past, must be taken; a zero price or end times out of order refused.
    function setRounds(uint8 chainSel, uint256 seed, bool invalid) external checked {
        chainSel %= 3;
        (uint256[] memory prices, uint256[] memory ends) = _table(seed, invalid);
        bytes4 expected = invalid ? IPresale.InvalidRounds.selector : OK;
        for (uint256 c; c < 2; ++c) {
            if ((c == 0 && chainSel == 1) || (c == 1 && chainSel == 0)) continue;
            IPresale p = c == 0 ? IPresale(eth) : IPresale(base);
            bytes4 got = _run(address(this), address(p), 0, abi.encodeCall(IPresale.setRounds, (prices, ends)));
            _expect(got, expected, "setRounds");
            if (
                got == OK &&
                keccak256(abi.encode(p.roundDetails(1), p.roundDetails(2))) != keccak256(abi.encode(prices, ends))
            ) {
                _violate("setRounds stored other terms");
            }
        }
    }

    function _table(uint256 seed, bool invalid) internal view returns (uint256[] memory prices, uint256[] memory ends) {
        prices = new uint256[](ROUNDS);
        ends = new uint256[](ROUNDS);
        uint256 back = (seed >> 32) % 3 days;
        uint256 t = block.timestamp > back ? block.timestamp - back : 1;
        for (uint256 i; i < ROUNDS; ++i) {
            uint256 r = uint256(keccak256(abi.encode(seed, i)));
            prices[i] = 1e15 + (r % 2e16);
            t += 1 + ((r >> 128) % 2 days);
            ends[i] = t;
        }
        if (!invalid) return (prices, ends);
        uint256 k = seed % (ROUNDS - 1);
        if ((seed >> 8) % 2 == 0) prices[k] = 0;
        else ends[k + 1] = ends[k];
    }

    /// @dev The owner's and ADMIN_ROLE's switches on either chain: `which` 0 dynamic time (on with a time constant,
    /// which must not be zero, or off), 1 a new sale end (the start kept; refused once the end has passed or the sale
    /// closed; a later end always refused), 2 pause (now and then) or unpause.
    function ownerSwitch(uint8 which, uint8 chainSel, bool flag, uint256 seed) external checked {
        IPresale p = chainSel % 2 == 0 ? IPresale(eth) : IPresale(base);
        which %= 3;
        if (which == 0) {
            uint256 timeConstant = seed % 3 days;
            bytes4 expected = flag && timeConstant == 0 ? IPresale.InvalidParameter.selector : OK;
            bytes memory data = abi.encodeCall(IPresale.setDynamicTime, (flag, timeConstant));
            _expect(_run(address(this), address(p), 0, data), expected, "setDynamicTime");
        } else if (which == 1) {
            // Mostly an earlier end (now or later, up to the current end); now and then a later one, refused.
            uint256 end = p.endTime();
            uint256 newEnd =
                seed % 4 == 0 || block.timestamp >= end
                    ? end + 1 + (seed % 20 days)
                    : block.timestamp + (seed % (end - block.timestamp + 1));
            bytes4 expected =
                p.saleClosed()
                    ? IPresale.SaleClosed.selector
                    : block.timestamp >= end
                        ? IPresale.SaleEnded.selector
                        : newEnd > end
                            ? IPresale.SaleEndNotEarlier.selector
                            : p.startTime() >= newEnd
                                ? IPresale.InvalidTimes.selector
                                : OK;
            bytes memory data = abi.encodeCall(IPresale.setSaleTimes, (p.startTime(), newEnd));
            _expect(_run(address(this), address(p), 0, data), expected, "setSaleTimes");
        } else {
            bool on = seed % 4 == 0;
            bytes memory data = on ? abi.encodeCall(IPresale.pause, ()) : abi.encodeCall(IPresale.unpause, ());
            _expect(_run(address(this), address(p), 0, data), OK, "pause");
            if (p.paused() != on) _violate("pause did not take");
        }
    }

    /// @dev Ethereum's owner gives part of a round's quota to Base. `mode` 0 valid (must succeed), 1 more than is
    /// left or nothing (must fail), 2 anything (any of the three outcomes).
    function releaseQuota(uint256 roundSeed, uint256 tokensSeed, uint8 mode) external checked {
        mode %= 3;
        uint256 cur = eth.currentStep();
        if (cur >= ROUNDS) mode = 2;
        IPresale.RoundInfo[] memory r = eth.rounds();
        uint256 round;
        uint256 tokens;
        bytes4 expected = OK;
        if (mode == 2) {
            round = roundSeed % (ROUNDS + 1);
            tokens = tokensSeed % 2_000_000;
        } else {
            round = cur + (roundSeed % (ROUNDS - cur));
            uint256 available = r[round].ethereumQuota - r[round].used;
            if (mode == 0 && available != 0) tokens = 1 + (tokensSeed % available);
            else tokens = tokensSeed % 2 == 0 ? 0 : available + 1 + (tokensSeed % 1_000);
            if (tokens == 0 || tokens > available) expected = IPresale.InvalidQuotaRelease.selector;
        }
        if (eth.saleClosed()) expected = IPresale.SaleClosed.selector;
        bytes4 got = _run(
            address(this),
            address(eth),
            0,
            abi.encodeCall(IEthereumPresale.releaseQuota, (round, tokens))
        );
        if (mode == 2 && (got == IPresale.InvalidStep.selector || got == IPresale.InvalidQuotaRelease.selector)) return;
        _expect(got, expected, "releaseQuota");
        if (got == OK && eth.rounds()[round].ethereumQuota != r[round].ethereumQuota - tokens) {
            _violate("releaseQuota gave other than asked");
        }
    }

    // ------------------------------------------------------------------ closing and claiming

    /// @dev The owner closes Ethereum at any time (now and then); anyone may once its end has passed.
    function closeSale(uint256 seed) external checked {
        bool byOwner = seed % 4 == 0;
        bytes4 expected =
            eth.saleClosed()
                ? IPresale.SaleClosed.selector
                : !byOwner && block.timestamp < eth.endTime()
                    ? IEthereumPresale.SaleNotEnded.selector
                    : OK;
        uint256 queued = bridge.queued();
        bytes4 got = _run(
            byOwner ? address(this) : STRANGER,
            address(eth),
            0,
            abi.encodeCall(IEthereumPresale.closeSale, ())
        );
        _expect(got, expected, "closeSale");
        if (got == OK && (!eth.saleClosed() || bridge.queued() != queued + 1))
            _violate("closeSale sent no final report");
    }

    /// @dev `mode` 0 a start within the horizon or beyond it, 1 one in the past, 2 zero.
    function startClaim(uint256 seed, uint8 mode) external checked {
        mode %= 3;
        uint256 ts =
            mode == 0
                ? block.timestamp + (seed % 31 days)
                : mode == 1
                    ? block.timestamp - (seed % block.timestamp)
                    : 0;
        uint256 cs = base.claimStart();
        bytes4 expected;
        if (ts == 0) expected = IPresale.InvalidTimes.selector;
        else if (ts > block.timestamp + base.CLAIM_START_HORIZON()) expected = IBasePresale.ClaimStartTooLate.selector;
        else expected = _expectedClaimStart(cs, ts);
        bytes4 got = _run(address(this), address(base), 0, abi.encodeCall(IBasePresale.startClaim, (ts)));
        _expect(got, expected, "startClaim");
        if (got == OK && (base.claimStart() != ts || !base.saleClosed())) _violate("startClaim did not take");
    }

    /// @dev Anyone opens the claim from the deadline on.
    function openClaim() external checked {
        uint256 deadline = base.claimDeadline();
        bytes4 expected =
            block.timestamp < deadline
                ? IBasePresale.ClaimNotDue.selector
                : _expectedClaimStart(base.claimStart(), block.timestamp);
        bytes4 got = _run(STRANGER, address(base), 0, abi.encodeCall(IBasePresale.openClaim, ()));
        _expect(got, expected, "openClaim");
        if (got == OK && base.claimStart() != block.timestamp) _violate("openClaim did not open it now");
    }

    /// @dev The claim start's own rules; funding is never short (the deployment's funding covers the whole ladder).
    function _expectedClaimStart(uint256 cs, uint256 ts) internal view returns (bytes4) {
        if (cs != 0) {
            if (block.timestamp >= cs) return IBasePresale.ClaimAlreadyStarted.selector;
            if (ts >= cs) return IBasePresale.ClaimStartNotEarlier.selector;
            return OK;
        }
        return base.remoteSaleClosed() ? OK : IBasePresale.RemoteSaleOpen.selector;
    }

    function claim(uint256 seed, bool andStake) external checked {
        address a = addrs[seed % N_ADDRESSES];
        uint256 dep = base.userDeposits(a);
        uint256 cs = base.claimStart();
        bytes4 expected =
            cs == 0 || block.timestamp < cs
                ? IBasePresale.ClaimNotStarted.selector
                : dep == 0
                    ? IBasePresale.NothingToClaim.selector
                    : OK;
        uint256 wallet = token.balanceOf(a);
        uint256 staked = staking.poolStakers(a).amount;
        if (andStake) _acting = a;
        bytes memory data =
            andStake ? abi.encodeCall(IBasePresale.claimAndStake, ()) : abi.encodeCall(IBasePresale.claim, ());
        bytes4 got = _run(a, address(base), 0, data);
        _expect(got, expected, andStake ? "claimAndStake" : "claim");
        if (got != OK) return;
        ghostClaimed[a] += dep;
        if (base.userDeposits(a) != 0) _violate("a claim left a deposit");
        uint256 moved = andStake ? staking.poolStakers(a).amount - staked : token.balanceOf(a) - wallet;
        if (moved != dep) _violate("a claim paid other than the deposit");
    }

    /// @dev A staker withdraws: everything but what the presale holds until the claim, once unlocked.
    function stakingWithdraw(uint256 seed) external checked {
        address a = addrs[seed % N_ADDRESSES];
        IStaking.StakerInfo memory s = staking.poolStakers(a);
        bool started = base.claimStart() != 0 && block.timestamp >= base.claimStart();
        uint256 held = started ? 0 : s.heldUntilClaim;
        bytes4 expected =
            s.amount == 0
                ? IStaking.NothingStaked.selector
                : block.timestamp < s.unlockTime
                    ? IStaking.StillLocked.selector
                    : held == s.amount
                        ? IStaking.HeldUntilClaim.selector
                        : OK;
        uint256 wallet = token.balanceOf(a);
        _acting = a;
        bytes4 got = _run(a, address(staking), 0, abi.encodeCall(IStaking.withdraw, ()));
        _expect(got, expected, "withdraw");
        if (got != OK) return;
        if (token.balanceOf(a) - wallet != s.amount - held) _violate("a withdrawal paid other than the unheld stake");
        if (staking.poolStakers(a).amount != held) _violate("a withdrawal took held tokens");
        if (started) ghostHeld[a] = 0;
    }

    // ------------------------------------------------------------------ checks after every call

    function _afterCall() internal {
        IPresale.RoundInfo[] memory e = eth.rounds();
        IPresale.RoundInfo[] memory b = base.rounds();
        for (uint256 i; i < ROUNDS; ++i) {
            if (e[i].ethereumQuota > _ethQuotaSeen[i]) _violate("Ethereum's quota grew");
            if (b[i].ethereumQuota > _bookedSeen[i]) _violate("Base's booked Ethereum quota grew");
            if (b[i].remoteUsed < _remoteUsedSeen[i]) _violate("Base's booked Ethereum use shrank");
            (_ethQuotaSeen[i], _bookedSeen[i], _remoteUsedSeen[i]) = (
                e[i].ethereumQuota,
                b[i].ethereumQuota,
                b[i].remoteUsed
            );
        }
        for (uint256 i; i < N_BUYERS; ++i) _recordLeg(addrs[i]);
        bool started = base.claimStart() != 0 && block.timestamp >= base.claimStart();
        for (uint256 i; i < N_ADDRESSES; ++i) {
            address a = addrs[i];
            IStaking.StakerInfo memory s = staking.poolStakers(a);
            if (!started && (s.heldUntilClaim != ghostHeld[a] || s.amount < s.heldUntilClaim)) {
                _violate("presale stakes left staking before the claim start");
            }
            if (a != _acting && _stakeSeen[i] != 0 && s.unlockTime != _unlockSeen[i]) {
                _violate("someone other than the staker moved its unlock");
            }
            (_stakeSeen[i], _unlockSeen[i]) = (s.amount, s.unlockTime);
        }
        _acting = address(0);
    }

    /// @dev A leg's relayed total only grows, and once anything of it was relayed its recipient never changes.
    function _recordLeg(address buyer) internal {
        IEthereumPresale.BuyerInfo memory info = eth.buyerInfo(buyer);
        if (info.relayed < ghostRelayed[buyer][info.leg]) _violate("a leg's relayed total shrank");
        if (info.relayed == 0) return;
        address known = ghostLegRecipient[buyer][info.leg];
        if (known != address(0) && known != info.recipient) _violate("a relayed leg changed recipient");
        ghostRelayed[buyer][info.leg] = info.relayed;
        ghostLegRecipient[buyer][info.leg] = info.recipient;
    }

    // ------------------------------------------------------------------ helpers

    /// @dev Calls `to` as `from` (a prank unless it is this handler) with `value`; returns OK or the revert selector.
    function _run(address from, address to, uint256 value, bytes memory data) internal returns (bytes4) {
        if (from != address(this)) VM.prank(from);
        (bool ok, bytes memory reason) = to.call{value: value}(data);
        if (ok) return OK;
        return reason.length < 4 ? NO_REASON : bytes4(reason);
    }

    function _expect(bytes4 got, bytes4 expected, string memory what) internal {
        if (got == expected) return;
        (lastGot, lastExpected) = (got, expected);
        _violate(string.concat(what, ": an outcome other than the rules say"));
    }

    function _violate(string memory what) internal {
        ++violations;
        lastViolation = what;
    }

    function _ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    // ------------------------------------------------------------------ views for the invariants and the probe

    function system() external view returns (BridgeQueue, Staking, SaleToken) {
        return (bridge, staking, token);
    }

    function buyers() external view returns (address[] memory list) {
        list = new address[](N_BUYERS);
        for (uint256 i; i < N_BUYERS; ++i) list[i] = addrs[i];
    }
}
