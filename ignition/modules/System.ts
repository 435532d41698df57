/**
 * The whole system of one chain as an Ignition module, built for a "shape" (which stand-ins are deployed, how many
 * card providers...) while every value comes from module parameters (deploy/params/<network>.json, resolved by
 * deploy/schema.ts). Future ids equal the keys of deployments/deployedContracts.ts.
 *
 * Ethereum side ("EthSystem"): EthereumPresale + stand-ins where the network has no real contract.
 * Base side ("BaseSystem"): SaleToken + BasePresale (built with the sale token) + Staking, linked
 * (setStaking/setPresale), the presale funded for claims and buy-and-stake, the staking reward reserve funded,
 * CARD_PROVIDER_ROLE to each card provider.
 * Both: the OP Stack messenger (on Ethereum Base's L1CrossDomainMessenger, on Base the L2 predeploy; on the local
 * chains scripts/lib/deploy.ts deploys OP's own contracts there first), the round table with Ethereum's quota of
 * each round (the same on both chains), splits, sanctions oracle. No role for the keeper: it only relays, which
 * anyone may. The future id of either presale is "Presale", the key both chains have in deployments/.
 * The two presales learn each other afterwards (setRemotePresale, scripts/lib/deploy.ts linkPresales).
 */
import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import { L2_MESSENGER_PREDEPLOY } from "../../deploy/schema.js";

export interface SystemShape {
  chain: "eth" | "base";
  /** true = deploy the stand-in from contracts/mocks; false = use the address parameter. */
  mocks: {
    usdt: boolean;
    usdc: boolean;
    ethUsdFeed: boolean;
    sequencerFeed: boolean;
    sanctionsList: boolean;
    multicall3: boolean;
  };
  /** false when the chain has no such contract at all (USDT on Base, sequencer feed on L1, no sanctions oracle). */
  has: { usdt: boolean; sequencerFeed: boolean; sanctionsList: boolean };
  cardProviders: number;
  splits: boolean;
  presaleFunding: boolean;
  rewardFunding: boolean;
}

/** A deployed contract inside a module (what `m.contract` returns and `m.call` takes). */
type ContractFuture = Parameters<Parameters<Parameters<typeof buildModule>[1]>[0]["call"]>[0];

export const moduleId = (chain: "eth" | "base") => (chain === "eth" ? "EthSystem" : "BaseSystem");
const ZERO = "0x0000000000000000000000000000000000000000";

