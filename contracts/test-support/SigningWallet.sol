// SPDX-License-Identifier: MIT
// The account and its factory belong together.
// solhint-disable one-contract-per-file
pragma solidity ^0.8.28;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";

/// @title Test-only smart account: one owner key signs for it (ERC-1271) and sends its calls; it takes ETH (refunds).
contract SigningWallet is IERC1271 {
    address public immutable owner;

    error NotOwner();

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Accepts ETH (a purchase's refund, funding).
    receive() external payable {}

    /// @notice Calls `target` with `value` and `data` (owner only), bubbling a revert up.
    /// @param target The contract to call.
    /// @param value ETH to send along.
    /// @param data The call.
    /// @return ret What the call returned.
    function execute(address target, uint256 value, bytes calldata data) external returns (bytes memory ret) {
        if (msg.sender != owner) revert NotOwner();
        bool ok;
        (ok, ret) = target.call{value: value}(data);
        if (!ok) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecover(hash, signature);
        return err == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0);
    }
}

/// @title Test-only factory of SigningWallet at a counterfactual address (CREATE2): an undeployed account signs with
/// ERC-6492, naming this factory and the call that would deploy it.
contract SigningWalletFactory {
    /// @notice Deploys the owner's wallet for `salt` (or returns it if it exists).
    /// @param owner_ The wallet's owner key.
    /// @param salt Any value; one wallet per owner and salt.
    /// @return wallet The wallet's address.
    function deploy(address owner_, bytes32 salt) external returns (address wallet) {
        wallet = addressOf(owner_, salt);
        if (wallet.code.length == 0) new SigningWallet{salt: salt}(owner_);
    }

    /// @notice The address `deploy(owner_, salt)` gives.
    /// @param owner_ The wallet's owner key.
    /// @param salt Any value.
    /// @return The wallet's address.
    function addressOf(address owner_, bytes32 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(SigningWallet).creationCode, abi.encode(owner_)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
