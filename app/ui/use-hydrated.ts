import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while the server renders and the browser hydrates, true afterwards: what only works with
 * JavaScript (hiding the password of a guest, collapsing methods) switches on then, without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
