// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title USD Coin stand-in for local chains and testnets: 6 decimals, a public faucet `mint`, and Circle's
/// blacklist, under which any transfer from or to a blacklisted address reverts.
contract MockUSDC is ERC20 {
    address public immutable blacklister;
    mapping(address => bool) public isBlacklisted;

    error Blacklisted(address account);
    error NotBlacklister();

    constructor() ERC20("USD Coin", "USDC") {
        blacklister = msg.sender;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setBlacklisted(address account, bool blacklisted) external {
        if (msg.sender != blacklister) revert NotBlacklister();
        isBlacklisted[account] = blacklisted;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (isBlacklisted[from]) revert Blacklisted(from);
        if (isBlacklisted[to]) revert Blacklisted(to);
        super._update(from, to, value);
    }
}
