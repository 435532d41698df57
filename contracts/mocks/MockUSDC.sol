// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @title USD Coin stand-in for local chains and testnets.
/// @notice Behaves like Circle's FiatToken v2.2 where the presale meets it: 6 decimals, standard boolean returns,
/// and a blacklist under which any transfer from or to a blacklisted address reverts. Like v2.2, the blacklist flag
/// is kept in the top bit of the balance word, so checking it costs no extra storage read. EIP-2612 permits as in
/// v2.2: domain version "2", the separator computed per call from the current chain id, a deadline of
/// `type(uint256).max` never expires, blacklisted owners and spenders are refused, and a contract owner's signature is
/// checked with ERC-1271. Anyone may mint (faucet).
contract MockUSDC {
    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;
    /// @notice The EIP-712 domain version of FiatToken v2.x.
    string public constant version = "2";

    bytes32 private constant DOMAIN_TYPEHASH = keccak256(
        "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
    );
    bytes32 public constant PERMIT_TYPEHASH = keccak256(
        "Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"
    );

    uint256 private constant BLACKLIST_FLAG = 1 << 255;
    uint256 private constant BALANCE_MASK = BLACKLIST_FLAG - 1;

    address public immutable blacklister;
    uint256 public totalSupply;
    mapping(address => uint256) private _balanceAndFlag;
    mapping(address => mapping(address => uint256)) public allowance;
    /// @notice The next permit nonce of each owner.
    mapping(address => uint256) public nonces;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Blacklisted(address indexed account);
    event UnBlacklisted(address indexed account);

    error AccountBlacklisted(address account);
    error NotBlacklister();
    error InsufficientBalance();
    error InsufficientAllowance();
    error PermitExpired(uint256 deadline);
    error InvalidSignature();

    constructor() {
        blacklister = msg.sender;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balanceAndFlag[account] & BALANCE_MASK;
    }

    function isBlacklisted(address account) external view returns (bool) {
        return _balanceAndFlag[account] & BLACKLIST_FLAG != 0;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        _balanceAndFlag[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function setBlacklisted(address account, bool blacklisted) external {
        if (msg.sender != blacklister) revert NotBlacklister();
        if (blacklisted) {
            _balanceAndFlag[account] |= BLACKLIST_FLAG;
            emit Blacklisted(account);
        } else {
            _balanceAndFlag[account] &= BALANCE_MASK;
            emit UnBlacklisted(account);
        }
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice The EIP-712 domain separator for this chain: {name, "2", chain id, this contract}.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return
            keccak256(
                abi.encode(
                    DOMAIN_TYPEHASH,
                    keccak256(bytes(name)),
                    keccak256(bytes(version)),
                    block.chainid,
                    address(this)
                )
            );
    }

    /// @notice Sets `spender`'s allowance over `owner`'s tokens to `value` with `owner`'s EIP-712 signature; the
    /// signature is good once (it carries the owner's nonce) and until `deadline`.
    function permit(
        address owner,
        address spender,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        if (_balanceAndFlag[owner] & BLACKLIST_FLAG != 0) revert AccountBlacklisted(owner);
        if (_balanceAndFlag[spender] & BLACKLIST_FLAG != 0) revert AccountBlacklisted(spender);
        if (deadline != type(uint256).max && deadline < block.timestamp) revert PermitExpired(deadline);
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline));
        bytes32 digest = MessageHashUtils.toTypedDataHash(DOMAIN_SEPARATOR(), structHash);
        if (!SignatureChecker.isValidSignatureNow(owner, digest, abi.encodePacked(r, s, v))) revert InvalidSignature();
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance();
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        uint256 fromWord = _balanceAndFlag[from];
        if (fromWord & BLACKLIST_FLAG != 0) revert AccountBlacklisted(from);
        uint256 toWord = _balanceAndFlag[to];
        if (toWord & BLACKLIST_FLAG != 0) revert AccountBlacklisted(to);
        if (fromWord < value) revert InsufficientBalance();
        _balanceAndFlag[from] = fromWord - value;
        _balanceAndFlag[to] = _balanceAndFlag[to] + value;
        emit Transfer(from, to, value);
    }
}
