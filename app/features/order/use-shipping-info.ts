import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { shippingInfoState, type ShippingInfoAnswer, type ShippingInfoState } from "./shipping-info";

/**
 * The shipping info of one order's items (spec §4): `load()` fetches it by `orderNumber`; an earlier
 * pending call is aborted, and so is a pending one when the component goes away.
 */
export function useShippingInfo(orderNumber: string, lineIds: string[]) {
  const { t } = useI18n();
  const [state, setState] = useState<ShippingInfoState>({ status: "idle" });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const ids = lineIds.join(",");
  const notShipped = t("order.shipping.notShipped");
  const fallback = t("order.shipping.failed");

  const load = useCallback(async () => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setState({ status: "loading" });
    try {
      const response = await http(routeUrl("frontend.account.order.shipping-info", undefined, { orderNumber }), { signal: controller.signal });
      const answer = (await response.json().catch(() => null)) as Partial<ShippingInfoAnswer> | null;
      if (controller.signal.aborted) return;
      setState(shippingInfoState(ids ? ids.split(",") : [], response.ok, answer, { notShipped, fallback }));
    } catch {
      if (!controller.signal.aborted) setState({ status: "failure", message: fallback });
    }
  }, [orderNumber, ids, notShipped, fallback]);

  return { state, load };
}
