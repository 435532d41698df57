// @vitest-environment jsdom
// Routes of PRODUCT.md §2, rendered through the real route table with the page components stubbed.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";

vi.mock("./AppShell.tsx", () => ({ AppShell: () => <Outlet /> }));
vi.mock("../features/layout/HomePage.tsx", () => ({ default: () => <p>HOME</p> }));
vi.mock("../features/staking/StakingPage.tsx", () => ({ default: () => <p>STAKING</p> }));

const { routes } = await import("./routes.tsx");

async function go(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(() => {
    render(<RouterProvider router={router} />);
    return Promise.resolve(); // an async act: the router's loaders and lazy routes settle inside it
  });
  return router;
}

afterEach(cleanup);

describe("routes", () => {
  it.each([
    ["/", "/", "HOME"],
    ["/ru", "/ru", "HOME"],
    ["/zh-hans", "/zh-hans", "HOME"],
    ["/staking", "/staking", "STAKING"],
    ["/es/staking", "/es/staking", "STAKING"],
    ["/zh-hant/staking", "/zh-hant/staking", "STAKING"],
    ["/en", "/", "HOME"],
    ["/en/staking", "/staking", "STAKING"],
    ["/nope", "/", "HOME"],
    ["/de/staking", "/", "HOME"],
    ["/a/b/c", "/", "HOME"],
  ])("%s -> %s", async (from, to, text) => {
    const router = await go(from);
    expect(router.state.location.pathname).toBe(to);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
