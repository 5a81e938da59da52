import { useSyncExternalStore } from "react";
import { currentViewport, subscribeViewport, type Viewport } from "../lib/viewport";

/** The screen size class; `null` during server rendering and hydration, when it is not known yet. */
export function useViewport(): Viewport | null {
  return useSyncExternalStore(
    (onChange) => subscribeViewport(onChange),
    () => currentViewport(),
    () => null,
  );
}
