// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title The sale token: fixed supply, 18 decimals, minted once to `holder` on the claim chain.
contract SaleToken is ERC20, ERC20Permit {
    /// @notice Mints the whole `supply` (wei) to `holder`; nothing can be minted later.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address holder
    ) ERC20(name_, symbol_) ERC20Permit(name_) {
        _mint(holder, supply);
    }
}
