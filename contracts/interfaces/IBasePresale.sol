// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPresale} from "./IPresale.sol";

/// @title The Base side: sells Base's share of each round, receives Ethereum's reports, and is where everyone claims
/// and stakes.
/// @notice Ethereum buyers' tokens arrive in reports from the Ethereum presale, delivered by the L2 messenger, keyed
/// by (Ethereum buyer, leg) and credited to the leg's recipient: each leg's cumulative total is credited at most once,
/// whenever it arrives, before or after the claim starts. The claim opens once Ethereum's close has arrived and the
/// presale holds everything sold and not staked: when the owner says so (`startClaim`), and at the latest
/// `CLAIM_DEADLINE` after the sale's end, when anyone may open it (`openClaim`).
interface IBasePresale is IPresale {
    /// @dev One leg of an Ethereum buyer's purchases in a report: the whole tokens relayed in it so far, for
    /// `recipient`.
    struct RelayedDeposit {
        address buyer;
        uint256 leg;
        address recipient;
        uint256 tokens;
    }

    error NotCardProvider(address caller);
    error StakingUnavailable();
    error NotWhitelisted(address account);
    error ClaimNotStarted();
    error ClaimAlreadyStarted();
    error ClaimNotDue(uint256 deadline);
    error ClaimStartTooLate(uint256 claimStart, uint256 latest);
    error ClaimStartNotEarlier(uint256 claimStart, uint256 current);
    error NothingToClaim(address account);
    error PresaleUnderfunded(uint256 required, uint256 balance);
    error RemoteSaleOpen();

    /// @dev `user` claimed `amount` sale-token wei (to its wallet, or into staking: then staking's `Deposited` follows).
    event TokensClaimed(address indexed user, uint256 amount);
    /// @dev Base credited `credited` whole tokens of `buyer`'s leg `leg` (cumulative `tokens`) to `recipient`.
    event RemoteDepositImported(
        address indexed recipient,
        address indexed buyer,
        uint256 leg,
        uint256 tokens,
        uint256 credited
    );
    /// @dev A report from the Ethereum presale delivered by the messenger (Ethereum's totals as reported).
    event EthereumReportReceived(uint256 deposits, uint256 tokensSold, uint256 usdRaised, bool closed);
    event ClaimStartSet(uint256 claimStart, address indexed by);
    event WhitelistUpdated(address indexed account, bool whitelisted);
    event ClaimWhitelistOnlyUpdated(bool enabled);
    event CardProviderRestrictionUpdated(bool restricted);
    event StakingUpdated(address indexed staking);

    /// @notice Buys `amount` whole tokens with ETH. Send at least `ethBuyHelper(amount)`; the excess is refunded in
    /// the same transaction. With `stake`, the tokens go straight into staking, held there until the claim starts.
    /// @param amount Whole tokens to buy.
    /// @param stake Whether to stake them.
    function buyWithEth(uint256 amount, bool stake) external payable;

    /// @notice Buys `amount` whole tokens with USDC, reverting if the cost exceeds `maxCost` (6 decimals).
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDC (6 decimals) the purchase may cost.
    /// @param stake Whether to stake them.
    function buyWithUSDC(uint256 amount, uint256 maxCost, bool stake) external;

