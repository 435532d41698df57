/** `set-payment-wallet --address 0x…`: where payments go (after the splits). */
import { parseAddress } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const setPaymentWallet = onNetwork({
  names: ["set-payment-wallet"],
  usage: "  set-payment-wallet --address 0x…",
  options: { address: { type: "string" } },
  async run({ v, chain, header, execute }) {
    const pw = parseAddress(v.address, "--address");
    header("set payment wallet");
    const curPw = await chain.presale.paymentWallet();
    const calls = curPw === pw ? [] : [call(chain.presale, "Presale", "setPaymentWallet", [pw], `${curPw} → ${pw}`)];
    await execute(calls, "Set payment wallet");
  },
});
