/**
 * Runs `fn` once the browser has painted the next frame: a task queued from requestAnimationFrame runs after that
 * frame's paint. Hidden tabs get no frames, so a timeout stands in for them.
 */
export function afterNextPaint(fn: () => void, hiddenFallbackMs = 100): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  if (document.visibilityState === "hidden") setTimeout(run, hiddenFallbackMs);
}

/** Ends the current task so the browser can paint and handle input before the next piece of start-up work. */
export const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `fn` when the browser is idle (at the latest after `timeoutMs`); a timeout where idle callbacks are missing. */
export function whenIdle(fn: () => void, timeoutMs = 2_000): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 50);
}
