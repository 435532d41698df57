// Public surface of the staking feature (PRODUCT.md §2 "Staking page"). Both parts load on demand, each as a chunk
// of its own: the staking page (route /staking), and the claim buttons the buy widget shows under its claimable line.
export const loadStakingPage = () => import("./StakingPage.tsx");
export { StakingPageLoading } from "./StakingHero.tsx";
export const loadClaimActions = () => import("./ClaimActions.tsx");
