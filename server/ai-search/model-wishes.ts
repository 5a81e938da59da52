import { z } from "zod";
import type { Locale } from "../../kernel/i18n/locales";
import type { InterpretedTerm, SearchCriteria } from "./criteria";
import { interpret, type InterpretOptions } from "./interpret";
import type { Phrase } from "./vocabulary";

/*
 * What an OpenAI-compatible model answers for a description (docs/decisions/0039), and how the shop turns
 * it into terms. The model names things; the shop decides what they are: every name is resolved against
 * the shop's own vocabulary (unknown ones are dropped), each wish is written as a term in words the
 * offline interpreter reads (./interpret.ts), and that reading gives the term's filters and its reason.
 * So a term from a model is re-read by the products call exactly like one from the offline interpreter,
 * and its reason names the filters applied, never what the model claimed.
 */

const Name = z.string().trim().min(1).max(80);
const Names = z.array(Name).max(10).default([]);
const Amount = z.number().nonnegative().max(10_000_000).nullable().default(null);

/** One wish as the model states it: names as the shop spells them, amounts in the currency's major unit. */
export const ModelWish = z.object({
  /** Words to find in product names that are no category, brand or property value. */
  words: Names,
  categories: Names,
  manufacturers: Names,
  /** Property values: colours, materials, sizes… */
  options: Names,
  priceMin: Amount,
  priceMax: Amount,
  inStock: z.boolean().default(false),
  sort: z.enum(["price-asc", "price-desc", "newest", "topseller"]).nullable().default(null),
  exclude: z.object({ words: Names, manufacturers: Names, options: Names }).default({ words: [], manufacturers: [], options: [] }),
});
export type ModelWish = z.infer<typeof ModelWish>;

export const ModelAnswer = z.object({ wishes: z.array(ModelWish).max(10) });
export type ModelAnswer = z.infer<typeof ModelAnswer>;

/** The JSON the model is asked for, as the prompt shows it. */
export const MODEL_ANSWER_EXAMPLE = {
  wishes: [
    {
      words: ["running shoes"],
      categories: [],
      manufacturers: [],
      options: ["Red"],
      priceMin: null,
      priceMax: 80,
      inStock: false,
      sort: "price-asc",
      exclude: { words: [], manufacturers: [], options: ["Leather"] },
    },
  ],
};

const WORDS: Record<Locale, { sort: Record<NonNullable<ModelWish["sort"]>, string>; under: string; from: string; between: string; inStock: string; without: string }> = {
  en: {
    sort: { "price-asc": "cheapest", "price-desc": "most expensive", newest: "newest", topseller: "bestsellers" },
    under: "under {max}",
    from: "from {min}",
    between: "between {min} and {max}",
    inStock: "in stock",
    without: "without",
  },
  de: {
    sort: { "price-asc": "günstigste", "price-desc": "teuerste", newest: "neueste", topseller: "beliebteste" },
    under: "unter {max}",
    from: "ab {min}",
    between: "zwischen {min} und {max}",
    inStock: "sofort lieferbar",
    without: "ohne",
  },
};

type NameKind = "category" | "manufacturer" | "option";
const IDS_OF: Record<NameKind, "categoryIds" | "manufacturerIds" | "optionIds"> = { category: "categoryIds", manufacturer: "manufacturerIds", option: "optionIds" };

/** Whether the offline interpreter reads `name` alone as a `kind` of the shop's, and as nothing else. */
function readsAs(name: string, kind: NameKind, phrases: readonly Phrase[], options: InterpretOptions): boolean {
  const read = interpret(name, phrases, options);
  if (read.length !== 1) return false;
  const { criteria } = read[0]!;
  const others = (Object.values(IDS_OF) as (keyof SearchCriteria)[]).filter((key) => key !== IDS_OF[kind]);
  return (
    criteria[IDS_OF[kind]].length > 0 &&
    criteria.text.length === 0 &&
    others.every((key) => (criteria[key] as string[]).length === 0) &&
    criteria.priceMin === null &&
    criteria.priceMax === null &&
    !criteria.inStock &&
    criteria.sort === null &&
    criteria.excludedText.length === 0
  );
}

/** Free words as plain text: no signs the interpreter would read as a price or a separator. */
const plainWords = (text: string) => text.replace(/[^\p{L}\p{N}\s'-]/gu, " ").replace(/\s+/g, " ").trim();

/** An amount in major units as the interpreter reads it back ("49.99" → 4999 minor units). */
const amount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/**
 * The words of one wish, for the offline interpreter to read: sorting, property values, words,
 * categories, brands, price, availability, and the exclusions last (a negation reaches to the wish's end).
 * Names the shop does not know are left out.
 */
export function wishText(wish: ModelWish, phrases: readonly Phrase[], options: InterpretOptions): string {
  const words = WORDS[options.locale];
  const known = (names: string[], kind: NameKind) => names.map(plainWords).filter((name) => name && readsAs(name, kind, phrases, options));
  const parts: string[] = [];
  if (wish.sort) parts.push(words.sort[wish.sort]);
  parts.push(...known(wish.options, "option"));
  parts.push(...wish.words.map(plainWords).filter(Boolean));
  parts.push(...known(wish.categories, "category"));
  parts.push(...known(wish.manufacturers, "manufacturer"));
  const [min, max] = [wish.priceMin, wish.priceMax];
  if (min !== null && max !== null) {
    const [low, high] = [min, max].sort((a, b) => a - b);
    parts.push(words.between.replace("{min}", amount(low!)).replace("{max}", amount(high!)));
  } else if (max !== null) parts.push(words.under.replace("{max}", amount(max)));
  else if (min !== null) parts.push(words.from.replace("{min}", amount(min)));
  if (wish.inStock) parts.push(words.inStock);
  const excluded = [...known(wish.exclude.options, "option"), ...known(wish.exclude.manufacturers, "manufacturer"), ...wish.exclude.words.map(plainWords).filter(Boolean)];
  for (const name of excluded) parts.push(`${words.without} ${name}`);
  return parts.join(" ");
}

/** The terms of a model's answer: each wish written out and read by the offline interpreter; the same term once. */
export function termsFromWishes(wishes: readonly ModelWish[], phrases: readonly Phrase[], options: InterpretOptions, maxLength: number): InterpretedTerm[] {
  const terms: InterpretedTerm[] = [];
  for (const wish of wishes) {
    const text = wishText(wish, phrases, options).slice(0, maxLength);
    for (const term of text ? interpret(text, phrases, options) : []) {
      if (!terms.some((known) => known.term === term.term)) terms.push(term);
    }
  }
  return terms;
}
