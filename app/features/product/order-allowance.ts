import { useCallback, useEffect, useRef, useState } from "react";
import { getJson } from "../../lib/http";

/** `/kit/restrict/quantity`'s answer: `addcartcount` of the asked quantity may be added now. */
export interface OrderAllowance {
  addcartcount: number;
  maxOrderQuantity: number | null;
  inCart: number;
}

/** How many units the cart may still take, from an answer; Infinity when the product has no limit. */
export function remainingFrom(allowance: OrderAllowance): number {
  return allowance.maxOrderQuantity === null ? Infinity : Math.max(0, allowance.maxOrderQuantity - allowance.inCart);
}

/**
 * Asks the server how many of `quantity` units the shopper's cart may still take (only for a product
 * with a maximum order quantity: the answer depends on the cart, so it is never part of the page).
 * `check` asks again, e.g. when the shopper comes back to the quantity after using the cart panel.
 */
export function useOrderAllowance(productId: string, quantity: number, limited: boolean) {
  const [allowance, setAllowance] = useState<OrderAllowance | null>(null);
  const latest = useRef(0);
  const check = useCallback(
    async (qty: number) => {
      if (!limited) return;
      const id = ++latest.current;
      try {
        const answer = await getJson<OrderAllowance>("frontend.kit.restrict.quantity", undefined, { qty: String(qty), productId });
        if (id === latest.current) setAllowance(answer);
      } catch {
        // Without an answer the select keeps the page's limit; the cart still refuses an excess add.
      }
    },
    [limited, productId],
  );
  useEffect(() => void check(quantity), [check, quantity]);
  return { allowance, check };
}
