// The owner actions the console offers, each a small form over @shaft/owner-actions' planner: pause / unpause per
// chain, the round table and the positions (both chains), the whitelist and blacklist, the claim start, the staking
// settings. What each may do is the planner's to say; these only turn form values into its inputs.
import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  ADMIN_ROLE,
  authorityOf,
  claimMissing,
  parseAddressList,
  planListChange,
  planPause,
  planSetRounds,
  planSetStep,
  planStaking,
  planStartClaim,
  PlanRefusal,
  type ListName,
  type OwnerCallBody,
} from "@shaft/owner-actions";
import { formatUnits, type Address } from "viem";
import type { ChainBlock } from "../../../config/env.ts";
import { ActionCard, type Authority } from "./ActionCard.tsx";
import { decimal, editedTime, utcInput, utcTime, wholeNumber } from "./inputs.ts";
import { readListed, type ActionState, type ChainActionState } from "./state.ts";
import { planned, type Planned } from "./usePlan.ts";

export interface FormProps {
  state: ActionState;
  account: Address | undefined;
  onDone: () => void;
}

/** Who may send `fn` (its on-chain check) and whether the connected wallet does, on every chain it goes to. */
function authority(
  fn: Pick<OwnerCallBody, "contract" | "functionName">,
  chains: ChainActionState[],
  state: ActionState,
): Authority {
  const a = authorityOf(fn);
  if (a.kind === "anyone") return { label: "no role", holds: true };
  if (a.kind === "owner") return { label: "the staking contract's owner", holds: state.base.staking?.isOwner === true };
  const holds = chains.every((c) => (a.role === ADMIN_ROLE ? c.hasAdminRole : c.hasDefaultAdminRole));
  return { label: `${a.roleName} on ${chains.map((c) => c.ref.name).join(" and ")}`, holds };
}

/** A presale action's card props: who may send `fn` on `chains`, and its Safe (the presale's owner on each chain). */
function presaleAction(
  { state, account, onDone }: FormProps,
  fn: Extract<OwnerCallBody, { contract: "Presale" }>["functionName"],
  chains: ChainActionState[],
) {
  return {
    authority: authority({ contract: "Presale", functionName: fn }, chains, state),
    account,
    onDone,
    safeOf: (b: ChainBlock) => state[b.key].owner,
  };
}

function Field(props: { label: string; children: ReactNode }) {
  return (
    <label className="owner-field">
      <span>{props.label}</span>
      {props.children}
    </label>
  );
}

export function PauseAction({ state, account, onDone, chain }: FormProps & { chain: ChainActionState }) {
  const pause = !chain.paused;
  const plan = planned(() => planPause({ chain: chain.ref, paused: chain.paused, pause }));
  return (
    <ActionCard
      id={`pause-${chain.ref.side}`}
      title={`${pause ? "Pause" : "Unpause"} the sale on ${chain.ref.name}`}
      planned={plan}
      {...presaleAction({ state, account, onDone }, "pause", [chain])}
    />
  );
}

