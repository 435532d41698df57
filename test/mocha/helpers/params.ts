/**
 * The presales' constructor parameters for tests that deploy one themselves (constructor checks, a presale without
 * USDC): a valid two-round set next to an existing deployment's feed and messenger, to be varied one field at a time.
 */
import type { Presale } from "../../../typechain-types/EthereumPresale.js";
import { DAY, HEARTBEAT, now, type Deployment } from "./fixtures.js";

export type InitParams = Presale.InitParamsStruct;

/** A valid parameter set with two small rounds, Ethereum's quota 40 of each 100, starting now. */
export async function smallParams(d: Deployment): Promise<InitParams> {
  const t = await now(d.conn);
  return {
    owner: d.owner.address,
    adminDelay: 0,
    usdt: d.ethers.ZeroAddress,
    usdc: await d.usdc.getAddress(),
    priceFeed: await d.feed.getAddress(),
    priceFeedHeartbeat: HEARTBEAT,
    sequencerFeed: d.ethers.ZeroAddress,
    sequencerGracePeriod: 0n,
    paymentWallet: d.paymentWallet.address,
    startTime: t,
    endTime: t + 100n * DAY,
    maxTokensToBuy: 1_000n,
    caps: [100n, 200n],
    prices: [10n ** 15n, 2n * 10n ** 15n],
    endTimes: [t + 10n * DAY, t + 20n * DAY],
    ethereumQuotas: [40n, 40n],
    messenger: await d.messenger.getAddress(),
  };
}

/** The LadderBook library deployed for `d`'s chain, as the presale factories' link. */
export async function ladderLibrary(d: Deployment) {
  const book = await d.ethers.deployContract("LadderBook");
  return { libraries: { LadderBook: await book.getAddress() } };
}
