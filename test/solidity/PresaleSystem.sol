// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BasePresale} from "../../contracts/BasePresale.sol";
import {EthereumPresale} from "../../contracts/EthereumPresale.sol";
import {Presale} from "../../contracts/Presale.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {Staking} from "../../contracts/Staking.sol";
import {MockUSDC} from "../../contracts/mocks/MockUSDC.sol";
import {MockUSDT} from "../../contracts/mocks/MockUSDT.sol";
import {MockV3Aggregator} from "../../contracts/mocks/MockV3Aggregator.sol";
import {BridgeQueue} from "./BridgeQueue.sol";

/// @notice Shared deployment for the Solidity tests: the ten-round ladder of docs/PRODUCT.md §9 split between the
/// chains by a per-round Ethereum share, the Ethereum presale (USDT, USDC, ETH/USD feed, no sequencer feed), the Base
/// presale (sale token, USDC, staking, funded with the ladder's total as a deployment is) and a bridge stand-in as
/// both presales' messenger. The deployer (the inheriting contract) is owner, ADMIN_ROLE and card provider.
abstract contract PresaleSystem {
    uint256 internal constant TOKEN = 1e18;
    int256 internal constant ETH_USD_8 = 3_000e8;
    uint256 internal constant HEARTBEAT = 3650 days; // the invariant runs warp a lot; staleness has its own tests
    uint256 internal constant ROUND_LENGTH = 1 days;
    uint256 internal constant MAX_TOKENS = 10_000_000; // per purchase
    uint256 internal constant ROUNDS = 10;
    uint256 internal constant LADDER_TOTAL = 80_000_000;
    uint256 internal constant STAKING_LOCK = 30 days;
    address internal constant PAYMENT_WALLET = address(0xBEEF);
    /// @dev Stands in for the Ethereum presale where Base is tested alone: the only sender Base accepts reports from.
    address internal constant ETH_PRESALE_STANDIN = address(0xE7E7);

    SaleToken internal token;
    MockUSDC internal usdc;
    MockUSDT internal usdt;
    MockV3Aggregator internal feed;
    BridgeQueue internal bridge;
    Staking internal staking;

    function _caps() internal pure returns (uint256[] memory c) {
        c = new uint256[](ROUNDS);
        (c[0], c[1], c[2], c[3], c[4]) = (4_500_000, 10_000_000, 16_500_000, 23_500_000, 32_500_000);
        (c[5], c[6], c[7], c[8], c[9]) = (43_000_000, 54_000_000, 64_000_000, 73_000_000, 80_000_000);
    }

    function _prices() internal pure returns (uint256[] memory p) {
        p = new uint256[](ROUNDS);
        (p[0], p[1], p[2], p[3], p[4]) = (0.006e18, 0.0065e18, 0.007e18, 0.0075e18, 0.0085e18);
        (p[5], p[6], p[7], p[8], p[9]) = (0.0095e18, 0.0105e18, 0.0115e18, 0.0125e18, 0.014e18);
    }

    /// @dev Each round's size in whole tokens.
    function _sizes() internal pure returns (uint256[] memory s) {
        uint256[] memory c = _caps();
        s = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) s[i] = c[i] - (i == 0 ? 0 : c[i - 1]);
    }

    /// @dev Ethereum's quota of each round for a share in basis points of the round's size (rounded down), as the
    /// deploy tool computes it.
    function _quotas(uint256[] memory shareBps) internal pure returns (uint256[] memory q) {
        uint256[] memory s = _sizes();
        q = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) q[i] = (s[i] * shareBps[i]) / 10_000;
    }

    /// @dev The same share of every round.
    function _uniformShare(uint256 bps) internal pure returns (uint256[] memory shareBps) {
        shareBps = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) shareBps[i] = bps;
    }

    /// @dev The tokens, the feed and the bridge; the sale token's whole supply goes to the deployer.
    function _deployMocks() internal {
        usdc = new MockUSDC();
        usdt = new MockUSDT();
        feed = new MockV3Aggregator(8, ETH_USD_8, "ETH / USD");
        token = new SaleToken("Shaft", "SHAFT", 1e12 * TOKEN, address(this));
        bridge = new BridgeQueue();
    }

    /// @dev The settings both chains share: the ladder starting now with rounds `roundLength` apart, the sale ending
    /// with the last round.
    function _params(
        uint256[] memory ethereumQuotas,
        uint256 roundLength
    ) internal view returns (Presale.InitParams memory p) {
        uint256[] memory ends = new uint256[](ROUNDS);
        for (uint256 i; i < ROUNDS; ++i) ends[i] = block.timestamp + roundLength * (i + 1);
        p.owner = address(this);
        p.usdc = address(usdc);
        p.priceFeed = address(feed);
        p.priceFeedHeartbeat = HEARTBEAT;
        p.paymentWallet = PAYMENT_WALLET;
        p.startTime = block.timestamp;
        p.endTime = ends[ROUNDS - 1];
        p.maxTokensToBuy = MAX_TOKENS;
        p.caps = _caps();
        p.prices = _prices();
        p.endTimes = ends;
        p.ethereumQuotas = ethereumQuotas;
        p.messenger = address(bridge);
    }

    function _newEthereum(uint256[] memory ethereumQuotas, uint256 roundLength) internal returns (EthereumPresale) {
        Presale.InitParams memory p = _params(ethereumQuotas, roundLength);
        p.usdt = address(usdt);
        return new EthereumPresale(p);
    }

    /// @dev The Base presale with its staking (15 % APY, 30-day lock, unfunded rewards) and the ladder's total in sale
    /// tokens, as a deployment funds it.
    function _newBase(uint256[] memory ethereumQuotas, uint256 roundLength) internal returns (BasePresale base) {
        base = new BasePresale(_params(ethereumQuotas, roundLength), address(token));
        base.grantRole(base.CARD_PROVIDER_ROLE(), address(this));
        staking = new Staking(address(this), address(token), 1500, STAKING_LOCK, block.timestamp + 3650 days, 0);
        staking.setPresale(address(base));
        base.setStaking(address(staking));
        token.transfer(address(base), LADDER_TOTAL * TOKEN);
    }
}
