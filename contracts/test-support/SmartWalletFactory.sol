// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SmartWallet} from "./SmartWallet.sol";

/// @title Test-only CREATE factory of {SmartWallet}s: wallet n comes from the factory's nonce n, so the same factory
/// at the same address on another chain puts the n-th wallet created there at the same address, whoever asks.
contract SmartWalletFactory {
    event WalletCreated(address indexed wallet, address indexed owner);

    /// @notice Deploys a wallet for `owner` with CREATE.
    /// @param owner Who may make calls through the wallet.
    /// @return wallet The new wallet.
    function create(address owner) external returns (SmartWallet wallet) {
        wallet = new SmartWallet(owner);
        emit WalletCreated(address(wallet), owner);
    }
}
