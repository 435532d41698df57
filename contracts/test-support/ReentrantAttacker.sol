// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IBasePresale} from "../interfaces/IBasePresale.sol";
import {IPresale} from "../interfaces/IPresale.sol";
import {IStaking} from "../interfaces/IStaking.sol";
import {ITokenReceiverHook} from "./HookToken.sol";

/// @title Test-only attacker that re-enters the presale or staking from a token callback or an ETH refund, once,
/// and records whether the re-entry succeeded and how it failed.
contract ReentrantAttacker is ITokenReceiverHook {
    enum Mode {
        None,
        Claim,
        ClaimAndStake,
        Withdraw,
        Harvest,
        BuyOnRefund,
        WithdrawOwed
    }

    IBasePresale public immutable presale;
    IStaking public immutable staking;
    Mode public mode;
    uint256 public reentries;
    bool public reentrySucceeded;
    bytes public reentryError;

    constructor(IBasePresale presale_, IStaking staking_) {
        presale = presale_;
        staking = staking_;
    }

    function setMode(Mode m) external {
        mode = m;
    }

    function buyWithEth(uint256 amount) external payable {
        presale.buyWithEth{value: msg.value}(amount, false);
    }

    function claim() external {
        presale.claim();
    }

    function claimAndStake() external {
        presale.claimAndStake();
    }

    function stake(IERC20 token, uint256 amount) external {
        token.approve(address(staking), amount);
        staking.deposit(amount);
    }

    function withdraw() external {
        staking.withdraw();
    }

    function harvest() external {
        staking.harvestRewards();
    }

    function withdrawOwed(address token) external {
        presale.withdrawOwed(token);
    }

    function onTokenReceived(address, uint256) external override {
        _reenter();
    }

    receive() external payable {
        _reenter();
    }

    function _reenter() private {
        if (mode == Mode.None || reentries > 0) return;
        ++reentries;
        bool ok;
        bytes memory err;
        if (mode == Mode.Claim) (ok, err) = address(presale).call(abi.encodeCall(IBasePresale.claim, ()));
        else if (mode == Mode.ClaimAndStake)
            (ok, err) = address(presale).call(abi.encodeCall(IBasePresale.claimAndStake, ()));
        else if (mode == Mode.Withdraw) (ok, err) = address(staking).call(abi.encodeCall(IStaking.withdraw, ()));
        else if (mode == Mode.Harvest) (ok, err) = address(staking).call(abi.encodeCall(IStaking.harvestRewards, ()));
        else if (mode == Mode.BuyOnRefund) {
            (ok, err) = address(presale).call{value: address(this).balance}(
                abi.encodeCall(IBasePresale.buyWithEth, (1, false))
            );
        } else if (mode == Mode.WithdrawOwed) {
            (ok, err) = address(presale).call(abi.encodeCall(IPresale.withdrawOwed, (address(0))));
        }
        reentrySucceeded = ok;
        reentryError = err;
    }
}
