// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Presale} from "../../contracts/Presale.sol";
import {Staking} from "../../contracts/Staking.sol";
import {SaleToken} from "../../contracts/SaleToken.sol";
import {MockUSDC} from "../../contracts/mocks/MockUSDC.sol";
import {MockV3Aggregator} from "../../contracts/mocks/MockV3Aggregator.sol";
import {BridgeQueue} from "./BridgeQueue.sol";

/// @notice Shared deployment for the Solidity tests: a claim-chain presale (sale token, USDC, ETH/USD feed, no
/// sequencer feed) on the ten-round ladder of docs/, plus staking, and a bridge stand-in as its messenger whose
/// reports from `ETH_PRESALE` (a stand-in address for the Ethereum presale) it accepts. The deployer (the inheriting
/// contract) is owner, admin and card provider.
abstract contract PresaleSystem {
    uint256 internal constant TOKEN = 1e18;
    int256 internal constant ETH_USD_8 = 3_000e8;
    uint256 internal constant HEARTBEAT = 3650 days; // the invariant runs warp a lot; staleness has its own tests
    uint256 internal constant ROUND_LENGTH = 1 days;
    uint256 internal constant MAX_TOKENS = 10_000_000; // per purchase

    Presale internal presale;
    Staking internal staking;
    SaleToken internal token;
    MockUSDC internal usdc;
    MockV3Aggregator internal feed;
    address internal paymentWallet = address(0xBEEF);
    address internal constant ETH_PRESALE = address(0xE7E7);
    BridgeQueue internal bridge;

    function _caps() internal pure returns (uint256[] memory c) {
        c = new uint256[](10);
        c[0] = 4_500_000;
        c[1] = 10_000_000;
        c[2] = 16_500_000;
        c[3] = 23_500_000;
        c[4] = 32_500_000;
        c[5] = 43_000_000;
        c[6] = 54_000_000;
        c[7] = 64_000_000;
        c[8] = 73_000_000;
        c[9] = 80_000_000;
    }

    function _prices() internal pure returns (uint256[] memory p) {
        p = new uint256[](10);
        p[0] = 0.006e18;
        p[1] = 0.0065e18;
        p[2] = 0.007e18;
        p[3] = 0.0075e18;
        p[4] = 0.0085e18;
        p[5] = 0.0095e18;
        p[6] = 0.0105e18;
        p[7] = 0.0115e18;
        p[8] = 0.0125e18;
        p[9] = 0.014e18;
    }

    function _deploySystem(uint256 roundLength) internal {
        usdc = new MockUSDC();
        feed = new MockV3Aggregator(8, ETH_USD_8, "ETH / USD");
        token = new SaleToken("Shaft", "SHAFT", 1e12 * TOKEN, address(this));
        bridge = new BridgeQueue();
        presale = _newPresale(address(token), roundLength, address(bridge));
        presale.setRemotePresale(ETH_PRESALE);
        presale.grantRole(presale.CARD_PROVIDER_ROLE(), address(this));
        staking = new Staking(address(this), address(token), 1500, 30 days, block.timestamp + 3650 days, 0);
        staking.setPresale(address(presale));
        presale.setStaking(address(staking));
    }

    /// @dev A presale on the ten-round ladder starting now, rounds `roundLength` apart, paid in USDC or ETH (the
    /// system's mocks); `saleToken_` zero for Ethereum.
    function _newPresale(address saleToken_, uint256 roundLength, address messenger_) internal returns (Presale) {
        uint256[] memory ends = new uint256[](10);
        for (uint256 i; i < 10; ++i) ends[i] = block.timestamp + roundLength * (i + 1);
        Presale.InitParams memory p;
        p.owner = address(this);
        p.adminDelay = 0;
        p.saleToken = saleToken_;
        p.usdc = address(usdc);
        p.priceFeed = address(feed);
        p.priceFeedHeartbeat = HEARTBEAT;
        p.paymentWallet = paymentWallet;
        p.startTime = block.timestamp;
        p.endTime = ends[9];
        p.maxTokensToBuy = MAX_TOKENS;
        p.caps = _caps();
        p.prices = _prices();
        p.endTimes = ends;
        p.messenger = messenger_;
        p.maxMirrorStep = 80_000_000;
        return new Presale(p);
    }

    /// @dev Delivers a report from the Ethereum presale stand-in; returns whether the presale accepted it.
    function _report(
        address[] memory users,
        uint256[] memory cumulativeDeposits,
        uint256[] memory roundSold,
        uint256 tokensSold,
        uint256 usd,
        bool closed
    ) internal returns (bool) {
        bytes memory data = abi.encodeCall(
            presale.receiveEthereumReport,
            (users, cumulativeDeposits, roundSold, tokensSold, usd, closed)
        );
        return bridge.deliverAs(ETH_PRESALE, address(presale), data);
    }
}
