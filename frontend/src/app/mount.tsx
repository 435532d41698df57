import { StrictMode, startTransition, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Providers } from "./Providers.tsx";
import { routes } from "./routes.tsx";
import { hasStoredWallet, loadWeb3 } from "../chain/index.ts";
import { whenIdle, yieldToMain } from "../shared/schedule.ts";

/** Renders the app into `container`. */
export async function mount(container: HTMLElement): Promise<void> {
  const router = createBrowserRouter(routes); // matches the URL and reads session storage: a task of its own
  await yieldToMain();
  const root = createRoot(container);
  // A transition render is time-sliced: React yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole tree.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          {/* No fallback: until translations arrive the first-paint shell from index.html stays on screen. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  );
  // The wallet layer (wagmi, connectors, reconnect) starts once the page is idle when there is a connection to
  // restore, else when the visitor connects; the presale data does not wait for it (presale/chainReads.ts).
  whenIdle(() => {
    if (hasStoredWallet()) void loadWeb3();
  });
}
