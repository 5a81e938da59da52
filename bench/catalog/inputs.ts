import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { queryRows } from "../../server/db/query";
import { loadFilterGroups } from "../../server/catalog/filters";
import type { ListingQuery } from "../../server/catalog/listing";
import { emptyFilters } from "../../server/catalog/listing-query";
import { descendantIds, loadCategories } from "../../server/catalog/navigation";
import { searchInput, type SearchInput } from "../../server/search/terms";
import type { ListingSorting } from "../../server/catalog/types";
import { mulberry32, pickOne, randomInt } from "../../seed/random";
import { ADJECTIVES, DEPARTMENTS } from "./departments";

/**
 * The requests the catalog benchmark sends, built before the clock runs: listings of varied categories
 * with filters a shopper could pick there (two of the category's frequent manufacturers, one of its
 * colours, a price range inside its prices), and search and suggest terms of every kind (whole words,
 * parts of German compounds, typos, two words, brands, product numbers, and for suggest the prefixes a
 * shopper has typed so far). Each query mirrors what `createCatalog` (server/catalog/service.ts) and
 * `createPostgresSearch` (server/search/postgres.ts) send.
 */

/** A live suggest request, as `createPostgresSearch` passes it to `querySuggest`. */
export interface SuggestRequest {
  search: SearchInput;
  limit: number;
  currency: string;
}

/** Page size of the storefront (`listing.pageSize`) and of the live suggest (`SUGGEST_LIMIT`). */
const PAGE_SIZE = 12;
const SUGGEST_SIZE = 10;
const INSTANT_DELIVERY_MAX_DAYS = 2;
/** Parts of the German compounds in the word lists: "schuhe" must find "Laufschuhe". */
const COMPOUND_PARTS = ["schuhe", "jacke", "hose", "lampe", "tisch", "rucksack", "stiefel", "maschine", "leuchte", "flasche"];

export interface CatalogContext {
  db: Database;
  currency: string;
  optionGroups: Map<string, string>;
  colourIds: string[];
  categories: { id: string; ids: string[]; topLevel: boolean }[];
  manufacturers: string[];
  products: number;
}

interface CategoryFacts {
  manufacturers: string[];
  colours: string[];
  /** Listing prices at 10, 30, 60 and 90 % of the category's products. */
  prices: number[];
}

