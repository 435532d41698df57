// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IEthereumPresale} from "../interfaces/IEthereumPresale.sol";

/// @title Test-only buyer that buys one token for `recipient` while it is being created (and keeps no code).
contract OneTokenBuyer {
    /// @param presale The Ethereum presale.
    /// @param recipient Who owns the token on Base.
    constructor(IEthereumPresale presale, address recipient) payable {
        presale.buyWithEth{value: msg.value}(1, recipient);
    }
}
