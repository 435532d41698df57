/**
 * axe-core in the page (the e2e suite's dialogs, and `npm run bench:web`'s page states): the violations, each as its
 * rule, impact and the elements it names. A dialog is scanned once its entrance animation is over (colours mid-fade
 * are not what a reader sees).
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ROOT } from "./config.ts";

export type AxeViolation = { id: string; impact: string | null; nodes: string[] };

let axeSource: string | undefined;

/** Waits for the page's finite animations and transitions (a dialog's 300 ms fade-in) to end; spinners loop on. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** Runs axe-core on the whole document as it is now (the open dialog included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= fs.readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.evaluate(axeSource);
  await settled(page);
  return page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) })))`,
  );
}