export function RoundsAction({ state, account, onDone }: FormProps) {
  const chains = [state.eth, state.base];
  const current = state.eth.ladder.rounds;
  const [rows, setRows] = useState(() =>
    current.map((r) => ({ price: formatUnits(r.price, 18), end: utcInput(r.endTime) })),
  );
  const set = (i: number, k: "price" | "end", v: string) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const plan = planned(() =>
    planSetRounds({
      chains: chains.map((c) => ({ chain: c.ref, ladder: c.ladder, saleEnd: c.saleEnd })),
      next: rows.map((r, i) => ({
        cap: current[i].cap,
        price: decimal(r.price, 18, `round ${i + 1} price`),
        endTime: editedTime(r.end, current[i].endTime, `round ${i + 1} end`),
      })),
      now: state.eth.ladder.now,
      source: "the new table",
    }),
  );
  return (
    <ActionCard
      id="set-rounds"
      title="Round prices and end times (both chains)"
      planned={plan}
      {...presaleAction({ state, account, onDone }, "setRounds", chains)}
    >
      <div className="owner-scroll">
        <table className="owner-table owner-inputs">
          <thead>
            <tr>
              <th>Round</th>
              <th>Cap</th>
              <th>USD per token</th>
              <th>Ends (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{current[i].cap.toLocaleString("en-US")}</td>
                <td>
                  <input
                    value={r.price}
                    onChange={(e) => set(i, "price", e.target.value)}
                    inputMode="decimal"
                    aria-label={`Round ${i + 1} price`}
                    data-testid={`rounds-price-${i + 1}`}
                  />
                </td>
                <td>
                  <input
                    type="datetime-local"
                    value={r.end}
                    onChange={(e) => set(i, "end", e.target.value)}
                    aria-label={`Round ${i + 1} end`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ActionCard>
  );
}

export function StepAction({ state, account, onDone }: FormProps) {
  const [round, setRound] = useState(String(Math.min(state.eth.ladder.step, state.base.ladder.step) + 1));
  const [only, setOnly] = useState<"both" | "eth" | "base">("both");
  const [used, setUsed] = useState({ eth: "", base: "" });
  const chains = only === "both" ? [state.eth, state.base] : [state[only]];
  const amount = (side: "eth" | "base") =>
    used[side].trim() === "" ? undefined : wholeNumber(used[side], `${state[side].ref.name} used`);
  const plan = planned(() =>
    planSetStep({
      chains: chains.map((c) => ({ chain: c.ref, ladder: c.ladder, closed: c.closed })),
      round: Number(wholeNumber(round, "round")),
      used: { eth: amount("eth"), base: amount("base") },
      flags: { eth: `${state.eth.ref.name} used`, base: `${state.base.ref.name} used` },
    }),
  );
  return (
    <ActionCard
      id="set-step"
      title="Move a chain's position forward"
      planned={plan}
      {...presaleAction({ state, account, onDone }, "setCurrentStep", chains)}
    >
      <div className="owner-fields">
        <Field label="Round">
          <input value={round} onChange={(e) => setRound(e.target.value)} inputMode="numeric" />
        </Field>
        <Field label="Chains">
          <select value={only} onChange={(e) => setOnly(e.target.value as typeof only)}>
            <option value="both">Both</option>
            <option value="eth">{state.eth.ref.name}</option>
            <option value="base">{state.base.ref.name}</option>
          </select>
        </Field>
        {(["eth", "base"] as const).map((side) => (
          <Field key={side} label={`${state[side].ref.name}: tokens used there`}>
            <input
              value={used[side]}
              placeholder="as now"
              onChange={(e) => setUsed((u) => ({ ...u, [side]: e.target.value }))}
              inputMode="numeric"
            />
          </Field>
        ))}
      </div>
    </ActionCard>
  );
}

/** The pasted addresses, or what the form shows instead (a prompt, or the planner's refusal of a bad line). */
function readAddresses(text: string): { addresses?: Address[]; pending: Planned } {
  if (text.trim() === "")
    return { pending: { kind: "waiting", reason: "Paste addresses, one per line (CSV: the first column)." } };
  try {
    return { addresses: parseAddressList(text, "the list"), pending: { kind: "waiting", reason: "" } };
  } catch (e) {
    if (e instanceof PlanRefusal) return { pending: { kind: "refused", reason: e.message } };
    throw e;
  }
}

export function ListsAction({ state, account, onDone }: FormProps) {
  const [list, setList] = useState<ListName>("blacklist");
  const [add, setAdd] = useState(true);
  const [side, setSide] = useState<"eth" | "base">("base");
  const [text, setText] = useState("");
  const chain = state[list === "whitelist" ? "base" : side];
  const { addresses, pending } = readAddresses(text);
  const listed = useQuery({
    // The chain's block time: the list is read again with every refresh of the state (after a send, for one).
    queryKey: ["owner-listed", chain.ref.chainId, list, addresses, String(chain.ladder.now)],
    queryFn: () => readListed(chain.block, list, addresses ?? []),
    enabled: addresses !== undefined,
  });
  const plan: Planned =
    addresses === undefined
      ? pending
      : listed.data === undefined
        ? { kind: "waiting", reason: listed.isError ? "Could not read the list from the chain." : "Reading the list…" }
        : planned(() =>
            planListChange({ chain: chain.ref, list, add, addresses: addresses ?? [], listed: listed.data }),
          );
  return (
    <ActionCard
      id="lists"
      title="Whitelist and blacklist"
      planned={plan}
      {...presaleAction({ state, account, onDone }, "setBlacklist", [chain])}
    >
      <div className="owner-fields">
        <Field label="List">
          <select value={list} onChange={(e) => setList(e.target.value as ListName)}>
            <option value="blacklist">Blacklist</option>
            <option value="whitelist">Whitelist (Base: claims)</option>
          </select>
        </Field>
        <Field label="Change">
          <select value={add ? "add" : "remove"} onChange={(e) => setAdd(e.target.value === "add")}>
            <option value="add">Add</option>
            <option value="remove">Remove</option>
          </select>
        </Field>
        {list === "blacklist" && (
          <Field label="Chain">
            <select value={side} onChange={(e) => setSide(e.target.value as "eth" | "base")}>
              <option value="base">{state.base.ref.name}</option>
              <option value="eth">{state.eth.ref.name}</option>
            </select>
          </Field>
        )}
      </div>
      <Field label="Addresses">
        <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </Field>
    </ActionCard>
  );
}

export function ClaimAction({ state, account, onDone }: FormProps) {
  const base = state.base;
  const [at, setAt] = useState(() => utcInput(base.ladder.now + 600n));
  const plan = planned(() =>
    planStartClaim({
      chain: base.ref,
      at: utcTime(at, "claim start"),
      now: base.ladder.now,
      current: base.claimStart,
      horizon: base.horizon,
      missing: claimMissing(base.claim),
    }),
  );
  return (
    <ActionCard
      id="start-claim"
      title={base.claimStart === 0n ? "Start the claim" : "Move the claim start earlier"}
      planned={plan}
      {...presaleAction({ state, account, onDone }, "startClaim", [base])}
    >
      <div className="owner-fields">
        <Field label={`Claims open at (UTC; ${base.ref.name}'s clock)`}>
          <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
      </div>
    </ActionCard>
  );
}

export function StakingAction({ state, account, onDone }: FormProps) {
  const s = state.base.staking;
  const [v, setV] = useState(() =>
    s === undefined
      ? undefined
      : {
          apy: String(Number(s.apy) / 100),
          lock: String(s.lockTime),
          end: utcInput(s.endTime),
          max: formatUnits(s.maxDepositLimit, 18),
          depositsLocked: s.depositsLocked,
          withdrawalsLocked: s.withdrawalsLocked,
          claimsLocked: s.claimsLocked,
        },
  );
  if (s === undefined || v === undefined) return null;
  const set = (patch: Partial<typeof v>) => setV({ ...v, ...patch });
  const plan = planned(() =>
    planStaking({
      chain: state.base.ref,
      current: s,
      next: {
        apy: decimal(v.apy, 2, "APY %"),
        lockTime: wholeNumber(v.lock, "lock (seconds)"),
        endTime: editedTime(v.end, s.endTime, "staking end"),
        maxDepositLimit: wholeNumber(v.max, "max deposit (tokens, 0 = no cap)") * 10n ** 18n,
        depositsLocked: v.depositsLocked,
        withdrawalsLocked: v.withdrawalsLocked,
        claimsLocked: v.claimsLocked,
      },
    }),
  );
  const locks = [
    ["depositsLocked", "Deposits locked"],
    ["withdrawalsLocked", "Withdrawals locked"],
    ["claimsLocked", "Claims locked"],
  ] as const;
  return (
    <ActionCard
      id="staking"
      title="Staking settings"
      authority={authority({ contract: "Staking", functionName: "setApy" }, [state.base], state)}
      account={account}
      planned={plan}
      safeOf={() => s.owner}
      onDone={onDone}
    >
      <div className="owner-fields">
        <Field label="APY %">
          <input value={v.apy} onChange={(e) => set({ apy: e.target.value })} inputMode="decimal" />
        </Field>
        <Field label="Lock (seconds)">
          <input value={v.lock} onChange={(e) => set({ lock: e.target.value })} inputMode="numeric" />
        </Field>
        <Field label="Ends (UTC)">
          <input type="datetime-local" value={v.end} onChange={(e) => set({ end: e.target.value })} />
        </Field>
        <Field label="Max deposit (tokens, 0 = no cap)">
          <input value={v.max} onChange={(e) => set({ max: e.target.value })} inputMode="numeric" />
        </Field>
        {locks.map(([k, label]) => (
          <label key={k} className="owner-check">
            <input type="checkbox" checked={v[k]} onChange={(e) => set({ [k]: e.target.checked })} /> {label}
          </label>
        ))}
      </div>
    </ActionCard>
  );
}
