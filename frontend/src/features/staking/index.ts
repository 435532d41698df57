// Public surface of the staking feature for other features (the buy widget mounts ClaimActions).
export { ClaimActions } from "./ClaimActions.tsx";
export { useStakeView, useStakingPoll, stakeView, type StakeView } from "./useStakingData.ts";
export { useStakingActions, type StakingActions } from "./useStakingActions.ts";
export {
  flowStore,
  dispatchFlow,
  getFlow,
  useFlow,
  flowReducer,
  type FlowState,
  type FlowEvent,
  type FlowKind,
  type FlowStatus,
} from "./stakingMachine.ts";
