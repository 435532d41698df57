/**
 * The chain layer's approvals (PRODUCT.md §4 "Stablecoin purchase"; one prompt per action): the route an action that
 * spends a token takes (none, one EIP-5792 batch, an EIP-2612 permit, or the approval transactions), and each route's
 * calls. Public surface for the transaction flows, which load lazily: it carries viem's encoding and the ABIs, so
 * code of the first render never imports it (chain/index.ts is that surface).
 */
export { approvalAmounts, approveAbi, grantAllowance } from "./approve.ts";
export { approvalCalls, batchOutcome, runBatch } from "./batch.ts";
export { readPermitDomain, signPermit, type PermitDomain, type SignedPermit } from "./permit.ts";
