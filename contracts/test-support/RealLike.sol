// SPDX-License-Identifier: MIT
// Test stand-ins of one kind, kept together.
// solhint-disable one-contract-per-file
pragma solidity ^0.8.28;

import {IAggregatorV3} from "../interfaces/IAggregatorV3.sol";
import {ISanctionsList} from "../interfaces/ISanctionsList.sol";

/// @title Test-only stand-ins for real external contracts: what the real ones answer, with nothing anyone can steer
/// (no public mint, no settable answer). Their runtime code is put at a chain's canonical addresses in the deploy
/// preflight tests (immutables travel with the code; storage does not, so they keep none).
contract FixedToken {
    bytes32 private immutable _symbol;
    uint8 private immutable _decimals;

    constructor(string memory symbol_, uint8 decimals_) {
        _symbol = bytes32(bytes(symbol_));
        _decimals = decimals_;
    }

    /// @notice The token's symbol.
    function symbol() external view returns (string memory s) {
        uint256 n;
        while (n < 32 && _symbol[n] != 0) ++n;
        s = new string(n);
        for (uint256 i; i < n; ++i) bytes(s)[i] = _symbol[i];
    }

    /// @notice The token's decimals.
    function decimals() external view returns (uint8) {
        return _decimals;
    }

    /// @notice Nobody holds any.
    function balanceOf(address) external pure returns (uint256) {
        return 0;
    }
}

/// @title Test-only price or sequencer feed with a fixed answer, updated `age` seconds before the current block.
contract FixedFeed is IAggregatorV3 {
    uint8 private immutable _decimals;
    int256 private immutable _answer;
    uint256 private immutable _age;

    constructor(uint8 decimals_, int256 answer_, uint256 age_) {
        _decimals = decimals_;
        _answer = answer_;
        _age = age_;
    }

    /// @inheritdoc IAggregatorV3
    function decimals() external view returns (uint8) {
        return _decimals;
    }

    /// @inheritdoc IAggregatorV3
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        uint256 at = block.timestamp > _age ? block.timestamp - _age : 1;
        return (1, _answer, at, at, 1);
    }
}

/// @title Test-only sanctions oracle that sanctions nobody.
contract FixedSanctionsList is ISanctionsList {
    /// @inheritdoc ISanctionsList
    function isSanctioned(address) external pure returns (bool) {
        return false;
    }
}

/// @title Test-only faucet token: answers like a real token, and anyone can mint it (what gives a stand-in away).
contract FaucetToken is FixedToken {
    mapping(address => uint256) public minted;

    constructor(string memory symbol_, uint8 decimals_) FixedToken(symbol_, decimals_) {}

    /// @notice Mints `amount` to `to`, for anyone.
    function mint(address to, uint256 amount) external {
        minted[to] += amount;
    }
}
