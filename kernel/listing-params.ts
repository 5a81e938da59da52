/** Listing filter state in the address bar (spec §3, §5, §9; CONTRACT §3): names and limits, once. */

/** Selected ids of a multi-select filter are joined by this in one parameter. */
export const FILTER_VALUE_SEPARATOR = "|";
export const RATING_MAX = 5;
export const PRICE_LOWER_BOUND = 0;
/** The price range is checked and applied this long after the last input (spec §9). */
export const PRICE_RANGE_DELAY_MS = 500;
/** The disabled-filters request waits this long after the last change (spec §9). */
export const FILTER_AGGREGATION_DEBOUNCE_MS = 100;
/** After a change the listing scrolls so its top sits this far below the sticky header, when its top is out of sight. */
export const LISTING_SCROLL_OFFSET_PX = 15;
/** Class of price inputs whose range is invalid (spec §5). */
export const FILTER_RANGE_ERROR_CLASS = "filter-range-error";

export const LISTING_PARAMS = {
  order: "order",
  page: "p",
  minPrice: "min-price",
  maxPrice: "max-price",
  rating: "rating",
  manufacturer: "manufacturer",
  properties: "properties",
  shippingFree: "shipping-free",
  instantDelivery: "instant-delivery",
} as const;

/** The parameters that hold filter values (not sorting or page). */
export const LISTING_FILTER_KEYS = [
  LISTING_PARAMS.minPrice,
  LISTING_PARAMS.maxPrice,
  LISTING_PARAMS.rating,
  LISTING_PARAMS.manufacturer,
  LISTING_PARAMS.properties,
  LISTING_PARAMS.shippingFree,
  LISTING_PARAMS.instantDelivery,
] as const;

/** Request parameters for the listing and filter URLs; never written to the address bar. */
export const INTERNAL_LISTING_PARAMS = ["slots", "no-aggregations", "reduce-aggregations", "only-aggregations"] as const;

/** The shopper's filter choices, as the address bar holds them. */
export interface FilterValues {
  manufacturer: string[];
  properties: string[];
  minPrice: string;
  maxPrice: string;
  rating: string;
  shippingFree: boolean;
  instantDelivery: boolean;
}

export function readFilterValues(params: URLSearchParams): FilterValues {
  const ids = (key: string) =>
    [...new Set(params.getAll(key).join(FILTER_VALUE_SEPARATOR).split(FILTER_VALUE_SEPARATOR).filter(Boolean))];
  return {
    manufacturer: ids(LISTING_PARAMS.manufacturer),
    properties: ids(LISTING_PARAMS.properties),
    minPrice: params.get(LISTING_PARAMS.minPrice) ?? "",
    maxPrice: params.get(LISTING_PARAMS.maxPrice) ?? "",
    rating: params.get(LISTING_PARAMS.rating) ?? "",
    shippingFree: params.get(LISTING_PARAMS.shippingFree) === "1",
    instantDelivery: params.get(LISTING_PARAMS.instantDelivery) === "1",
  };
}

export const noFilters = (): FilterValues => ({
  manufacturer: [],
  properties: [],
  minPrice: "",
  maxPrice: "",
  rating: "",
  shippingFree: false,
  instantDelivery: false,
});

/**
 * The address-bar query for new filter values: other parameters (search term, sorting) are kept,
 * the page goes back to 1 (spec: every filter change sets `p=1`), arrays are joined by `|`, empty
 * values and internal parameters are dropped.
 */
export function filterQuery(current: URLSearchParams, values: FilterValues): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set(LISTING_PARAMS.manufacturer, values.manufacturer.join(FILTER_VALUE_SEPARATOR));
  set(LISTING_PARAMS.properties, values.properties.join(FILTER_VALUE_SEPARATOR));
  set(LISTING_PARAMS.minPrice, values.minPrice.trim());
  set(LISTING_PARAMS.maxPrice, values.maxPrice.trim());
  set(LISTING_PARAMS.rating, values.rating);
  set(LISTING_PARAMS.shippingFree, values.shippingFree ? "1" : "");
  set(LISTING_PARAMS.instantDelivery, values.instantDelivery ? "1" : "");
  next.set(LISTING_PARAMS.page, "1");
  return cleanQuery(next);
}

/** Drops empty values and internal parameters. */
export function cleanQuery(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (value === "" || (INTERNAL_LISTING_PARAMS as readonly string[]).includes(key)) continue;
    next.append(key, value);
  }
  return next;
}

export type PriceRangeError = "range" | "lowerBound" | null;

/** The price range check of spec §5: min above max, then either below the lower bound. */
export function priceRangeError(min: string, max: string): PriceRangeError {
  const low = min.trim() === "" ? null : Number(min);
  const high = max.trim() === "" ? null : Number(max);
  if (low !== null && high !== null && low > high) return "range";
  if ((low !== null && low < PRICE_LOWER_BOUND) || (high !== null && high < PRICE_LOWER_BOUND)) return "lowerBound";
  return null;
}
