/** Mutants of the payment path shared by both presales (PaymentRouter), the ETH/USD oracle and the sale token. */
import { m, ORACLE, ROUTER, TOKEN, type Mutant } from "./common.js";

export const PAYMENT_MUTANTS: Mutant[] = [
  // ------------------------------------------------------------------ PaymentRouter
  m(
    "router-stipend",
    ROUTER,
    "ETH recipients get all the gas (a gas-burning split bloats every purchase)",
    "if (!_callWithValue(to, amount, ETH_RECIPIENT_GAS))",
    "if (!_callWithValue(to, amount, gasleft()))",
  ),
  m(
    "router-hold-eth",
    ROUTER,
    "a refused ETH share is not credited to owed",
    "if (!_callWithValue(to, amount, ETH_RECIPIENT_GAS)) _hold(to, address(0), amount);",
    "_callWithValue(to, amount, ETH_RECIPIENT_GAS);",
  ),
  m(
    "router-owed-to-zero",
    ROUTER,
    "withdrawOwedTo accepts the zero address",
    "if (to == address(0)) revert IPresale.ZeroAddress();",
    "",
  ),
  m(
    "router-owed-delete",
    ROUTER,
    "owed is not cleared on withdrawal (pays twice)",
    "delete _owed[msg.sender][token];",
    "",
  ),
  m(
    "router-owed-nothing",
    ROUTER,
    "withdrawing nothing owed does not revert",
    "if (amount == 0) revert IPresale.NothingOwed(msg.sender);",
    "",
  ),
  m(
    "router-owed-payee",
    ROUTER,
    "withdrawOwedTo pays the caller instead of the chosen address",
    "emit IPresale.OwedWithdrawnTo(msg.sender, token, to, amount);\n        _payOut(token, to, amount);",
    "emit IPresale.OwedWithdrawnTo(msg.sender, token, to, amount);\n        _payOut(token, msg.sender, amount);",
  ),
  m(
    "router-share-round-up",
    ROUTER,
    "ETH split shares rounded up",
    "uint256 share = (amount * s.bps) / BPS;\n            remainder -= share;\n            _sendEth",
    "uint256 share = (amount * s.bps + BPS - 1) / BPS;\n            remainder -= share;\n            _sendEth",
  ),
  m(
    "router-splits-total",
    ROUTER,
    "splits adding up to exactly 100 % refused (> becomes >=)",
    "if (total > BPS) revert IPresale.InvalidSplits();",
    "if (total >= BPS) revert IPresale.InvalidSplits();",
  ),
  m(
    "router-splits-max",
    ROUTER,
    "15 splits refused (> becomes >=)",
    "n > MAX_SPLITS) revert IPresale.InvalidSplits();",
    "n >= MAX_SPLITS) revert IPresale.InvalidSplits();",
  ),
  m(
    "router-shortfall",
    ROUTER,
    "a fee-on-transfer shortfall is accepted",
    "if (received < amount) revert IPresale.PaymentShortfall(amount, received);",
    "",
  ),
  m(
    "router-refund-failure",
    ROUTER,
    "a failed refund is ignored (the buyer's excess is kept)",
    "if (!_callWithValue(to, amount, gasleft())) revert IPresale.EthTransferFailed(to);",
    "_callWithValue(to, amount, gasleft());",
  ),
  m(
    "router-stale-splits",
    ROUTER,
    "entries beyond the new split count are not deleted",
    "for (uint256 i = n; i < _splitCount(); ++i) delete _splits[i];",
    "",
    {
      equivalent:
        "entries at or beyond the split count are never read (splits(), _routeEth and _routeToken stop at the count) and are overwritten before a larger count can reach them",
    },
  ),

  // ------------------------------------------------------------------ EthUsdOracle
  m(
    "oracle-zero-price",
    ORACLE,
    "a zero price accepted (<= becomes <)",
    "if (answer <= 0) revert IPresale.InvalidPrice(answer);",
    "if (answer < 0) revert IPresale.InvalidPrice(answer);",
  ),
  m(
    "oracle-stale",
    ORACLE,
    "stale prices accepted",
    "if (block.timestamp > updatedAt + pf.heartbeat) revert IPresale.StalePrice(updatedAt, pf.heartbeat);",
    "",
  ),
  m("oracle-sequencer-down", ORACLE, "sequencer down ignored", "if (status != 0) revert IPresale.SequencerDown();", ""),
  m(
    "oracle-grace-boundary",
    ORACLE,
    "grace period ends one second early (<= becomes <)",
    "block.timestamp <= startedAt + gracePeriod",
    "block.timestamp < startedAt + gracePeriod",
  ),
  m(
    "oracle-decimals",
    ORACLE,
    "a feed with more than 18 decimals accepted",
    "if (decimals > 18) revert IPresale.InvalidParameter();",
    "",
  ),
  m(
    "oracle-heartbeat-zero",
    ORACLE,
    "a zero heartbeat accepted",
    "if (heartbeat == 0) revert IPresale.InvalidParameter();",
    "",
  ),

  // ------------------------------------------------------------------ SaleToken
  m(
    "token-supply",
    TOKEN,
    "one wei of the fixed supply not minted",
    "_mint(holder, supply);",
    "_mint(holder, supply - 1);",
  ),
];
