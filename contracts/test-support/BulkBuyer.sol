// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IEthereumPresale} from "../interfaces/IEthereumPresale.sol";
import {OneTokenBuyer} from "./OneTokenBuyer.sol";

/// @title Test-only source of many distinct Ethereum buyers in one transaction: each is a contract created to buy one
/// token for its own recipient (the largest report a relay can carry has one fresh buyer and recipient per entry).
contract BulkBuyer {
    /// @notice Creates `count` buyers; buyer i buys one token for `address(firstRecipient + i)`.
    /// @param presale The Ethereum presale.
    /// @param count How many buyers.
    /// @param firstRecipient The first recipient, as a number.
    function buyMany(IEthereumPresale presale, uint256 count, uint160 firstRecipient) external payable {
        uint256 cost = presale.ethBuyHelper(1);
        for (uint160 i; i < count; ++i) {
            new OneTokenBuyer{value: cost}(presale, address(firstRecipient + i));
        }
    }
}