    /// @notice `buyWithUSDC` with an EIP-2612 permit in the same transaction. The permit is tried first and its
    /// failure ignored; the purchase then pulls the cost with the allowance.
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDC the purchase may cost, and the permit's value.
    /// @param stake Whether to stake them.
    /// @param deadline The permit's deadline (unix seconds).
    /// @param v The permit signature's recovery byte.
    /// @param r The permit signature's r.
    /// @param s The permit signature's s.
    function buyWithUSDCPermit(
        uint256 amount,
        uint256 maxCost,
        bool stake,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

    /// @notice Card on-ramp purchase: an allowed provider pays ETH and `user` is credited (or staked for). Excess is
    /// refunded to the provider.
    /// @param user Who owns the tokens.
    /// @param amount Whole tokens to buy.
    /// @param stake Whether to stake them.
    function buyWithETHWert(address user, uint256 amount, bool stake) external payable;

    /// @notice Transfers the caller's whole deposit after the claim start.
    function claim() external;

    /// @notice Moves the caller's whole deposit into staking after the claim start (the caller's own stake: its lock
    /// restarts).
    function claimAndStake() external;

    /// @notice Only from the messenger while its `xDomainMessageSender()` is the Ethereum presale: credits each
    /// relayed leg's new tokens to its recipient, books Ethereum's quotas (Base's share grows by what Ethereum
    /// released), its use of each round and its totals. Nothing already booked changes, and `closed` is sticky, so a
    /// replayed, duplicated or reordered report is harmless.
    /// @param deposits Relayed legs.
    /// @param quotas Ethereum's quota of each round.
    /// @param used Ethereum's use of each round.
    /// @param tokensSold Whole tokens sold on Ethereum.
    /// @param usdRaised USD raised on Ethereum (6 decimals).
    /// @param closed Whether Ethereum's sale is closed for good.
    function receiveEthereumReport(
        RelayedDeposit[] calldata deposits,
        uint256[] calldata quotas,
        uint256[] calldata used,
        uint256 tokensSold,
        uint256 usdRaised,
        bool closed
    ) external;

    /// @notice Owner: stops sales and opens claiming at `claimStart`, at most `CLAIM_START_HORIZON` from now; called
    /// again before it passes, moves it earlier (never later). Refuses unless Ethereum's close has arrived and the
    /// presale holds enough sale tokens for everything sold on both chains and not staked.
    /// @param claimStart When claiming opens (unix seconds).
    function startClaim(uint256 claimStart) external;

    /// @notice Anyone, from `CLAIM_DEADLINE` after the sale's end: opens claiming now (or brings a later start set by
    /// the owner forward to now), under the same conditions as `startClaim`.
    function openClaim() external;

    /// @notice Owner: adds or removes accounts from the claim whitelist.
    function setWhitelist(address[] calldata accounts, bool whitelisted) external;
    /// @notice Owner: whether only whitelisted accounts may claim.
    function setClaimWhitelistOnly(bool enabled) external;
    /// @notice Owner: whether card purchases are limited to CARD_PROVIDER_ROLE (on by default).
    function setCardProviderRestricted(bool restricted) external;
    /// @notice Owner: the staking contract buy-and-stake and claim-and-stake deposit into.
    function setStaking(address staking) external;

    /// @notice Sale-token wei the user can claim.
    function userDeposits(address user) external view returns (uint256);
    /// @notice Whole tokens of `buyer`'s leg `leg` credited here so far.
    function remoteDepositsImported(address buyer, uint256 leg) external view returns (uint256);
    /// @notice Whole tokens credited from Ethereum in all.
    function totalRemoteDepositsImported() external view returns (uint256);
    /// @notice Whole tokens sold on Ethereum, as last reported.
    function remoteTokensSold() external view returns (uint256);
    /// @notice USD raised on Ethereum (6 decimals), as last reported.
    function remoteUsdRaised() external view returns (uint256);
    /// @notice Whether Ethereum's close has arrived.
    function remoteSaleClosed() external view returns (bool);
    /// @notice Sale-token wei moved into staking by buy-and-stake purchases.
    function stakedDuringSale() external view returns (uint256);
    /// @notice When claiming opens (unix seconds; zero while not set).
    function claimStart() external view returns (uint256);
    /// @notice When anyone may open the claim: `CLAIM_DEADLINE` after the sale's end.
    function claimDeadline() external view returns (uint256);
    /// @notice Whether `user` is on the claim whitelist.
    function isWhitelisted(address user) external view returns (bool);
    /// @notice The token claimed and staked here.
    function saleToken() external view returns (address);
    /// @notice The staking contract (zero until set).
    function staking() external view returns (address);
    /// @notice The switches of the claim chain.
    /// @return sanctionsEnabled Whether buyers (and payers) are screened against the sanctions oracle.
    /// @return claimWhitelistOnly Whether only whitelisted users may claim.
    /// @return cardProvidersRestricted Whether card purchases are limited to CARD_PROVIDER_ROLE.
    function flags()
        external
        view
        returns (bool sanctionsEnabled, bool claimWhitelistOnly, bool cardProvidersRestricted);
}
