// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPresale} from "../interfaces/IPresale.sol";
import {ICrossDomainMessenger} from "../interfaces/ICrossDomainMessenger.sol";

/// @title The link between the two chains' presales through the OP Stack's canonical messenger.
/// @notice Ethereum sends reports (`_sendReport`); Base accepts a call only from its messenger while the messenger
/// says the message comes from the Ethereum presale (`_checkReportSender`). Both ends are fixed: the messenger at
/// deployment, the other presale once by the owner.
abstract contract CrossChainSync is IPresale {
    /// @dev Gas a report needs on Base: the messenger's call and the totals, each buyer (a first credit writes a new
    /// slot), each round booked. Measured with margin by the suite (test/mocha/presale.crosschain.test.ts).
    uint256 private constant REPORT_GAS_BASE = 150_000;
    uint256 private constant REPORT_GAS_PER_USER = 35_000;
    uint256 private constant REPORT_GAS_PER_ROUND = 12_000;

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

    /// @inheritdoc IPresale
    function relayGasLimit(uint256 users) public view override returns (uint32) {
        return uint32(REPORT_GAS_BASE + users * REPORT_GAS_PER_USER + _roundCount() * REPORT_GAS_PER_ROUND);
    }

    /// @dev Number of rounds of the ladder (sizes the report).
    function _roundCount() internal view virtual returns (uint256);

    function _setRemotePresale(address remote) internal {
        if (remote == address(0)) revert ZeroAddress();
        if (_remotePresale != address(0)) revert RemotePresaleAlreadySet();
        _remotePresale = remote;
        emit RemotePresaleSet(remote);
    }

    /// @dev Sends a report to the Base presale's `receiveEthereumReport`.
    function _sendReport(
        address[] memory users,
        uint256[] memory cumulativeDeposits,
        uint256[] memory roundSold,
        uint256 tokensSold,
        uint256 usd,
        bool closed
    ) internal {
        address remote = _remotePresale;
        if (remote == address(0)) revert RemotePresaleNotSet();
        bytes memory message = abi.encodeCall(
            IPresale.receiveEthereumReport,
            (users, cumulativeDeposits, roundSold, tokensSold, usd, closed)
        );
        _messenger.sendMessage(remote, message, relayGasLimit(users.length));
    }

    /// @dev Reverts unless the call is the messenger relaying a message the other presale sent.
    function _checkReportSender() internal view {
        address remote = _remotePresale;
        if (msg.sender != address(_messenger) || remote == address(0) || _messenger.xDomainMessageSender() != remote) {
            revert NotRemotePresale(msg.sender);
        }
    }
}