export function buildSystemModule(shape: SystemShape) {
  return buildModule(moduleId(shape.chain), (m) => {
    const deployer = m.getAccount(0);
    const results: Record<string, ContractFuture> = {};

    // ---- stand-ins (local chains and testnets) or external addresses
    const addressOf = (key: keyof SystemShape["mocks"], deployMock: () => ContractFuture) => {
      if (shape.mocks[key]) return deployMock();
      return m.getParameter<string>(key);
    };
    const usdt = !shape.has.usdt
      ? ZERO
      : addressOf("usdt", () => (results.USDT = m.contract("MockUSDT", [], { id: "USDT" })));
    const usdc = addressOf("usdc", () => (results.USDC = m.contract("MockUSDC", [], { id: "USDC" })));
    const ethUsdFeed = addressOf(
      "ethUsdFeed",
      () =>
        (results.EthUsdFeed = m.contract(
          "MockV3Aggregator",
          [8, m.getParameter("mockEthUsdAnswer", 3000_00000000n), "ETH / USD"],
          { id: "EthUsdFeed" },
        )),
    );
    const sequencerFeed = !shape.has.sequencerFeed
      ? ZERO
      : addressOf(
          "sequencerFeed",
          () =>
            (results.SequencerFeed = m.contract("MockV3Aggregator", [0, 0, "L2 Sequencer Uptime Status Feed"], {
              id: "SequencerFeed",
            })),
        );
    const sanctionsList = !shape.has.sanctionsList
      ? undefined
      : addressOf(
          "sanctionsList",
          () => (results.SanctionsList = m.contract("MockSanctionsList", [], { id: "SanctionsList" })),
        );
    const messenger = shape.chain === "base" ? L2_MESSENGER_PREDEPLOY : m.getParameter<string>("messenger");
    if (shape.mocks.multicall3) results.Multicall3 = m.contract("Multicall3", [], { id: "Multicall3" });

    // ---- sale token (claim chain only); minted to the deployer, who funds presale and staking below
    const saleToken =
      shape.chain === "base"
        ? (results.SaleToken = m.contract("SaleToken", [
            m.getParameter("tokenName"),
            m.getParameter("tokenSymbol"),
            m.getParameter("tokenSupply"),
            deployer,
          ]))
        : undefined;

    // ---- presale (linked with its ladder library, which keeps it under the contract size limit)
    const ladderBook = m.library("LadderBook");
    const init = {
      owner: deployer,
      adminDelay: m.getParameter("adminDelay"),
      usdt,
      usdc,
      priceFeed: ethUsdFeed,
      priceFeedHeartbeat: m.getParameter("priceFeedHeartbeat"),
      sequencerFeed,
      sequencerGracePeriod: m.getParameter("sequencerGracePeriod", 0n),
      paymentWallet: m.getParameter("paymentWallet"),
      startTime: m.getParameter("startTime"),
      endTime: m.getParameter("endTime"),
      maxTokensToBuy: m.getParameter("maxTokensToBuy"),
      caps: m.getParameter("caps"),
      prices: m.getParameter("prices"),
      endTimes: m.getParameter("endTimes"),
      ethereumQuotas: m.getParameter("ethereumQuotas"),
      messenger,
    };
    const linked = { id: "Presale", libraries: { LadderBook: ladderBook } };
    const presale = (results.Presale =
      saleToken === undefined
        ? m.contract("EthereumPresale", [init], linked)
        : m.contract("BasePresale", [init, saleToken], linked));

    // ---- roles (Base only: card purchases exist there alone), splits, sanctions
    if (shape.cardProviders > 0) {
      const cardRole = m.staticCall(presale, "CARD_PROVIDER_ROLE", [], 0, { id: "CardProviderRole" });
      for (let i = 0; i < shape.cardProviders; i++) {
        m.call(presale, "grantRole", [cardRole, m.getParameter(`cardProvider${i}`)], {
          id: `GrantCardProviderRole${i}`,
        });
      }
    }
    if (shape.splits)
      m.call(presale, "setSplits", [m.getParameter("splitWallets"), m.getParameter("splitBps")], { id: "SetSplits" });
    if (sanctionsList !== undefined) {
      m.call(presale, "setSanctions", [sanctionsList, m.getParameter("sanctionsEnabled")], { id: "SetSanctions" });
    }

    // ---- staking, links and funding (claim chain)
    if (saleToken !== undefined) {
      const staking = (results.Staking = m.contract("Staking", [
        deployer,
        saleToken,
        m.getParameter("stakingApyBps"),
        m.getParameter("stakingLockTime"),
        m.getParameter("stakingEndTime"),
        m.getParameter("stakingMaxDepositLimit"),
      ]));
      const linkP = m.call(presale, "setStaking", [staking], { id: "LinkPresaleToStaking" });
      const linkS = m.call(staking, "setPresale", [presale], { id: "LinkStakingToPresale" });
      if (shape.presaleFunding) {
        m.call(saleToken, "transfer", [presale, m.getParameter("presaleFunding")], {
          id: "FundPresale",
          after: [linkP, linkS],
        });
      }
      if (shape.rewardFunding) {
        const approve = m.call(saleToken, "approve", [staking, m.getParameter("rewardFunding")], {
          id: "ApproveRewards",
        });
        m.call(staking, "fundRewards", [m.getParameter("rewardFunding")], { id: "FundRewards", after: [approve] });
      }
    }
    return results;
  });
}

/** The shape of the local stack / default CLI modules: every stand-in deployed, one card provider on Base, one split. */
export function localShape(chain: "eth" | "base"): SystemShape {
  return {
    chain,
    mocks: {
      usdt: chain === "eth",
      usdc: true,
      ethUsdFeed: true,
      sequencerFeed: chain === "base",
      sanctionsList: true,
      multicall3: true,
    },
    has: { usdt: chain === "eth", sequencerFeed: chain === "base", sanctionsList: true },
    cardProviders: chain === "base" ? 1 : 0,
    splits: true,
    presaleFunding: chain === "base",
    rewardFunding: chain === "base",
  };
}