export async function loadCatalogContext(db: Database): Promise<CatalogContext> {
  const [channel] = await queryRows<{ currency: string }>(db, sql`select currency from sales_channel order by created_at limit 1`);
  if (!channel) throw new Error("The database holds no catalog.");
  const groups = await loadFilterGroups(db);
  const optionGroups = new Map(groups.flatMap((g) => g.options.map((o) => [o.id, g.id] as const)));
  const colourIds = groups.filter((g) => g.displayType === "color").flatMap((g) => g.options.map((o) => o.id));
  const all = await loadCategories(db);
  const nonEmpty = new Set(
    (await queryRows<{ id: string }>(db, sql`select distinct category_id as id from product_category`)).map((r) => r.id),
  );
  const categories = all
    .map((c) => ({ id: c.id, ids: descendantIds(c.id, all), topLevel: c.parentId === null }))
    .filter((c) => c.ids.some((id) => nonEmpty.has(id)));
  const manufacturers = (await queryRows<{ name: string }>(db, sql`select name from manufacturer order by name`)).map((r) => r.name);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product`);
  return { db, currency: channel.currency, optionGroups, colourIds, categories, manufacturers, products: count?.n ?? 0 };
}

async function categoryFacts(context: CatalogContext, ids: string[]): Promise<CategoryFacts> {
  const [row] = await queryRows<{ manufacturers: string[] | null; colours: string[] | null; prices: number[] | null }>(
    context.db,
    sql`with f as (
        select p.manufacturer_id, p.option_ids, p.listing_price from product p
        where p.active and exists (select 1 from product_category pc where pc.product_id = p.id and pc.category_id in ${ids})
      )
      select
        (select json_agg(manufacturer_id) from (select manufacturer_id from f where manufacturer_id is not null
          group by 1 order by count(*) desc, 1 limit 8) m) as manufacturers,
        (select json_agg(o) from (select o from f, unnest(f.option_ids) o where o = any(${`{${context.colourIds.join(",")}}`}::uuid[])
          group by 1 order by count(*) desc, 1 limit 8) c) as colours,
        (select to_json(percentile_disc(array[0.1, 0.3, 0.6, 0.9]) within group (order by listing_price)) from f) as prices`,
  );
  return { manufacturers: row?.manufacturers ?? [], colours: row?.colours ?? [], prices: row?.prices ?? [0, 0, 0, 0] };
}

function sorting(random: () => number): ListingSorting {
  const r = random();
  return r < 0.7 ? "topseller" : r < 0.8 ? "price-asc" : r < 0.9 ? "price-desc" : "name-asc";
}

function pickDistinct<T>(random: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/**
 * `count` category listings with three active filters and reduced aggregations, as the category page
 * renders them; `topLevel` restricts them to the departments, the largest listings.
 */
export async function listingQueries(context: CatalogContext, count: number, options: { seed: number; topLevel?: boolean }): Promise<ListingQuery[]> {
  const random = mulberry32(options.seed);
  const candidates = options.topLevel ? context.categories.filter((c) => c.topLevel) : context.categories;
  const facts = new Map<string, CategoryFacts>();
  const queries: ListingQuery[] = [];
  for (let i = 0; i < count; i++) {
    const category = pickOne(random, candidates);
    let known = facts.get(category.id);
    if (!known) facts.set(category.id, (known = await categoryFacts(context, category.ids)));
    const [p10, p30, p60, p90] = known.prices as [number, number, number, number];
    queries.push({
      categoryIds: category.ids,
      filters: {
        ...emptyFilters(),
        manufacturerIds: pickDistinct(random, known.manufacturers, 2),
        optionIds: pickDistinct(random, known.colours, 1),
        minPrice: Math.floor((random() < 0.5 ? p10 : p30) / 100) * 100,
        maxPrice: Math.ceil((random() < 0.5 ? p60 : p90) / 100) * 100,
      },
      order: sorting(random),
      page: random() < 0.85 ? 1 : 2,
      limit: PAGE_SIZE,
      currency: context.currency,
      aggregations: "reduced",
      instantDeliveryMaxDays: INSTANT_DELIVERY_MAX_DAYS,
      optionGroups: context.optionGroups,
    });
  }
  return queries;
}

const NOUNS = DEPARTMENTS.flatMap((d) => d.subcategories.flatMap((s) => s.nouns)).map((n) => n.toLowerCase());
const COLOURS = ["black", "blue", "red", "green", "grey", "navy", "white", "beige"];

/** A typo: one letter of the longer words dropped ("laufshuhe"), or two swapped. */
function typo(random: () => number, word: string): string {
  const at = randomInt(random, 1, word.length - 3);
  return random() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** What shoppers type into the search field, in the mix of kinds the benchmark assumes. */
export function searchTerm(random: () => number, context: CatalogContext): string {
  const r = random();
  const noun = pickOne(random, NOUNS);
  if (r < 0.35) return noun;
  if (r < 0.5) return pickOne(random, COMPOUND_PARTS);
  if (r < 0.65) return noun.length >= 6 && !noun.includes(" ") ? typo(random, noun) : noun;
  if (r < 0.75) return `${pickOne(random, COLOURS)} ${noun}`;
  if (r < 0.8) return `${pickOne(random, ADJECTIVES).toLowerCase()} ${noun}`;
  if (r < 0.9) return random() < 0.5 ? pickOne(random, context.manufacturers) : `${pickOne(random, context.manufacturers)} ${noun}`;
  return `BN${randomInt(random, 0, Math.max(0, context.products - 1)).toString().padStart(6, "0")}-1`;
}

/** Search result pages: relevance order, first page, every facet counted. */
export function searchQueries(context: CatalogContext, count: number, seed: number): ListingQuery[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => ({
    search: searchInput(searchTerm(random, context)),
    filters: emptyFilters(),
    order: "score" as const,
    page: 1,
    limit: PAGE_SIZE,
    currency: context.currency,
    aggregations: "reduced" as const,
    instantDeliveryMaxDays: INSTANT_DELIVERY_MAX_DAYS,
    optionGroups: context.optionGroups,
  }));
}

/** Live suggest requests: half are what was typed so far (three letters at least), half whole terms. */
export function suggestQueries(context: CatalogContext, count: number, seed: number): SuggestRequest[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const term = searchTerm(random, context);
    const typed = random() < 0.5 && term.length > 3 ? term.slice(0, randomInt(random, 3, term.length - 1)) : term;
    return { search: searchInput(typed), limit: SUGGEST_SIZE, currency: context.currency };
  });
}

const SUBCATEGORIES = DEPARTMENTS.flatMap((d) => d.subcategories.map((s) => s.name.toLowerCase()));
const MATERIALS = ["leather", "cotton", "merino wool", "linen", "steel", "oak"];

/** One wish of an AI search description: a kind of product, sometimes with a colour, material, brand, price or sort. */
function aiSearchWish(random: () => number, context: CatalogContext): string {
  const thing = random() < 0.6 ? pickOne(random, SUBCATEGORIES) : pickOne(random, NOUNS);
  const r = random();
  if (r < 0.25) return `${pickOne(random, COLOURS)} ${thing} under ${randomInt(random, 3, 30) * 10} euros`;
  if (r < 0.4) return `${thing} without ${pickOne(random, COLOURS)}`;
  if (r < 0.55) return `${pickOne(random, MATERIALS)} ${thing}`;
  if (r < 0.7) return `${pickOne(random, context.manufacturers)} ${thing}`;
  if (r < 0.8) return `cheapest ${thing} in stock`;
  if (r < 0.9) return `${thing} zwischen ${randomInt(random, 2, 10) * 10} und ${randomInt(random, 11, 40) * 10} €`;
  return thing;
}

/** AI search descriptions of three wishes each ("red running shoes under 80 euros, leather boots and a cheapest laptop in stock"). */
export function aiSearchDescriptions(context: CatalogContext, count: number, seed: number): string[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const [a, b, c] = [aiSearchWish(random, context), aiSearchWish(random, context), aiSearchWish(random, context)];
    return `${a}, ${b} and ${c}`;
  });
}
