import { z } from "zod";
import { sortingKeys, type SortingKey } from "../../app/lib/sorting";

export const MAX_PAGE = 10_000;
export const DEFAULT_SORTING: SortingKey = "topseller";

const ListingParams = z.object({
  order: z.enum(sortingKeys, { message: `Sorting must be one of: ${sortingKeys.join(", ")}.` }).default(DEFAULT_SORTING),
  p: z.coerce
    .number({ message: "The page must be a number." })
    .int("The page must be a whole number.")
    .min(1, "The page must be 1 or more.")
    .max(MAX_PAGE, `The page must be at most ${MAX_PAGE}.`)
    .default(1),
});

export type ListingParamsResult =
  | { ok: true; order: SortingKey; page: number }
  | { ok: false; message: string };

/** Reads `order` and `p` from a listing URL; empty values count as absent (spec §5). */
export function parseListingParams(params: URLSearchParams): ListingParamsResult {
  const raw: Record<string, string> = {};
  for (const key of ["order", "p"]) {
    const values = params.getAll(key).filter((v) => v !== "");
    if (values.length > 1) return { ok: false, message: `The parameter "${key}" was given more than once.` };
    if (values[0] !== undefined) raw[key] = values[0];
  }
  const parsed = ListingParams.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  return { ok: true, order: parsed.data.order, page: parsed.data.p };
}
