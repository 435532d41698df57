/**
 * The stand-in widget page. Its script speaks the real widget's postMessage protocol to window.parent:
 *   out: {type:"loaded"} | {type:"payment-status", data:{status, payment_id, order_id, tx_id?, external_order_id}}
 *        | {type:"position", data:{step}} | {type:"rate-update", data:{ticker, commodity_amount, ...}}
 *        | {type:"error", data:{name, message}} | {type:"3ds-start"} | {type:"3ds-end"} | {type:"close"}
 *   in (host replies, only from window.parent): allow-redirect, extra, parent-hostname, theme
 */
import type { ParsedOptions } from "./server.ts";

export interface PageModel {
  options: ParsedOptions;
  check: { ok: boolean; problems: string[] };
  summary: { user?: string; tokens?: string; stake?: boolean; usdPerEth?: number };
}

/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

export function renderPage(model: PageModel, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card payment (local stand-in)</title>
<style nonce="${nonce}">
  :root { --bg: #f4f5f7; --card: #fff; --fg: #16181d; --muted: #667085; --line: #e4e7ec; --accent: #2f6fed; --ok: #12805c; --bad: #c0362c; }
  body.dark { --bg: #0f1115; --card: #181b22; --fg: #eef0f4; --muted: #98a2b3; --line: #2a2f3a; --accent: #5b8cff; }
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; }
  body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: rgba(0,0,0,.55); color: var(--fg); display: flex; align-items: center; justify-content: center; padding: 16px; }
  .panel { background: var(--card); width: 100%; max-width: 420px; border-radius: 14px; box-shadow: 0 12px 40px rgba(0,0,0,.3); overflow: hidden; position: relative; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 16px 20px; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 16px; margin: 0; }
  header small { color: var(--muted); display: block; font-size: 12px; }
  .x { background: none; border: 0; font-size: 22px; line-height: 1; cursor: pointer; color: var(--muted); padding: 4px 8px; }
  main { padding: 18px 20px 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 16px; }
  dt { color: var(--muted); } dd { margin: 0; text-align: right; word-break: break-all; }
  .fields { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin-bottom: 16px; }
  .fields label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 4px; }
  .fields label.wide { grid-column: 1 / -1; }
  .fields label { min-width: 0; }
  input { width: 100%; min-width: 0; font: inherit; padding: 9px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); color: var(--fg); }
  .row { display: flex; gap: 8px; flex-wrap: wrap; }
  button.b { font: inherit; border-radius: 8px; border: 1px solid var(--line); padding: 10px 14px; cursor: pointer; background: var(--card); color: var(--fg); flex: 1; }
  button.b.primary { background: var(--accent); border-color: var(--accent); color: #fff; flex-basis: 100%; font-weight: 600; }
  button.b:disabled { opacity: .5; cursor: default; }
  .status { margin-top: 14px; min-height: 22px; font-size: 14px; color: var(--muted); word-break: break-all; }
  .status.ok { color: var(--ok); } .status.bad { color: var(--bad); }
  .problems { background: #fdecea; color: var(--bad); border-radius: 8px; padding: 10px 12px; margin: 0 0 14px; font-size: 13px; }
  .problems ul { margin: 4px 0 0; padding-left: 18px; }
  .tds { position: absolute; inset: 0; background: #fff; color: #16181d; display: none; flex-direction: column; align-items: center; justify-content: center; gap: 14px; padding: 24px; text-align: center; }
  .tds.on { display: flex; }
  .tds button.b:not(.primary) { background: #fff; color: #16181d; border-color: #d0d5dd; }
  .full { width: 100%; }
  .tag { font-size: 11px; letter-spacing: .04em; text-transform: uppercase; background: #fff4d6; color: #8a5a00; padding: 2px 6px; border-radius: 4px; }
</style>
</head>
<body>
<div class="panel" role="dialog" aria-labelledby="title">
  <header>
    <div><h1 id="title">Pay by card</h1><small><span class="tag">local stand-in</span> <span id="item"></span></small></div>
    <button class="x" id="close" type="button" aria-label="Close">&times;</button>
  </header>
  <main>
    <div id="problems" class="problems" hidden><strong>This payment cannot be made</strong><ul id="problem-list"></ul></div>
    <dl>
      <dt>You receive</dt><dd id="s-tokens">&ndash;</dd>
      <dt>Amount</dt><dd id="s-amount">&ndash;</dd>
      <dt>Network</dt><dd id="s-network">&ndash;</dd>
      <dt>Wallet</dt><dd id="s-wallet">&ndash;</dd>
    </dl>
    <div class="fields" aria-label="Card (simulated)">
      <label class="wide">Card number<input value="4242 4242 4242 4242" inputmode="numeric" autocomplete="off"></label>
      <label>Expiry<input value="12/34" autocomplete="off"></label>
      <label>CVC<input value="123" autocomplete="off"></label>
    </div>
    <div class="row">
      <button class="b primary" id="pay" type="button">Pay</button>
      <button class="b" id="tds" type="button">3-D Secure</button>
      <button class="b" id="cancel" type="button">Cancel</button>
      <button class="b" id="fail" type="button">Fail</button>
    </div>
    <div class="status" id="status" role="status" aria-live="polite"></div>
  </main>
  <div class="tds" id="tds-screen" aria-live="assertive">
    <strong>3-D Secure check</strong>
    <div>Your bank asks you to confirm this payment.</div>
    <div class="row full">
      <button class="b primary" id="tds-ok" type="button">Confirm</button>
      <button class="b" id="tds-no" type="button">Decline</button>
    </div>
  </div>
</div>
<script type="application/json" id="model">${scriptJson(model)}</script>
<script nonce="${nonce}">
(() => {
  "use strict";
  const model = JSON.parse(document.getElementById("model").textContent);
  const o = model.options;
  const $ = (id) => document.getElementById(id);
  // The host page: messages go to its origin when known (document.referrer), and only its messages are read.
  let parentOrigin = "*";
  try { if (document.referrer) parentOrigin = new URL(document.referrer).origin; } catch (e) {}
  const post = (type, data) => { if (window.parent !== window) window.parent.postMessage(data === undefined ? { type } : { type, data }, parentOrigin); };
  const orderId = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()));
  const payment = (status, txId) => post("payment-status", Object.assign(
    { status, payment_id: "pay_" + orderId.slice(0, 8), order_id: orderId, external_order_id: o.clickId || "" },
    txId ? { tx_id: txId } : {}));
  const setStatus = (text, cls) => { const s = $("status"); s.textContent = text; s.className = "status" + (cls ? " " + cls : ""); };
  const buttons = ["pay", "tds", "cancel", "fail"].map($);
  const lock = (on) => buttons.forEach((b) => { b.disabled = on || !model.check.ok; });

  if (o.theme === "dark") document.body.classList.add("dark");
  $("s-tokens").textContent = model.summary.tokens ? Number(model.summary.tokens).toLocaleString("en-US") + " tokens" + (model.summary.stake ? " (staked)" : "") : "–";
  const usd = model.summary.usdPerEth ? " ≈ $" + (Number(o.commodityAmount) * model.summary.usdPerEth).toFixed(2) : "";
  $("s-amount").textContent = o.commodityAmount ? o.commodityAmount + " " + (o.commodity || "ETH") + usd : "–";
  $("s-network").textContent = o.network || "–";
  $("s-wallet").textContent = o.address ? o.address.slice(0, 6) + "…" + o.address.slice(-5) : "–";
  if (!model.check.ok) {
    $("problems").hidden = false;
    for (const p of model.check.problems) { const li = document.createElement("li"); li.textContent = p; $("problem-list").appendChild(li); }
  }
  lock(false);

  window.addEventListener("message", (ev) => {
    if (ev.source !== window.parent || !ev.data || typeof ev.data !== "object") return;
    const { type, data } = ev.data;
    if (type === "extra" && data && data.item_info && data.item_info.name) $("item").textContent = String(data.item_info.name).slice(0, 40);
    if (type === "theme" && data) document.body.classList.toggle("dark", data.theme === "dark");
  });

  async function pay() {
    lock(true);
    setStatus("Charging card…");
    payment("pending");
    post("position", { step: "processing" });
    try {
      const r = await fetch(location.pathname + "/pay", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: location.search }) });
      const j = await r.json();
      if (!r.ok) throw new Error(j.reason || "payment refused");
      const tx = j.tx_id;
      payment("pending", tx);
      setStatus("Sending tokens… " + tx.slice(0, 10) + "…" + tx.slice(-8));
      for (let i = 0; i < 240; i++) {
        const s = await (await fetch(location.pathname + "/tx/" + tx)).json();
        if (s.status === "success") { payment("success", tx); post("position", { step: "success" }); setStatus("Payment complete · transaction " + tx.slice(0, 10) + "…" + tx.slice(-8), "ok"); return; }
        if (s.status === "failed") { payment("failed", tx); setStatus("The purchase transaction reverted: " + tx, "bad"); return; }
        await new Promise((res) => setTimeout(res, 500));
      }
      throw new Error("timed out waiting for the transaction");
    } catch (e) {
      payment("failed");
      post("error", { name: "PaymentError", message: String(e && e.message || e) });
      setStatus("Payment failed: " + String(e && e.message || e), "bad");
    }
  }

  $("pay").addEventListener("click", pay);
  $("cancel").addEventListener("click", () => { lock(true); payment("canceled"); setStatus("Payment canceled.", "bad"); });
  $("fail").addEventListener("click", () => { lock(true); payment("failed"); setStatus("Card declined (simulated).", "bad"); });
  $("tds").addEventListener("click", () => { lock(true); post("3ds-start"); $("tds-screen").classList.add("on"); });
  $("tds-ok").addEventListener("click", () => { $("tds-screen").classList.remove("on"); post("3ds-end"); pay(); });
  $("tds-no").addEventListener("click", () => { $("tds-screen").classList.remove("on"); post("3ds-end"); payment("failed"); setStatus("3-D Secure declined.", "bad"); });
  $("close").addEventListener("click", () => post("close"));

  post("loaded");
  if (model.check.ok) {
    post("position", { step: "card" });
    post("rate-update", {
      ticker: o.commodity || "ETH", fee_percent: "0", fee_amount: "0", miner_fee: "0", currency_miner_fee: "0",
      commodity_amount: o.commodityAmount, purchase_amount: o.commodityAmount,
      currency_amount: model.summary.usdPerEth ? (Number(o.commodityAmount) * model.summary.usdPerEth).toFixed(2) : "",
    });
  } else {
    post("error", { name: "InvalidOptions", message: model.check.problems.join("; ") });
  }
})();
</script>
</body>
</html>`;
}
