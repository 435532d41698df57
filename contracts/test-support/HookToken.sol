// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Receiver side of {HookToken}.
interface ITokenReceiverHook {
    function onTokenReceived(address from, uint256 amount) external;
}

/// @title Test-only ERC20 that calls the recipient back after every transfer to an opted-in contract (ERC777-like),
/// used as a hostile sale/stake token to prove claim, withdraw and harvest are not re-enterable.
contract HookToken is ERC20 {
    mapping(address => bool) public hooked;

    constructor(uint256 supply) ERC20("Hook", "HOOK") {
        _mint(msg.sender, supply);
    }

    function setHooked(address account, bool on) external {
        hooked[account] = on;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (hooked[to]) ITokenReceiverHook(to).onTokenReceived(from, value);
    }
}
