// The panel's placeholder in the pages: renders nothing until a wallet is connected, then loads the panel's chunk.
import { lazy, Suspense } from "react";
import { useWallet } from "../../chain/index.ts";

const ActivityPanel = lazy(() => import("./ActivityPanel.tsx"));

export function ActivitySection() {
  const { isConnected } = useWallet();
  if (!isConnected) return null;
  return (
    <Suspense fallback={null}>
      <ActivityPanel />
    </Suspense>
  );
}
