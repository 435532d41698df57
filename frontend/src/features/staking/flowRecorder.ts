// Test support: drives the staking reducer with a flow's events and keeps the trail of statuses it passed through.
import { flowReducer, INITIAL_FLOW, type FlowEvent, type FlowState } from "./stakingMachine.ts";

export function recordFlow() {
  let state: FlowState = INITIAL_FLOW;
  const trail: string[] = [state.status];
  const dispatch = (e: FlowEvent) => {
    state = flowReducer(state, e);
    if (trail[trail.length - 1] !== state.status) trail.push(state.status);
  };
  return {
    dispatch,
    trail,
    get state() {
      return state;
    },
  };
}
