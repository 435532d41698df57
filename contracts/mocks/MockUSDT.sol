// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Tether USD stand-in for local chains and testnets.
/// @notice Reproduces mainnet USDT's quirks: `transfer`, `transferFrom` and `approve` return nothing; `approve`
/// reverts when changing a non-zero allowance to another non-zero value; an owner-set transfer fee
/// (`basisPointsRate`, capped by `maximumFee`) is taken from the amount received. Anyone may mint (faucet).
contract MockUSDT {
    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    address public immutable owner;
    uint256 public totalSupply;
    uint256 public basisPointsRate;
    uint256 public maximumFee;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotOwner();
    error InsufficientBalance();
    error InsufficientAllowance();
    error NonZeroToNonZeroApprove();

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Sets the transfer fee like USDT's `setParams` (rate in basis points, maximum in token units).
    function setParams(uint256 newBasisPoints, uint256 newMaxFee) external {
        if (msg.sender != owner) revert NotOwner();
        basisPointsRate = newBasisPoints;
        maximumFee = newMaxFee;
    }

    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance();
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        if (value != 0 && allowance[msg.sender][spender] != 0) revert NonZeroToNonZeroApprove();
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function _move(address from, address to, uint256 value) private {
        if (balanceOf[from] < value) revert InsufficientBalance();
        uint256 fee = (value * basisPointsRate) / 10_000;
        if (fee > maximumFee) fee = maximumFee;
        balanceOf[from] -= value;
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
        if (fee > 0) {
            balanceOf[owner] += fee;
            emit Transfer(from, owner, fee);
        }
    }
}
