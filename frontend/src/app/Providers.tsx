import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../shared/queryClient.ts";

/** No wagmi context on purpose: the wallet layer loads when the page is idle (chain/walletState.ts). */
export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
