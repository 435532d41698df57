/**
 * What an Ethereum presale sent to Base: its reports, decoded from OP's L1 messenger's `SentMessage` events
 * (deployPair's deliver/deliverAll play the portal's deposits on Base).
 */
import { IBasePresale__factory } from "../../../typechain-types/index.js";
import type { IBasePresale } from "../../../typechain-types/index.js";
import type { Deployment } from "./fixtures.js";

export interface SentReport {
  deposits: IBasePresale.RelayedDepositStructOutput[];
  quotas: bigint[];
  used: bigint[];
  tokensSold: bigint;
  usdRaised: bigint;
  closed: boolean;
}

/** Every report the Ethereum presale of `d` has sent, oldest first. */
export async function reportsSent(d: Deployment<"hardhatEth">): Promise<SentReport[]> {
  const iface = IBasePresale__factory.createInterface();
  const logs = await d.messenger.queryFilter(d.messenger.filters.SentMessage());
  return logs.map((log) => {
    const r = iface.decodeFunctionData("receiveEthereumReport", log.args.message);
    return {
      deposits: r[0] as IBasePresale.RelayedDepositStructOutput[],
      quotas: [...(r[1] as bigint[])],
      used: [...(r[2] as bigint[])],
      tokensSold: r[3] as bigint,
      usdRaised: r[4] as bigint,
      closed: r[5] as boolean,
    };
  });
}
