import { useEffect, useRef, useState } from "react";

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function useInterval(fn: () => void, ms: number | null) {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => ref.current(), ms);
    return () => clearInterval(id);
  }, [ms]);
}

export function useMediaQuery(query: string): boolean {
  const get = () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : false);
  const [m, setM] = useState(get);
  useEffect(() => {
    if (!window.matchMedia) return;
    const mq = window.matchMedia(query);
    const on = () => setM(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, [query]);
  return m;
}

/** PRODUCT.md §9: 1024 px and below is the phone layout. */
export const useIsMobileLayout = () => useMediaQuery("(max-width: 1024px)");

/** Touch devices without a fine pointer: no browser extensions there. */
export function isMobileDevice(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/**
 * True once the page is scrolled more than `px`. A 1 px marker at that depth is watched with an
 * IntersectionObserver, which reports asynchronously: reading scrollY during the commit forced a layout of the
 * whole page in the middle of start-up.
 */
export function useScrolledPast(px: number): boolean {
  const [s, setS] = useState(false);
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") {
      const on = () => setS(window.scrollY > px);
      window.addEventListener("scroll", on, { passive: true });
      return () => window.removeEventListener("scroll", on);
    }
    const marker = document.createElement("div");
    marker.setAttribute("aria-hidden", "true");
    marker.style.cssText = `position:absolute;top:${px}px;left:0;width:1px;height:1px;pointer-events:none`;
    document.body.appendChild(marker);
    const io = new IntersectionObserver(([e]) => e && setS(!e.isIntersecting && e.boundingClientRect.top < 0));
    io.observe(marker);
    return () => {
      io.disconnect();
      marker.remove();
    };
  }, [px]);
  return s;
}

/** Whether `flag` has been true at some render: e.g. mount a lazily loaded modal once asked for, then keep it. */
export function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true); // adjusting state while rendering: React re-renders at once, before any commit
  return seen || flag;
}

/** `value` while `keep(value)`, else the last value kept (a closing modal keeps showing what it showed). */
export function useLastKept<T, K extends T>(value: T, keep: (v: T) => v is K, initial: K): K {
  const [last, setLast] = useState<K>(initial);
  if (keep(value) && value !== last) setLast(value);
  return keep(value) ? value : last;
}
