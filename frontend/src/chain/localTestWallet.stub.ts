// Resolved for "virtual:local-test-wallet" in every non-local build: there is no test wallet outside local.
import type { CreateConnectorFn } from "wagmi";
export const localTestWallet: (() => CreateConnectorFn) | null = null;
export const LOCAL_TEST_WALLET_ID: string | null = null;
