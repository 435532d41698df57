// Focus after a step that replaces the focused element (the Buy button becomes a status view, "Buy more" becomes the
// form, a dialog's opener is gone once it closes): the browser drops focus to the page body, and a keyboard or screen
// reader user would start again from the top. These put it on the sensible element of what replaced it.
import { useEffect, useRef } from "react";

/** Whether focus was lost: nothing, or the body, has it. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** Focuses `el`, making a heading or other non-control focusable by script only (tabindex -1). */
export function focusElement(el: HTMLElement | null | undefined): boolean {
  if (!el) return false;
  if (!el.matches("input, button, a[href], select, textarea, [tabindex]")) el.setAttribute("tabindex", "-1");
  el.focus();
  return document.activeElement === el;
}

/** The element to focus inside `root`: its first enabled field, else its heading, else its first control. */
export function preferredFocus(root: Element | null | undefined): HTMLElement | null {
  return (
    root?.querySelector<HTMLElement>("input:not([disabled]):not([type=hidden])") ??
    root?.querySelector<HTMLElement>("h2, h3, h4") ??
    root?.querySelector<HTMLElement>("button:not([disabled]), a[href]") ??
    null
  );
}

/**
 * When `key` changes (not on the first render, unless `onMount`: a view that only ever mounts in place of what the
 * person just used) and focus was lost with the change, focus `target()`. Never takes focus from wherever the person
 * put it, and never on page load.
 */
export function useFocusRescue(key: unknown, target: () => HTMLElement | null | undefined, { onMount = false } = {}) {
  const first = useRef(!onMount);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusLost()) focusElement(target());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for a change of key only
  }, [key]);
}

/**
 * Where a closing dialog sends focus when its opener is gone (replaced while it was open, e.g. the connect button by
 * the form): the preferred element of the opener's nearest ancestor still in the page.
 */
export function openerFallback(ancestors: Element[]): HTMLElement | null {
  for (const a of ancestors) {
    if (!a.isConnected || a === document.body) continue;
    const found = preferredFocus(a);
    if (found) return found;
  }
  return null;
}

/**
 * After focus went back to a dialog's opener: if the opener is replaced within the next second (the page re-renders
 * once connected, after the dialog closed) and the focus went with it, hand it over as openerFallback does.
 */
export function followReplacedOpener(opener: HTMLElement, ancestors: Element[], frames = 60): void {
  const check = () => {
    if (opener.isConnected)
      return void (frames-- > 0 && document.activeElement === opener && requestAnimationFrame(check));
    if (focusLost()) focusElement(openerFallback(ancestors));
  };
  requestAnimationFrame(check);
}
