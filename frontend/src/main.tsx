// Entry: styles only, so the static first-paint shell of index.html (build/shell.ts) paints before any of the
// app's JavaScript is fetched or run. The app (and, in parallel, every chunk it imports) loads after that paint.
import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import "./styles/global.css";
import { afterNextPaint } from "./shared/schedule.ts";

afterNextPaint(() => void import("./app/boot.tsx").then((m) => m.boot()));
