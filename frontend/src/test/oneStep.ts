// Shared by the one-prompt tests of the purchase and staking flows.
import { AtomicReadyWalletRejectedUpgradeError } from "viem";

/** EIP-5792 5750: the wallet could batch after upgrading the account (EIP-7702), and the user declined the upgrade. */
export const upgradeDeclined = new AtomicReadyWalletRejectedUpgradeError(new Error("upgrade declined"));

/** A batch the wallet would not run, then the approval by another route and the one transaction: never failed or
 * rejected between. */
export const AFTER_UNAVAILABLE_BATCH = [
  "not_started",
  "confirm_pending",
  "approval_pending",
  "confirm_pending",
  "in_progess",
  "complete",
];
