// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPresale} from "../interfaces/IPresale.sol";
import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title The link between the two chains' presales through the OP Stack's canonical messenger.
/// @notice Ethereum sends messages (`_sendToRemote`); Base accepts a call only from its messenger while the messenger
/// says the message comes from the Ethereum presale (`_checkRemoteSender`). Both ends are fixed: the messenger at
/// deployment, the other presale once by the owner.
abstract contract CrossChainSync is IPresale {
    ICrossDomainMessenger private immutable _messenger;
    address private _remotePresale;

    /// @param messenger_ The L1CrossDomainMessenger on Ethereum, the L2CrossDomainMessenger predeploy on Base.
    constructor(address messenger_) {
        if (messenger_ == address(0)) revert ZeroAddress();
        _messenger = ICrossDomainMessenger(messenger_);
    }

    /// @inheritdoc IPresale
    function messenger() external view override returns (address) {
        return address(_messenger);
    }

    /// @inheritdoc IPresale
    function remotePresale() external view override returns (address) {
        return _remotePresale;
    }

    function _setRemotePresale(address remote) internal {
        if (remote == address(0)) revert ZeroAddress();
        if (_remotePresale != address(0)) revert RemotePresaleAlreadySet();
        _remotePresale = remote;
        emit RemotePresaleSet(remote);
    }

    /// @dev Sends `message` (a call) to the other presale with `gasLimit` as its minimum gas on the other chain.
    function _sendToRemote(bytes memory message, uint32 gasLimit) internal {
        address remote = _remotePresale;
        if (remote == address(0)) revert RemotePresaleNotSet();
        _messenger.sendMessage(remote, message, gasLimit);
    }

    /// @dev Reverts unless the call is the messenger relaying a message the other presale sent.
    function _checkRemoteSender() internal view {
        address remote = _remotePresale;
        if (msg.sender != address(_messenger) || remote == address(0) || _messenger.xDomainMessageSender() != remote) {
            revert NotRemotePresale(msg.sender);
        }
    }
}
