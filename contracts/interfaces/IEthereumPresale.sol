// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPresale} from "./IPresale.sol";

/// @title The Ethereum side: sells Ethereum's quota of each round; the tokens are delivered on Base to the address
/// each buyer names.
/// @notice A buyer's purchases are kept per buyer until they are relayed: the buyer can point them to another Base
/// address until then (`setRecipient`, or a purchase naming another address). `relay` (anyone) sends buyers'
/// relayed totals, Ethereum's quota and use of every round and its totals to the Base presale through the canonical
/// messenger. Each stretch of purchases with one recipient is a "leg": a relayed leg belongs to its recipient for
/// good, and Base credits each leg's cumulative total at most once, so a late, repeated or reordered report credits
/// nothing twice and never credits a recipient with tokens relayed to another.
interface IEthereumPresale is IPresale {
    /// @dev One buyer's record: where the current leg's tokens go, the leg's number, the whole tokens bought in the
    /// leg and how many of them were relayed.
    struct BuyerInfo {
        address recipient;
        uint256 leg;
        uint256 tokens;
        uint256 relayed;
    }

    error RelayTooLarge(uint256 buyers, uint256 maxBuyers);
    error NothingToRepoint(address buyer);
    error SaleNotEnded(uint256 endTime);

    /// @dev The buyer's unrelayed tokens (of leg `leg`) now go to `recipient` on Base.
    event RecipientChanged(address indexed buyer, uint256 leg, address indexed recipient);
    /// @dev A report sent to Base: the buyers whose unrelayed tokens it carried (each buyer's current leg, in full:
    /// `buyerInfo` before the call, or the report itself in the messenger's `SentMessage`) and Ethereum's totals.
    event Relayed(address[] buyers, uint256 tokensSold, uint256 usdRaised, bool closed);
    /// @dev The sale closed for good with these totals; every unused quota goes to Base.
    event SaleFinalized(uint256 tokensSold, uint256 usdRaised);

    /// @notice Buys `amount` whole tokens with ETH for `recipient` on Base. Send at least `ethBuyHelper(amount)`; the
    /// excess is refunded in the same transaction.
    /// @param amount Whole tokens to buy.
    /// @param recipient The Base address that will own the tokens (with the caller's unrelayed earlier tokens).
    function buyWithEth(uint256 amount, address recipient) external payable;

    /// @notice Buys `amount` whole tokens with USDT for `recipient` on Base, reverting if the cost exceeds `maxCost`.
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDT (6 decimals) the purchase may cost.
    /// @param recipient The Base address that will own the tokens.
    function buyWithUSDT(uint256 amount, uint256 maxCost, address recipient) external;

    /// @notice Buys `amount` whole tokens with USDC for `recipient` on Base, reverting if the cost exceeds `maxCost`.
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDC (6 decimals) the purchase may cost.
    /// @param recipient The Base address that will own the tokens.
    function buyWithUSDC(uint256 amount, uint256 maxCost, address recipient) external;

    /// @notice `buyWithUSDC` with an EIP-2612 permit in the same transaction. The permit is tried first and its
    /// failure ignored (someone may have submitted it already); the purchase then pulls the cost with the allowance.
    /// @param amount Whole tokens to buy.
    /// @param maxCost The most USDC (6 decimals) the purchase may cost, and the permit's value.
    /// @param recipient The Base address that will own the tokens.
    /// @param deadline The permit's deadline (unix seconds).
    /// @param v The permit signature's recovery byte.
    /// @param r The permit signature's r.
    /// @param s The permit signature's s.
    function buyWithUSDCPermit(
        uint256 amount,
        uint256 maxCost,
        address recipient,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

    /// @notice Points the caller's unrelayed tokens to `recipient` on Base (the caller and `recipient` are checked as
    /// in a purchase).
    /// @param recipient The Base address that will own them.
    function setRecipient(address recipient) external;

    /// @notice Anyone: sends the unrelayed tokens of `buyers` (each buyer's leg total), Ethereum's quota and use of
    /// every round, its totals and whether it is closed to the Base presale through the canonical messenger, with a
    /// gas limit of `relayGasLimit(buyers.length)`. Buyers with nothing unrelayed are skipped.
    /// @param buyers At most `MAX_RELAY_BUYERS` buyers.
    function relay(address[] calldata buyers) external;

    /// @notice Closes the sale for good (anyone after the end time, the owner at any time), releases every unused
    /// quota to Base and relays the final totals. Purchases revert `SaleClosed` from then on.
    function closeSale() external;

    /// @notice Owner: gives `tokens` of Ethereum's quota of round `round` (the current one or a later one) to Base;
    /// never below what Ethereum already used there. Base can sell them once the next report arrives.
    /// @param round The round's index.
    /// @param tokens Whole tokens to give.
    function releaseQuota(uint256 round, uint256 tokens) external;

    /// @notice A buyer's record (see {BuyerInfo}).
    function buyerInfo(address buyer) external view returns (BuyerInfo memory);

    /// @notice The minimum gas limit `relay` asks the messenger for to deliver a report of `buyers` buyers.
    function relayGasLimit(uint256 buyers) external view returns (uint32);

    /// @notice The most buyers one `relay` may carry (the report must fit in Base's deposit gas limit).
    function MAX_RELAY_BUYERS() external view returns (uint256);
}
