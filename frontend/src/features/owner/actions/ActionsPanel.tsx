// The owner actions at /owner (docs/PRODUCT.md §2): what `npm run admin` offers for pause, rounds, position, lists,
// claim start and staking, planned by the same code (@shaft/owner-actions) over state read live from both chains,
// then sent from the connected wallet or exported as a Safe batch. Each action's send button is there only for a
// wallet holding its role; everyone else reads, previews and exports.
import "./actions.css";
import { useQuery } from "@tanstack/react-query";
import { useWallet } from "../../../chain/index.ts";
import { shortAddress } from "../../../shared/format.ts";
import { openConnectModal } from "../../wallet/index.ts";
import { ClaimAction, ListsAction, PauseAction, RoundsAction, StakingAction, StepAction } from "./forms.tsx";
import { readActionState, type ActionState } from "./state.ts";

const REFRESH_MS = 10_000;

/** The roles the wallet holds, in one line ("none" says the console is read-only for it). */
function rolesLine(s: ActionState): string {
  const held = [s.eth, s.base].flatMap((c) => [
    ...(c.hasDefaultAdminRole ? [`DEFAULT_ADMIN_ROLE on ${c.ref.name}`] : []),
    ...(c.hasAdminRole ? [`ADMIN_ROLE on ${c.ref.name}`] : []),
  ]);
  if (s.base.staking?.isOwner) held.push("staking owner");
  return held.length === 0 ? "none: the console is read-only for it (preview and Safe batches only)" : held.join(", ");
}

export default function ActionsPanel() {
  const { address, isConnected } = useWallet();
  const account = isConnected ? address : undefined;
  const q = useQuery({
    queryKey: ["owner-action-state", account ?? null],
    queryFn: () => readActionState(account),
    refetchInterval: REFRESH_MS,
    retry: 1,
  });
  const refresh = () => void q.refetch();
  return (
    <section className="owner-actions-panel" data-testid="owner-actions-panel">
      <h2>Act on the sale</h2>
      <p className="owner-muted" data-testid="owner-wallet">
        {account === undefined ? (
          <>
            No wallet connected: the actions are read-only.{" "}
            <button className="btn btn-outline btn-sm" onClick={() => openConnectModal()} data-testid="owner-connect">
              Connect wallet
            </button>
          </>
        ) : (
          <>
            Wallet {shortAddress(account)} holds{" "}
            <span data-testid="owner-roles">{q.data ? rolesLine(q.data) : "…"}</span>.
          </>
        )}
      </p>
      {q.isError && !q.data ? (
        <p className="card owner-unavailable" role="status">
          The chains could not be read: no action can be planned.
        </p>
      ) : !q.data ? (
        <p className="owner-muted">Reading both chains…</p>
      ) : (
        <div className="owner-grid" key={account ?? "none"}>
          <PauseAction state={q.data} account={account} onDone={refresh} chain={q.data.eth} />
          <PauseAction state={q.data} account={account} onDone={refresh} chain={q.data.base} />
          <RoundsAction state={q.data} account={account} onDone={refresh} />
          <StepAction state={q.data} account={account} onDone={refresh} />
          <ListsAction state={q.data} account={account} onDone={refresh} />
          <ClaimAction state={q.data} account={account} onDone={refresh} />
          <StakingAction state={q.data} account={account} onDone={refresh} />
        </div>
      )}
    </section>
  );
}
