// pause / unpause: stops or resumes purchases on one chain's presale (ADMIN_ROLE).
import type { ChainRef, Plan } from "./calls.js";

export function planPause(input: { chain: ChainRef; paused: boolean; pause: boolean }): Plan {
  const { chain, paused, pause } = input;
  if (paused === pause) return { calls: [], lines: [`already ${pause ? "paused" : "unpaused"}.`] };
  const note = `paused: ${paused} → ${pause}`;
  return {
    calls: [{ chain, contract: "Presale", functionName: pause ? "pause" : "unpause", args: [], note }],
    lines: [],
  };
}
