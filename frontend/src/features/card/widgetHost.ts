// Opens the card widget through @wert-io/widget-initializer (loaded lazily, only when a card flow starts).
//
// The package already implements the embedding of PRODUCT.md §7 and the lifecycle of section 4: a full-screen
// iframe at {origin}/{partner_id}/widget?{options} (z-index 10000, camera/microphone/payment allowed, sandboxed with
// scripts, forms, popups and same-origin), page scrolling disabled while it is open and restored on close, messages
// read only when they come from the widget's own window and are objects, replies allow-redirect / extra /
// parent-hostname / theme, white background on 3ds-start and transparent on 3ds-end, and a 200 ms check for a
// closed widget window. Its `origin` option points it at any host, so the local stand-in (server/src/widget) is
// driven by the very same code as the real widget in production: no separate iframe host is needed.
//
// This adapter adds what the flow needs around it: the options validated before anything is mounted, a stable
// test id and an accessible title on the iframe, an idempotent close, and a silent `detach` (close without
// reporting a user close) for a cancel or a load timeout before the widget has loaded.
import { packageOptions, validateWidgetOptions, type WidgetListeners, type WidgetOptions } from "./options.ts";

export type WidgetInstance = { open(): void; close(): void };
export type WidgetCtor = new (options: Omit<WidgetOptions, "container_id">) => WidgetInstance;

export const WIDGET_IFRAME_TESTID = "card-widget-iframe";

/** The package, as a separate chunk: it never reaches the initial bundle. */
export async function loadWertWidget(): Promise<WidgetCtor> {
  const mod = (await import("@wert-io/widget-initializer")) as unknown as { default?: WidgetCtor } & WidgetCtor;
  return mod.default ?? mod;
}

export type WidgetHandle = {
  readonly iframe: HTMLIFrameElement | null;
  /** True once the widget is gone (closed by the user, by the flow, or detached). */
  readonly closed: boolean;
  /** Closes the widget; the close listener runs (once). */
  close(): void;
  /** Closes the widget without running the close listener (the flow abandons a widget that never loaded). */
  detach(): void;
  /** Gives the widget the keyboard focus as soon as no modal dialog keeps the rest of the page inert. */
  focus(): void;
};

/** Whether a modal dialog is open (the page outside it is inert: nothing there can take the focus). */
const modalOpen = () => {
  try {
    return !!document.querySelector("dialog:modal");
  } catch {
    return false; // a DOM without :modal (jsdom) has no inert page either
  }
};

/**
 * Validates the options (throws the product's partner_id error before touching the DOM), creates the widget and
 * opens it. The returned handle never closes twice.
 */
export function openWidget(Ctor: WidgetCtor, options: WidgetOptions, iframeTitle = "Card payment"): WidgetHandle {
  validateWidgetOptions(options);
  let closed = false;
  let silent = false;
  let iframe: HTMLIFrameElement | null = null;
  // The package treats anything whose typeof is "object" as a message, null included, and then throws reading its
  // type. null is not an object message (PRODUCT.md §5): stop it before the package's listener sees it.
  const dropNull = (e: MessageEvent) => {
    if (e.data === null && iframe && e.source === iframe.contentWindow) e.stopImmediatePropagation();
  };
  const onClose = options.listeners.close;
  const listeners: WidgetListeners = {
    ...options.listeners,
    close: () => {
      if (closed) return;
      closed = true;
      window.removeEventListener("message", dropNull, true);
      if (!silent) onClose?.();
    },
  };
  const widget = new Ctor({ ...packageOptions(options), listeners });
  const before = new Set(Array.from(document.querySelectorAll("iframe")));
  window.addEventListener("message", dropNull, true);
  widget.open();
  iframe = Array.from(document.querySelectorAll("iframe")).find((f) => !before.has(f)) ?? null;
  if (iframe) {
    iframe.setAttribute("data-testid", WIDGET_IFRAME_TESTID);
    iframe.setAttribute("title", iframeTitle);
  }

  const shut = () => {
    if (closed) return;
    try {
      widget.close(); // removes the iframe, restores scrolling, stops listening, runs the close listener
    } catch {
      // The iframe was already removed by someone else: finish the package's cleanup by hand.
      iframe?.remove();
      document.body.style.overflow = "";
      listeners.close?.();
    }
    closed = true;
    window.removeEventListener("message", dropNull, true);
  };
  const frame = iframe;
  return {
    iframe: frame,
    get closed() {
      return closed;
    },
    close: shut,
    detach() {
      silent = true;
      shut();
    },
    // The widget covers the whole page: focus left behind it would walk the hidden page first. The card modal
    // closes on "loaded" and hands focus back to the page; the widget takes it from there (within about a second).
    focus() {
      let frames = 60;
      const attempt = () => {
        if (closed || !frame?.isConnected) return;
        if (modalOpen() && frames-- > 0) return void requestAnimationFrame(attempt);
        frame.focus();
      };
      attempt();
    },
  };
}
