// Entry: styles only, so the static first-paint shell of index.html (build/shell.ts) paints before any of the
// app's JavaScript is fetched or run. The app (and, in parallel, every chunk it imports) loads after that paint.
import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import "./styles/global.css";
import { afterNextPaint } from "./shared/schedule.ts";

const RELOADED = "shaft.reloaded";

afterNextPaint(
  () =>
    void import("./app/boot.tsx")
      .then((m) => m.boot())
      .catch((err: unknown) => {
        // Typically a chunk that a newer deployment replaced: one reload fetches the current index.html.
        console.error("start-up failed", err);
        try {
          if (sessionStorage.getItem(RELOADED)) return;
          sessionStorage.setItem(RELOADED, "1");
        } catch {
          return;
        }
        window.location.reload();
      }),
);
