import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, refetchIntervalInBackground: false } },
});

/** No wagmi context on purpose: the wallet layer loads when the page is idle (features/wallet/walletState.ts). */
export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
