// The owner actions' planning, one implementation for `npm run admin` (scripts/admin/commands/) and the dapp's /owner
// console (frontend/src/features/owner/actions/): each planner takes the state its caller has read already, applies the
// action's checks and refusals (PlanRefusal), and returns the calls with their "current → new". No Node-only imports.
export * from "./calls.js";
export * from "./claim.js";
export * from "./format.js";
export * from "./ladder.js";
export * from "./lists.js";
export * from "./pause.js";
export * from "./safe.js";
export * from "./staking.js";
