import type { CartChangeResult } from "../../../server/cart/types";

type Listener = (result: CartChangeResult) => void;
const listeners = new Set<Listener>();

/**
 * Every cart answer is published here: the header widget fetches its content again (spec reference
 * §2.1, "Refresh") and a cart page under the panel shows the new cart.
 */
export function publishCart(result: CartChangeResult): void {
  for (const listener of listeners) listener(result);
}

export function subscribeCart(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
