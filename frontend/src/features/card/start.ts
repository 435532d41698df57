// The card flow wired to this environment (loaded lazily by index.ts when a card purchase starts).
import i18next from "i18next";
import type { Address, Hash } from "viem";
import { isDeployed } from "../../config/contracts.ts";
import { env } from "../../config/env.ts";
import { loadWagmiIO } from "../../chain/index.ts";
import { getSwapState, type SwapEvent } from "../buy/index.ts";
import { runCardFlow, type CardFlowConfig, type CardFlowDeps, type CardFlowRequest } from "./flow.ts";
import { loadWertWidget } from "./widgetHost.ts";

export const CARD_MODAL_DELAY_MS = 1_000;
export const CARD_LOAD_TIMEOUT_MS = 45_000;

export function cardConfig(): CardFlowConfig {
  return {
    sessionUrl: env.wertUrl,
    origin: env.wertOrigin,
    partnerId: env.partnerId,
    tokenSymbol: env.tokenName,
    chainId: env.base.chainIdInt,
    presale: isDeployed(env.base.presaleAddress) ? env.base.presaleAddress : undefined,
    modalDelayMs: CARD_MODAL_DELAY_MS,
    loadTimeoutMs: CARD_LOAD_TIMEOUT_MS,
  };
}

async function waitForReceipt(hash: Hash, account: Address) {
  const { wagmiIO } = await loadWagmiIO();
  return wagmiIO(env.base.chainIdInt, account).waitForReceipt(hash);
}

export function defaultCardDeps(dispatch: (e: SwapEvent) => void): CardFlowDeps {
  return {
    dispatch,
    getState: getSwapState,
    config: cardConfig(),
    loadWidget: loadWertWidget,
    waitForReceipt,
    t: (key, opts) => String(i18next.t(key, opts ?? {})),
  };
}

export const startCard = (req: CardFlowRequest, dispatch: (e: SwapEvent) => void) =>
  runCardFlow(req, defaultCardDeps(dispatch));
