import { useEffect, useState } from "react";
import type { ProductBox } from "../../../server/catalog/types";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";

/**
 * Delivery and restock texts of the shown product boxes (extensions spec: `GET
 * /deliveryInformation/get/restockTime/listing/?articleNumbers=a,b,c` → `{deliveryInformation}`), asked
 * for after every render of new products: stock changes faster than cached listings.
 */
export function useDeliveryInformation(items: ProductBox[]): Record<string, string> {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const numbers = items.map((item) => item.productNumber).join(",");
  useEffect(() => {
    if (!numbers) return;
    const controller = new AbortController();
    http(routeUrl("frontend.delivery-information.listing", {}, { articleNumbers: numbers }), { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ deliveryInformation: Record<string, string> }>) : null))
      .then((body) => {
        if (body) setTexts((current) => ({ ...current, ...body.deliveryInformation }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [numbers]);
  return texts;
}
