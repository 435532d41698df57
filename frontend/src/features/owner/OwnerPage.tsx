// The owner console at /owner (docs/PRODUCT.md §2; English only): the live sale of both chains from the indexer, the
// cross-chain checks and the claim-readiness checklist, the history of owner actions, and the actions themselves
// (actions/: sent from a wallet holding the role, or exported as a Safe batch; docs/OPERATING.md). Refreshed every
// 5 s; an unreachable indexer is said, not a crash.
import "./owner.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { env } from "../../config/env.ts";
import { formatNumber, formatPrice, formatUsd, shortAddress } from "../../shared/format.ts";
import ActionsPanel from "./actions/ActionsPanel.tsx";
import { fetchOwnerActions, fetchSales } from "./api.ts";
import { actionLine, age, consoleView, type ChainView, type Check, type ConsoleView } from "./model.ts";
import { PrivatePanel } from "./private/PrivatePanel.tsx";

const REFRESH_MS = 5_000;
/** The action panels wait this long at most for the indexer's first answer (see OwnerPage). */
const PANELS_WAIT_MS = 2_000;

/** True once the indexer's first answer is in (data or error), or after PANELS_WAIT_MS without one. */
function usePanelsShown(answered: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setWaited(true), PANELS_WAIT_MS);
    return () => clearTimeout(id);
  }, []);
  return answered || waited;
}
const day = (s: number) =>
  new Date(s * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const when = (s: number) => new Date(s * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";

function ChainCard({ c }: { c: ChainView }) {
  return (
    <section className="card owner-chain" data-testid={`owner-chain-${c.key}`}>
      <h2>
        {c.name} <span className="owner-muted">chain {c.chainId}</span>
        {c.paused && <span className="owner-badge bad">paused</span>}
        {c.closed && <span className="owner-badge">{c.key === "eth" ? "closed" : "claim set"}</span>}
      </h2>
      {!c.indexed ? (
        <p className="owner-muted">Not indexed yet.</p>
      ) : (
        <>
          <dl className="owner-figures">
            <div>
              <dt>Round</dt>
              <dd data-testid={`owner-round-${c.key}`}>
                {c.round} of {c.roundCount}
              </dd>
            </div>
            <div>
              <dt>Used of this chain&apos;s share</dt>
              <dd>
                {formatNumber(c.used)} / {formatNumber(c.share)}
              </dd>
            </div>
            <div>
              <dt>Tokens sold</dt>
              <dd data-testid={`owner-sold-${c.key}`}>{formatNumber(c.tokensSold)}</dd>
            </div>
            <div>
              <dt>USD raised</dt>
              <dd>{formatUsd(c.usdRaised)}</dd>
            </div>
            <div>
              <dt>Purchases</dt>
              <dd>{formatNumber(c.purchases)}</dd>
            </div>
            <div>
              <dt>Buyers</dt>
              <dd>{formatNumber(c.buyers)}</dd>
            </div>
          </dl>
          <div className="owner-scroll">
            <table className="owner-table" data-testid={`owner-rounds-${c.key}`}>
              <thead>
                <tr>
                  <th>Round</th>
                  <th>USD per token</th>
                  <th>Share</th>
                  <th>Sold</th>
                  <th>USD</th>
                  <th>Purchases</th>
                  <th>Ends</th>
                </tr>
              </thead>
              <tbody>
                {c.rounds.map((r) => (
                  <tr key={r.round} className={r.state}>
                    <td>{r.round}</td>
                    <td>{formatPrice(r.priceUsd)}</td>
                    <td>{formatNumber(r.share)}</td>
                    <td>{formatNumber(r.sold)}</td>
                    <td>{formatUsd(r.usd)}</td>
                    <td>{r.purchases}</td>
                    <td>{r.endTime ? day(r.endTime) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <table className="owner-table" data-testid={`owner-tokens-${c.key}`}>
            <thead>
              <tr>
                <th>Paid in</th>
                <th>Amount</th>
                <th>USD</th>
                <th>Purchases</th>
              </tr>
            </thead>
            <tbody>
              {c.perToken.length === 0 ? (
                <tr>
                  <td colSpan={4} className="owner-muted">
                    No purchases yet.
                  </td>
                </tr>
              ) : (
                c.perToken.map((t) => (
                  <tr key={t.symbol}>
                    <td>{t.symbol}</td>
                    <td>{formatNumber(t.paid, 4)}</td>
                    <td>{formatUsd(t.usd)}</td>
                    <td>{t.purchases}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function DailyChart({ v }: { v: ConsoleView }) {
  const max = Math.max(1, ...v.daily.map((d) => d.eth + d.base));
  const W = 24;
  const MIN_DAYS = 14;
  return (
    <section className="card owner-daily">
      <h2>USD raised per day</h2>
      {v.daily.length === 0 ? (
        <p className="owner-muted">No sales yet.</p>
      ) : (
        <>
          <svg
            // At least two weeks wide, so that a few days do not stretch into a wall.
            viewBox={`0 0 ${Math.max(v.daily.length, MIN_DAYS) * W} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-label="USD raised per day, Ethereum and Base stacked"
            data-testid="owner-daily-chart"
          >
            {v.daily.map((d, i) => {
              const he = (d.eth / max) * 100;
              const hb = (d.base / max) * 100;
              return (
                <g key={d.day}>
                  <title>{`${when(d.day).slice(0, 10)}: Ethereum ${formatUsd(d.eth)}, Base ${formatUsd(d.base)}`}</title>
                  <rect className="bar-eth" x={i * W + 2} width={W - 4} y={100 - he} height={he} />
                  <rect className="bar-base" x={i * W + 2} width={W - 4} y={100 - he - hb} height={hb} />
                </g>
              );
            })}
          </svg>
          <p className="owner-legend">
            <span className="key-eth" /> {env.eth.chainName} <span className="key-base" /> {env.base.chainName} ·{" "}
            {v.daily.length} days · {formatNumber(v.buyers)} buyers in all
          </p>
        </>
      )}
    </section>
  );
}

function Checklist({ title, items, testId }: { title: string; items: Check[]; testId: string }) {
  return (
    <section className="card owner-checks" data-testid={testId}>
      <h2>{title}</h2>
      <ul>
        {items.map((c) => (
          <li key={c.id} className={c.ok ? "ok" : "bad"} data-testid={`check-${c.id}`} data-ok={c.ok}>
            <span aria-hidden="true">{c.ok ? "✓" : "✗"}</span> {c.label}
            <span className="owner-muted"> — {c.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Actions({ now }: { now: number }) {
  const q = useQuery({
    queryKey: ["owner-actions"],
    queryFn: ({ signal }) => fetchOwnerActions(signal),
    refetchInterval: REFRESH_MS,
  });
  const rows = q.data?.actions ?? [];
  return (
    <section className="card owner-actions">
      <h2>Owner actions</h2>
      {rows.length === 0 ? (
        <p className="owner-muted">{q.isError ? "The indexer is unreachable." : "None yet."}</p>
      ) : (
        <div className="owner-scroll">
          <table className="owner-table" data-testid="owner-actions">
            <thead>
              <tr>
                <th>When</th>
                <th>Chain</th>
                <th>Action</th>
                <th>By</th>
                <th>Transaction</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid="owner-action">
                  <td title={when(Number(a.timestamp))}>{age(now, a.timestamp)}</td>
                  <td>{a.chainId === env.eth.chainIdInt ? env.eth.chainName : env.base.chainName}</td>
                  <td className="owner-mono">
                    {a.contract}.{actionLine(a)}
                  </td>
                  <td className="owner-mono">{shortAddress(a.sender)}</td>
                  <td className="owner-mono">{`${a.txHash.slice(0, 10)}…`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function OwnerPage() {
  const q = useQuery({
    queryKey: ["owner-sales"],
    queryFn: ({ signal }) => fetchSales(signal),
    select: (a) => ({ now: a.now, view: consoleView(a) }),
    refetchInterval: REFRESH_MS,
    retry: 1,
  });
  // The indexer's figures come first on the page: the panels below them (which read the chains themselves) appear
  // with them, so they are not pushed down the screen when the figures arrive.
  const panels = usePanelsShown(q.isFetched);
  return (
    <div className="container owner" data-testid="owner-console" lang="en">
      <header className="owner-head">
        <h1>Owner console</h1>
        <p className="owner-muted">
          Both chains from the indexer, refreshed every 5 s; the actions below read the chains themselves and plan as{" "}
          <code>npm run admin</code> does.
        </p>
      </header>
      {q.isError && !q.data ? (
        <p className="card owner-unavailable" role="status" data-testid="owner-unavailable">
          The indexer at {env.indexerUrl} is unreachable: the console has nothing to show. The sale itself is
          unaffected.
        </p>
      ) : !q.data ? (
        <p className="owner-muted">Loading…</p>
      ) : (
        <>
          {q.isError && (
            <p className="owner-unavailable" role="status">
              The indexer stopped answering: figures may be out of date.
            </p>
          )}
          <div className="owner-grid">
            {q.data.view.chains.map((c) => (
              <ChainCard key={c.key} c={c} />
            ))}
          </div>
          <DailyChart v={q.data.view} />
          <div className="owner-grid">
            <Checklist title="Cross-chain checks" items={q.data.view.checks} testId="owner-checks" />
            <Checklist title="Claim readiness" items={q.data.view.readiness} testId="owner-readiness" />
          </div>
          <Actions now={q.data.now} />
        </>
      )}
      {panels && (
        <>
          <ActionsPanel />
          <PrivatePanel />
        </>
      )}
    </div>
  );
}
