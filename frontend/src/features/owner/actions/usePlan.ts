// A planner's answer as the console shows it: the plans, the planner's refusal in its own words, or what the form
// still waits for (an input, a read). Any other error is a bug and surfaces as one.
import { PlanRefusal, type Plan } from "@shaft/owner-actions";

export type Planned =
  { kind: "ok"; plans: Plan[] } | { kind: "refused"; reason: string } | { kind: "waiting"; reason: string };

/** Runs a planner (one plan or one per chain); a PlanRefusal, or an input error thrown as one, becomes "refused". */
export function planned(run: () => Plan | Plan[]): Planned {
  try {
    const out = run();
    return { kind: "ok", plans: Array.isArray(out) ? out : [out] };
  } catch (e) {
    if (e instanceof PlanRefusal) return { kind: "refused", reason: e.message };
    throw e;
  }
}
