// Motion the visitor can turn off (WCAG 2.3.3): with the system's "reduce motion" setting, timed animations end at
// once and scrolling jumps instead of gliding. The stylesheet does the same for CSS transitions (global.css).
const reduced = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

/** An animation's duration in ms, or 0 when the visitor asked for reduced motion. */
export const motionMs = (ms: number): number => (reduced() ? 0 : ms);

/** How a scroll the page starts moves: smooth, unless the visitor asked for reduced motion. */
export const scrollBehavior = (): ScrollBehavior => (reduced() ? "auto" : "smooth");
