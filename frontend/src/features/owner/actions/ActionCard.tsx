// One owner action in the console: its inputs, the planner's "current → new" (or its refusal, in its own words), and
// the two ways out: "Send from wallet" (only for a wallet holding the action's role: absent otherwise, with one line
// saying why) and "Export Safe batch" (sends nothing, so it is there for every visitor, e.g. a Safe signer).
import { useState, type ReactNode } from "react";
import type { OwnerCall, Plan } from "@shaft/owner-actions";
import type { Address } from "viem";
import type { ChainBlock } from "../../../config/env.ts";
import { useEnsureChain } from "../../wallet/index.ts";
import { download, safeBatches, sendCalls, type SendOutcome } from "./send.ts";
import type { Planned } from "./usePlan.ts";

export interface Authority {
  /** "ADMIN_ROLE on Local Base", "the staking contract's owner". */
  label: string;
  holds: boolean;
}

type Status = { kind: "idle" } | { kind: "sending"; sent: number } | SendOutcome;

export function ActionCard(props: {
  id: string;
  title: string;
  authority: Authority;
  account: Address | undefined;
  planned: Planned;
  /** The Safe a batch is for, per chain (the contract's owner by default). */
  safeOf: (b: ChainBlock) => string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { id, title, authority, account, planned, safeOf, onDone, children } = props;
  const { switchTo, chainId } = useEnsureChain();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const plans: Plan[] = planned.kind === "ok" ? planned.plans : [];
  const calls: OwnerCall[] = plans.flatMap((p) => p.calls);
  const canSend = authority.holds && account !== undefined;

  async function send() {
    if (account === undefined) return;
    setStatus({ kind: "sending", sent: 0 });
    let sent = 0;
    const outcome = await sendCalls(
      calls,
      account,
      (b) => (chainId === b.chainIdInt ? Promise.resolve(true) : switchTo(b)),
      () => setStatus({ kind: "sending", sent: ++sent }),
    );
    setStatus(outcome);
    if (outcome.hashes.length > 0) onDone();
  }

  function exportSafe() {
    for (const { file, json } of safeBatches(calls, title, safeOf)) download(file, json);
  }

  return (
    <section className="card owner-action" data-testid={`action-${id}`}>
      <h3>{title}</h3>
      {children}
      <div className="owner-plan" data-testid={`action-plan-${id}`} aria-live="polite">
        {planned.kind === "refused" ? (
          <p className="owner-refusal" data-testid={`action-refusal-${id}`}>
            {planned.reason}
          </p>
        ) : planned.kind === "waiting" ? (
          <p className="owner-muted">{planned.reason}</p>
        ) : (
          <>
            {plans
              .flatMap((p) => p.lines)
              .map((line, i) => (
                <p key={`l${i}`} className="owner-mono">
                  {line}
                </p>
              ))}
            {calls.length === 0 ? (
              <p className="owner-muted" data-testid={`action-nothing-${id}`}>
                Nothing to change.
              </p>
            ) : (
              <ul className="owner-calls">
                {calls.map((c, i) => (
                  <li key={i} className="owner-mono" data-testid={`action-call-${id}`}>
                    {c.chain.name}: {c.contract}.{c.functionName} — {c.note}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div className="owner-action-buttons">
        {canSend && (
          <button
            className="btn btn-primary btn-sm"
            disabled={calls.length === 0 || status.kind === "sending"}
            onClick={() => void send()}
            data-testid={`action-send-${id}`}
          >
            {status.kind === "sending" ? `Sending… (${status.sent}/${calls.length})` : "Send from wallet"}
          </button>
        )}
        <button
          className="btn btn-outline btn-sm"
          disabled={calls.length === 0}
          onClick={exportSafe}
          data-testid={`action-safe-${id}`}
        >
          Export Safe batch
        </button>
      </div>
      {!canSend && (
        <p className="owner-muted" data-testid={`action-readonly-${id}`}>
          {account === undefined
            ? `Read-only: connect a wallet holding ${authority.label} to send this.`
            : `Read-only: this wallet does not hold ${authority.label}.`}
        </p>
      )}
      {status.kind === "sent" && (
        <p className="owner-ok" role="status" data-testid={`action-sent-${id}`}>
          Sent: {status.hashes.map((h) => `${h.slice(0, 10)}…`).join(", ")}
        </p>
      )}
      {(status.kind === "rejected" || status.kind === "failed") && (
        <p
          className={status.kind === "failed" ? "owner-refusal" : "owner-muted"}
          role="status"
          data-testid={`action-${status.kind}-${id}`}
        >
          {status.message}
        </p>
      )}
    </section>
  );
}
