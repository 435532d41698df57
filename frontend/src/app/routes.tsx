// Routes of PRODUCT.md §2: /, /{lang}, /staking, /{lang}/staking, /owner (English only); /en -> /; unknown -> /.
import { lazy, Suspense } from "react";
import { Navigate, useParams, type RouteObject } from "react-router";
import { isLang } from "../features/i18n/index.ts";
import { HomePage } from "../features/layout/index.ts";
import { loadOwnerPage } from "../features/owner/index.ts";
import { loadStakingPage, StakingPageLoading } from "../features/staking/index.ts";
import { AppShell } from "./AppShell.tsx";

const LazyStakingPage = lazy(loadStakingPage);
/** The staking page; its hero stands in while the chunk loads (the first paint's largest text stays in place). */
const StakingPage = () => (
  <Suspense fallback={<StakingPageLoading />}>
    <LazyStakingPage />
  </Suspense>
);
// The owner console (English only): its own chunk, never part of the buyers' pages.
const OwnerPage = lazy(loadOwnerPage);

/** A language segment is only valid for non-English codes; /en/... goes to the root equivalent. */
function LangGate({ page }: { page: "home" | "staking" }) {
  const { lang } = useParams();
  if (lang === "en") return <Navigate to={page === "home" ? "/" : "/staking"} replace />;
  if (!isLang(lang)) return <Navigate to="/" replace />;
  return page === "home" ? <HomePage /> : <StakingPage />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/staking", element: <StakingPage /> },
      { path: "/owner", element: <OwnerPage /> },
      { path: "/:lang", element: <LangGate page="home" /> },
      { path: "/:lang/staking", element: <LangGate page="staking" /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
