// Keyboard use of a popup list (language listbox, payment menu): arrows, Home and End move between the enabled
// items, Enter or Space choose (they are buttons), Escape closes and hands focus back to the button that opened it.
import type { KeyboardEvent } from "react";

export function focusInitial(container: HTMLElement | null, itemSelector: string) {
  if (!container) return;
  const items = [...container.querySelectorAll<HTMLElement>(itemSelector)].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  );
  (items.find((el) => el.getAttribute("aria-selected") === "true") ?? items[0])?.focus();
}

export function onMenuKeyDown(
  e: KeyboardEvent<HTMLElement>,
  itemSelector: string,
  close: () => void,
  trigger: HTMLElement | null,
) {
  if (e.key === "Escape") {
    e.preventDefault();
    e.stopPropagation(); // an open menu inside a dialog closes alone
    close();
    trigger?.focus();
    return;
  }
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(itemSelector)].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  );
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    e.key === "ArrowDown"
      ? (at + 1) % items.length
      : e.key === "ArrowUp"
        ? at <= 0
          ? items.length - 1
          : at - 1
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? items.length - 1
            : -1;
  if (next < 0) return;
  e.preventDefault();
  items[next].focus();
}
