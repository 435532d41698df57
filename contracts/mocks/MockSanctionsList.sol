// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ISanctionsList} from "../interfaces/ISanctionsList.sol";

/// @title Chainalysis sanctions oracle stand-in: the owner lists and delists addresses.
contract MockSanctionsList is ISanctionsList, Ownable {
    mapping(address => bool) private _sanctioned;

    event SanctionedAddressesAdded(address[] addrs);
    event SanctionedAddressesRemoved(address[] addrs);

    constructor() Ownable(msg.sender) {}

    function addToSanctionsList(address[] calldata addrs) external onlyOwner {
        for (uint256 i; i < addrs.length; ++i) _sanctioned[addrs[i]] = true;
        emit SanctionedAddressesAdded(addrs);
    }

    function removeFromSanctionsList(address[] calldata addrs) external onlyOwner {
        for (uint256 i; i < addrs.length; ++i) _sanctioned[addrs[i]] = false;
        emit SanctionedAddressesRemoved(addrs);
    }

    function isSanctioned(address addr) external view override returns (bool) {
        return _sanctioned[addr];
    }
}
