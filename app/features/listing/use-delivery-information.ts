import { useEffect, useRef, useState } from "react";
import type { ProductBox } from "../../../server/catalog/types";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";

/**
 * Delivery and restock texts of the shown product boxes (extensions spec: `GET
 * /deliveryInformation/get/restockTime/listing/?articleNumbers=a,b,c` → `{deliveryInformation}`), asked
 * for after every render of new products: stock changes faster than cached listings. Products added to
 * the same listing (infinite scrolling) are asked for alone; a new `listing` asks for every one again.
 */
export function useDeliveryInformation(items: ProductBox[], listing: unknown): Record<string, string> {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const asked = useRef<{ listing: unknown; numbers: Set<string> }>({ listing, numbers: new Set() });
  const numbers = items.map((item) => item.productNumber).join(",");
  useEffect(() => {
    if (asked.current.listing !== listing) asked.current = { listing, numbers: new Set() };
    const known = asked.current.numbers;
    const missing = numbers.split(",").filter((number) => number !== "" && !known.has(number));
    if (missing.length === 0) return;
    for (const number of missing) known.add(number);
    const controller = new AbortController();
    let answered = false;
    http(routeUrl("frontend.delivery-information.listing", {}, { articleNumbers: missing.join(",") }), { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ deliveryInformation: Record<string, string> }>) : null))
      .then((body) => {
        answered = true;
        if (body) setTexts((current) => ({ ...current, ...body.deliveryInformation }));
      })
      .catch(() => undefined);
    return () => {
      if (answered) return;
      // Cut short: ask for these again with the next products.
      controller.abort();
      for (const number of missing) known.delete(number);
    };
  }, [numbers, listing]);
  return texts;
}
