// Public surface of the tracking feature (PRODUCT.md §3 "Lead tracking", §7 "Calls"): the wallet's signed lead,
// asked once per wallet and browser session while tracking is on. The request itself loads on demand.
export { useLeadSignature } from "./useLeadSignature.ts";
