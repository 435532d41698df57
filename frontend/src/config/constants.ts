// Business constants of PRODUCT.md §9.
export const TOTAL_SUPPLY_LADDER = 80_000_000;
export const DEFAULT_SALE_PRICE = 0.0337;
export const UNLIMITED_APPROVAL = 10n ** 26n;

/** The ten rounds shown before chain data arrives (chain values replace them). */
export const INITIAL_ROUNDS = (() => {
  const caps = [4.5e6, 10e6, 16.5e6, 23.5e6, 32.5e6, 43e6, 54e6, 64e6, 73e6, 80e6];
  const prices = [0.006, 0.0065, 0.007, 0.0075, 0.0085, 0.0095, 0.0105, 0.0115, 0.0125, 0.014];
  return caps.map((cap, i) => ({ cap, price: prices[i], endTime: 1746698400 + 259200 * i }));
})();

export const TIMINGS = {
  refreshConnectedMs: 10_000,
  refreshIdleMs: 20_000,
  stageRefreshMs: 3_000,
  stakingPollMs: 500,
  widgetPollMs: 500,
  debounceMs: 500,
  countdownTickMs: 1_000,
  maxAutofillMs: 1_000,
  promoDelayMs: 500,
  modalAnimMs: 300,
  backdropMs: 150,
  menuOpenMs: 300,
  menuCloseMs: 600,
  scrollThreshold: 50,
} as const;

export const RPC = {
  retryCount: 3,
  retryDelay: 150,
  timeout: 10_000,
  batchSize: 1000,
  pollingInterval: 4_000,
  receiptRetries: 6,
} as const;

export const COOKIE_LIFETIME = { general: 15_778_462, referrer: 34_560_000 } as const;
