import type { ShopSettings } from "../settings/service";
import { parseListingParams } from "./listing-query";
import type { ListingRequest } from "./service";

export type ListingRequestResult = { ok: true; request: ListingRequest } | { ok: false; message: string };

/** Whether an internal parameter is switched on (`1`, as the listing script sends it). */
const on = (params: URLSearchParams, key: string) => params.get(key) === "1";

/**
 * A listing request from a page or widget URL and the shop settings. The internal parameters
 * (`no-aggregations`, `only-aggregations`, `reduce-aggregations`; spec §7) count only on the listing and
 * filter URLs (`internal`); pages always render products and the panel's reduced counts.
 */
export async function readListingRequest(
  params: URLSearchParams,
  settings: ShopSettings,
  options: { search?: boolean; internal?: boolean } = {},
): Promise<ListingRequestResult> {
  const parsed = parseListingParams(params, { search: options.search });
  if (!parsed.ok) return parsed;
  const [limit, instantDeliveryMaxDays] = await Promise.all([
    settings.get("listing.pageSize"),
    settings.get("listing.instantDeliveryMaxDays"),
  ]);
  const internal = options.internal ?? false;
  const aggregations = internal && on(params, "no-aggregations") ? "none" : !internal || on(params, "reduce-aggregations") ? "reduced" : "all";
  return {
    ok: true,
    request: {
      order: parsed.order,
      page: parsed.page,
      filters: parsed.filters,
      limit,
      instantDeliveryMaxDays,
      aggregations,
      withItems: !(internal && on(params, "only-aggregations")),
    },
  };
}
