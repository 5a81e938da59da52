import { z } from "zod";
import { sortingKeys, type SortingKey } from "../../kernel/sorting";
import { FILTER_VALUE_SEPARATOR, RATING_MAX } from "../../kernel/listing-params";
import type { ListingSorting } from "./types";

export const MAX_PAGE = 10_000;
export const DEFAULT_SORTING: SortingKey = "topseller";
/** Search results are ranked by relevance unless the shopper picks another sorting. */
export const DEFAULT_SEARCH_SORTING: ListingSorting = "score";
/** More selected ids than a shopper could tick are refused rather than sent to the database. */
export const MAX_FILTER_IDS = 100;
/** Prices beyond this (in major units) are not prices; they are refused. */
export const MAX_PRICE = 10_000_000;

export interface ListingFilters {
  manufacturerIds: string[];
  /** Selected property options of every group (`properties`). */
  optionIds: string[];
  /** Minor units, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Minimum average rating, 1 to 5. */
  rating: number | null;
  shippingFree: boolean;
  instantDelivery: boolean;
}

export const emptyFilters = (): ListingFilters => ({
  manufacturerIds: [],
  optionIds: [],
  minPrice: null,
  maxPrice: null,
  rating: null,
  shippingFree: false,
  instantDelivery: false,
});

export function hasActiveFilters(filters: ListingFilters): boolean {
  const empty = emptyFilters();
  return (Object.keys(empty) as (keyof ListingFilters)[]).some(
    (key) => JSON.stringify(filters[key]) !== JSON.stringify(empty[key]),
  );
}

const idList = (label: string) =>
  z
    .array(z.uuid({ message: `Every ${label} in the filter must be an id.` }))
    .max(MAX_FILTER_IDS, `At most ${MAX_FILTER_IDS} ${label}s can be selected.`);

/** A number as people write it: digits, optionally a point and decimals (no "0x10", "1e3" or "Infinity"). */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

const price = (label: string) =>
  z
    .string()
    .regex(DECIMAL, `The ${label} must be a number such as 10 or 49.99.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, `The ${label} must be 0 or more.`)
        .max(MAX_PRICE, `The ${label} must be at most ${MAX_PRICE}.`)
        .transform((value) => Math.round(value * 100)),
    )
    .optional();

const flag = (label: string) =>
  z.literal("1", { message: `The ${label} filter takes the value 1 or nothing.` }).optional();

const ListingParams = z.object({
  order: z
    .enum([...sortingKeys, "score"], { message: `Sorting must be one of: ${sortingKeys.join(", ")}.` })
    .optional(),
  p: z
    .string()
    .regex(WHOLE, "The page must be a whole number.")
    .transform(Number)
    .pipe(z.number().min(1, "The page must be 1 or more.").max(MAX_PAGE, `The page must be at most ${MAX_PAGE}.`))
    .default(1),
  manufacturer: idList("manufacturer"),
  properties: idList("property option"),
  "min-price": price("lowest price"),
  "max-price": price("highest price"),
  rating: z
    .string()
    .regex(WHOLE, "The rating must be a whole number.")
    .transform(Number)
    .pipe(z.number().min(1, "The rating must be at least 1.").max(RATING_MAX, `The rating must be at most ${RATING_MAX}.`))
    .optional(),
  "shipping-free": flag("free shipping"),
  "instant-delivery": flag("instant delivery"),
});

export type ListingParamsResult =
  | { ok: true; order: ListingSorting; page: number; filters: ListingFilters }
  | { ok: false; message: string };

const SINGLE_VALUED = ["order", "p", "min-price", "max-price", "rating", "shipping-free", "instant-delivery"] as const;
const MULTI_VALUED = ["manufacturer", "properties"] as const;

/**
 * Reads sorting, page and filters from a listing URL (spec §3, CONTRACT §3). Empty values count as absent;
 * id lists come joined by `|` (or repeated, as a plain form without JavaScript sends them). `score`
 * sorting only exists where `search` is true; elsewhere the default applies to a search's sorting.
 */
export function parseListingParams(params: URLSearchParams, options: { search?: boolean } = {}): ListingParamsResult {
  const raw: Record<string, unknown> = {};
  for (const key of SINGLE_VALUED) {
    // Blank counts as absent, as an empty value does ("min-price=%20").
    const values = params.getAll(key).map((v) => v.trim()).filter((v) => v !== "");
    if (values.length > 1) return { ok: false, message: `The parameter "${key}" was given more than once.` };
    if (values[0] !== undefined) raw[key] = values[0];
  }
  for (const key of MULTI_VALUED) {
    const joined = params.getAll(key).join(FILTER_VALUE_SEPARATOR);
    if (joined.length > MAX_FILTER_IDS * 40) return { ok: false, message: `At most ${MAX_FILTER_IDS} ids can be selected in "${key}".` };
    raw[key] = [...new Set(joined.split(FILTER_VALUE_SEPARATOR).filter(Boolean))];
  }
  const parsed = ListingParams.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  const data = parsed.data;
  if (data.order === "score" && !options.search) return { ok: false, message: "Sorting by relevance exists only on search results." };
  return {
    ok: true,
    order: data.order ?? (options.search ? DEFAULT_SEARCH_SORTING : DEFAULT_SORTING),
    page: data.p,
    filters: {
      manufacturerIds: data.manufacturer,
      optionIds: data.properties,
      minPrice: data["min-price"] ?? null,
      maxPrice: data["max-price"] ?? null,
      rating: data.rating ?? null,
      shippingFree: data["shipping-free"] === "1",
      instantDelivery: data["instant-delivery"] === "1",
    },
  };
}
