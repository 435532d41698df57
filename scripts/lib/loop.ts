/** Long-running mode shared by the keeper and the local relayer: a tick every `intervalMs`, exponential backoff (up to 5 min) while something fails. */
import { ChainDownError } from "./cli.js";

export function runLoop<T>(
  worker: { tick(): Promise<T> },
  intervalMs: number,
  log: (m: string) => void,
  summary: (r: T) => string | undefined = () => undefined,
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((res) => {
      if (stopped) return res();
      wake = res;
      timer = setTimeout(res, ms);
    });
  const loop = async () => {
    while (!stopped) {
      try {
        const r = await worker.tick();
        if (failures > 0) log(`recovered after ${failures} failed tick(s)`);
        failures = 0;
        const line = summary(r);
        if (line !== undefined) log(line);
      } catch (e) {
        failures++;
        const delay = Math.min(intervalMs * 2 ** Math.min(failures, 10), 300_000);
        log(
          `${e instanceof ChainDownError ? "chain down" : "tick failed"}: ${(e as Error).message}; retry ${failures} in ${Math.round(delay / 1000)} s`,
        );
        await sleep(delay);
        continue;
      }
      await sleep(intervalMs);
    }
  };
  const running = loop();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}
