// The owner console's private part (docs/PRODUCT.md §2 "Owner console"): a connected wallet signs in with Ethereum;
// the server grants a session only to the wallet holding the owner role on Base, and only then are the referral
// conversions shown and the CSV export of purchases offered. Nothing private is fetched before that, and the session
// lives in this component's memory only (docs/DECISIONS.md, "Owner console sign-in").
import "./private.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useReducer, useRef, useState } from "react";
import type { Hex } from "viem";
import { classifyError, loadWeb3, useWallet } from "../../../chain/index.ts";
import { env } from "../../../config/env.ts";
import { formatDecimal, formatUsd, shortAddress } from "../../../shared/format.ts";
import { openConnectModal } from "../../wallet/index.ts";
import { ApiRefusal, endSession, fetchConversions, fetchPurchasesCsv, type ReferralConversion } from "./api.ts";
import { signIn } from "./signIn.ts";
import { initialSignIn, signInReducer, type SignInEvent } from "./signInMachine.ts";

const utc = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const chainOf = (id: number) => (id === env.eth.chainIdInt ? env.eth : env.base);

/** What a refused or failed call does to the sign-in: 401 ends the session, 403 is a refusal, else a failure. */
function onRefusal(e: unknown): SignInEvent {
  if (e instanceof ApiRefusal && e.status === 401)
    return { type: "ENDED", note: "The session has ended: sign in again." };
  if (e instanceof ApiRefusal && e.status === 403) return { type: "REFUSED", reason: e.message };
  if (e instanceof ApiRefusal) return { type: "FAILED", reason: e.message };
  const f = classifyError(e);
  return f.kind === "rejected" ? { type: "REJECTED" } : { type: "FAILED", reason: f.message };
}

