import { VIEWPORT_RESIZE_DEBOUNCE_MS } from "../../kernel/constants";
import { debounce } from "./debounce";

/** Screen size classes and their lower bounds in px (spec §2; Bootstrap's grid, as the reference). */
export const breakpoints = { XS: 0, SM: 576, MD: 768, LG: 992, XL: 1200, XXL: 1400 } as const;
export type Viewport = keyof typeof breakpoints;

export function viewportFor(width: number): Viewport {
  let current: Viewport = "XS";
  for (const [name, min] of Object.entries(breakpoints) as [Viewport, number][]) if (width >= min) current = name;
  return current;
}

export const isSmallViewport = (v: Viewport) => v === "XS" || v === "SM";

type Listener = (viewport: Viewport) => void;
const listeners = new Set<Listener>();
let current: Viewport | undefined;

function update() {
  const next = viewportFor(window.innerWidth);
  document.documentElement.dataset.viewport = next;
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(next);
}
const onResize = debounce(update, VIEWPORT_RESIZE_DEBOUNCE_MS);

/** Subscribes to viewport class changes (resize debounced 200 ms); returns the unsubscribe function. */
export function subscribeViewport(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener("resize", onResize);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("resize", onResize);
  };
}

export function currentViewport(): Viewport {
  if (current === undefined) update();
  return current!;
}