function Conversions({ rows }: { rows: ReferralConversion[] }) {
  if (rows.length === 0) return <p className="owner-muted">No referral conversions yet.</p>;
  const tokens = rows.reduce((a, r) => a + Number(r.tokens ?? 0), 0);
  const usd = rows.reduce((a, r) => a + Number(r.usd ?? 0), 0);
  const referrers = new Set(rows.map((r) => r.referrerCode)).size;
  return (
    <>
      <p className="owner-muted" data-testid="owner-conversions-summary">
        {count(rows.length, "conversion")} from {count(referrers, "referral link")}: {formatDecimal(String(tokens), 0)}{" "}
        tokens, {formatUsd(usd)}
      </p>
      <div className="owner-scroll">
        <table className="owner-table" data-testid="owner-conversions">
          <thead>
            <tr>
              <th>When</th>
              <th>Chain</th>
              <th>Referrer</th>
              <th>Buyer</th>
              <th>Paid</th>
              <th>Tokens</th>
              <th>USD</th>
              <th>Transaction</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const chain = chainOf(r.chainId);
              const link = chain.blockExplorerURL ? `${chain.blockExplorerURL}${r.txHash}` : undefined;
              const tx = `${r.txHash.slice(0, 10)}…`;
              return (
                <tr key={`${r.chainId}:${r.txHash}`} data-testid="owner-conversion" data-tx={r.txHash}>
                  <td>{utc(r.time)}</td>
                  <td>{chain.chainName}</td>
                  <td className="owner-mono" title={r.referrerWallet ?? "a code this server did not issue"}>
                    {r.referrerCode}
                    {r.referrerWallet && <span className="owner-muted"> {shortAddress(r.referrerWallet)}</span>}
                  </td>
                  <td className="owner-mono" title={r.buyer}>
                    {shortAddress(r.buyer)}
                  </td>
                  <td>{r.paid === null ? "—" : `${formatDecimal(r.paid)} ${r.purchaseType ?? ""}`}</td>
                  <td>{r.tokens === null ? "—" : formatDecimal(r.tokens, 0)}</td>
                  <td>{r.usd === null ? "—" : formatUsd(Number(r.usd))}</td>
                  <td className="owner-mono">
                    {link ? (
                      <a href={link} target="_blank" rel="noreferrer">
                        {tx}
                      </a>
                    ) : (
                      <span title={r.txHash}>{tx}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function SignedIn({ token, onCall }: { token: string; onCall: (e: unknown) => void }) {
  const [csv, setCsv] = useState<{ busy: boolean; note?: string }>({ busy: false });
  const q = useQuery({
    queryKey: ["owner-conversions", token],
    queryFn: ({ signal }) => fetchConversions(token, signal),
    refetchInterval: 30_000,
    retry: false,
  });
  useEffect(() => {
    if (q.error) onCall(q.error);
  }, [q.error, onCall]);

  const download = async () => {
    setCsv({ busy: true });
    try {
      const { blob, filename } = await fetchPurchasesCsv(token);
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setCsv({ busy: false, note: `${filename} downloaded.` });
    } catch (e) {
      setCsv({ busy: false, note: e instanceof Error ? e.message : String(e) });
      if (e instanceof ApiRefusal && (e.status === 401 || e.status === 403)) onCall(e);
    }
  };

  return (
    <>
      <div className="owner-private-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="owner-csv"
          disabled={csv.busy}
          onClick={() => void download()}
        >
          {csv.busy ? "Preparing CSV…" : "Download CSV of purchases"}
        </button>
        {csv.note && (
          <span className="owner-muted" role="status" data-testid="owner-csv-note">
            {csv.note}
          </span>
        )}
      </div>
      <h3>Referral conversions</h3>
      {q.data ? (
        <Conversions rows={q.data} />
      ) : (
        <p className="owner-muted">{q.isError ? "The conversions could not be loaded." : "Loading…"}</p>
      )}
    </>
  );
}

export function PrivatePanel() {
  const wallet = useWallet();
  const [state, dispatch] = useReducer(signInReducer, initialSignIn);
  // A session (or a refusal) belongs to the wallet that signed: another account, or none, starts over.
  const signedFor = useRef<string | undefined>(undefined);
  const shownFor = useRef(wallet.address);
  useEffect(() => {
    if (shownFor.current === wallet.address) return;
    shownFor.current = wallet.address;
    dispatch({ type: "ENDED", note: signedFor.current ? "The wallet changed: sign in again." : undefined });
    signedFor.current = undefined;
  }, [wallet.address]);

  const start = async (address: Hex) => {
    dispatch({ type: "START" });
    try {
      const { wagmiConfig } = await loadWeb3();
      const { signMessage } = await import("wagmi/actions");
      const session = await signIn(address, {
        site: window.location.origin,
        sign: (message) => signMessage(wagmiConfig, { account: address, message }),
      });
      signedFor.current = address.toLowerCase();
      dispatch({ type: "SIGNED_IN", session });
    } catch (e) {
      dispatch(onRefusal(e));
    }
  };
  const stop = (token: string) => {
    void endSession(token).catch(() => {});
    signedFor.current = undefined;
    dispatch({ type: "ENDED", note: "Signed out." });
  };
  const [onCall] = useState(() => (e: unknown) => dispatch(onRefusal(e)));

  const address = wallet.isConnected ? wallet.address : undefined;
  return (
    <section className="card owner-private" data-testid="owner-private" data-state={state.kind}>
      <h2>
        Private data <span className="owner-muted">referral conversions and the purchases export</span>
      </h2>
      {state.kind === "signedIn" ? (
        <>
          <p className="owner-muted" data-testid="owner-signed-in">
            Signed in as <span className="owner-mono">{shortAddress(state.session.wallet)}</span> until{" "}
            {utc(Date.parse(state.session.expiresAt))}.{" "}
            <button
              type="button"
              className="link"
              data-testid="owner-signout"
              onClick={() => stop(state.session.token)}
            >
              Sign out
            </button>
          </p>
          <SignedIn token={state.session.token} onCall={onCall} />
        </>
      ) : !address ? (
        <p className="owner-muted">
          Connect the owner&apos;s wallet and sign in to see referral conversions and export every purchase.{" "}
          <button type="button" className="link" data-testid="owner-private-connect" onClick={openConnectModal}>
            Connect wallet
          </button>
        </p>
      ) : state.kind === "refused" ? (
        <p className="owner-unavailable" role="alert" data-testid="owner-signin-refused">
          This wallet does not hold the owner role on {env.base.chainName}: referral data and the export stay hidden.
          <span className="owner-muted"> ({state.reason})</span>
        </p>
      ) : (
        <>
          <p className="owner-muted">
            Signing a message (no transaction, no cost) proves that {shortAddress(address)} holds the owner role on{" "}
            {env.base.chainName}; the server checks it on chain and opens a session of an hour.
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="owner-signin"
            disabled={state.kind === "signing"}
            onClick={() => void start(address)}
          >
            {state.kind === "signing" ? "Check your wallet…" : "Sign in"}
          </button>
          {(state.kind === "rejected" || state.kind === "failed" || (state.kind === "idle" && state.note)) && (
            <p className="owner-muted" role="status" data-testid="owner-signin-note">
              {state.kind === "rejected"
                ? "Sign-in cancelled in the wallet."
                : state.kind === "failed"
                  ? `Sign-in failed: ${state.reason}`
                  : state.note}
            </p>
          )}
        </>
      )}
    </section>
  );
}
