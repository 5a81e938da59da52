import type { Locale } from "../../kernel/i18n/locales";
import { emptyCriteria, type InterpretedTerm, type ReasonPart, type SearchCriteria } from "./criteria";
import {
  CURRENCY_WORDS,
  FILLER_WORDS,
  GERMAN_WORDS,
  germanBase,
  IN_STOCK_PHRASES,
  JOINING_WORDS,
  NEGATION_WORDS,
  PRICE_PHRASES,
  RANGE_JOINERS,
  RANGE_OPENERS,
  singular,
  SORT_PHRASES,
  type SortIntent,
} from "./lexicon";
import { isColourGroup, type Phrase, type VocabularyEntry } from "./vocabulary";
import { normalize, sameWord } from "./text";

/*
 * The offline interpreter of the AI search (issue 25, reference §17.2): a shopper's sentence in English or
 * German → one or more searches ("a tent and a sleeping bag" are two), each with the filters the sentence
 * asks for and a reason per part. It knows the shop's own names (./vocabulary.ts), the phrases of
 * ./lexicon.ts, and tolerates typos (trigram similarity). Pure: the same sentence always gives the same
 * terms, and a term's own words give that term again (the products call re-reads it).
 */

interface Token {
  /** As typed ("Rote"). */
  surface: string;
  /** Normal form ("rote"). */
  norm: string;
  index: number;
}

interface ContentToken extends Token {
  negated: boolean;
}

/** Price, availability and sorting as one wish (or the whole sentence) asks for them. */
interface Filters {
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  sort: SortIntent | null;
  /** The tokens that said so (for the term's words). */
  tokens: Token[];
}

const noFilters = (): Filters => ({ priceMin: null, priceMax: null, inStock: false, sort: null, tokens: [] });

/** Later values win: "under 50 … under 40" means under 40. */
function overlay(base: Filters, over: Filters): Filters {
  return {
    priceMin: over.priceMin ?? base.priceMin,
    priceMax: over.priceMax ?? base.priceMax,
    inStock: base.inStock || over.inStock,
    sort: over.sort ?? base.sort,
    tokens: [...base.tokens, ...over.tokens],
  };
}

interface Segment {
  content: ContentToken[];
  filters: Filters;
}

function tokenize(query: string): Token[] {
  // "20-40" is a range; a dash inside words ("T-Shirt") stays.
  const prepared = query.replace(/(\d)\s*[-–]\s*(\d)/g, "$1 - $2");
  const tokens: Token[] = [];
  for (const match of prepared.matchAll(/\d+(?:[.,]\d+)*|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[€$£,;]|(?<=\s)-(?=\s)/gu)) {
    tokens.push({ surface: match[0], norm: normalize(match[0]), index: tokens.length });
  }
  return tokens;
}

const isNumber = (token: Token | undefined) => !!token && /^\d+(?:[.,]\d+)*$/.test(token.norm);

/** An amount as written ("49,99", "1.299", "1,299.00", "50") → minor units. */
function amountOf(text: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/g, "");
  return Number(whole) * 100 + (decimal ? Number(decimal[1]!.padEnd(2, "0")) : 0);
}

function phraseAt(tokens: Token[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, offset) => tokens[at + offset]?.norm === word);
}

const isCurrency = (token: Token | undefined) => !!token && CURRENCY_WORDS.has(token.norm);

/** The words a content token stands for in the shop's language: German ones translated, all singular. */
function englishWords(token: Token): string[] {
  const base = germanBase(token.norm);
  const english = base ? GERMAN_WORDS[base]! : token.norm;
  return english.split(" ").map(singular);
}

export interface InterpretOptions {
  /** The shop's currency (amounts are read in it). */
  currency: string;
  /** The language of the reasons. */
  locale: Locale;
}

const LABELS: Record<Locale, Record<ReasonPart["as"], string>> = {
  en: {
    colour: "colour",
    property: "property",
    category: "category",
    manufacturer: "brand",
    price: "price",
    words: "in the name",
    excluded: "excluded",
    availability: "availability",
    sorting: "sorting",
  },
  de: {
    colour: "Farbe",
    property: "Eigenschaft",
    category: "Kategorie",
    manufacturer: "Marke",
    price: "Preis",
    words: "im Namen",
    excluded: "ausgeschlossen",
    availability: "Verfügbarkeit",
    sorting: "Sortierung",
  },
};

const SHOWN: Record<Locale, { inStock: string; sort: Record<SortIntent, string>; under: string; from: string }> = {
  en: {
    inStock: "in stock",
    sort: { "price-asc": "cheapest first", "price-desc": "most expensive first", newest: "newest first", topseller: "best sellers first" },
    under: "under {amount}",
    from: "from {amount}",
  },
  de: {
    inStock: "sofort lieferbar",
    sort: { "price-asc": "günstigste zuerst", "price-desc": "teuerste zuerst", newest: "neueste zuerst", topseller: "beliebteste zuerst" },
    under: "bis {amount}",
    from: "ab {amount}",
  },
};

function money(minor: number, currency: string, locale: Locale): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

function priceShown(min: number | null, max: number | null, { currency, locale }: InterpretOptions): string {
  if (min !== null && max !== null) return `${money(min, currency, locale)}–${money(max, currency, locale)}`;
  if (max !== null) return SHOWN[locale].under.replace("{amount}", money(max, currency, locale));
  return SHOWN[locale].from.replace("{amount}", money(min!, currency, locale));
}

/** Splits the sentence into wishes (segments), each with its content and its own price, availability and sorting. */
function scan(tokens: Token[]): Segment[] {
  const segments: Segment[] = [{ content: [], filters: noFilters() }];
  const filters = () => segments.at(-1)!.filters;
  let negateNext = false;
  const take = (from: number, to: number) => filters().tokens.push(...tokens.slice(from, to));
  const takeCurrencyAt = (at: number) => (isCurrency(tokens[at]) ? at + 1 : at);

  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    // A range: "between 20 and 40", "von 20 bis 40", "20 - 40 €".
    const opener = RANGE_OPENERS.has(token.norm) ? 1 : 0;
    const first = takeCurrencyAt(i + opener);
    if ((opener || isNumber(token)) && isNumber(tokens[first]) && RANGE_JOINERS.has(tokens[first + 1]?.norm ?? "")) {
      const second = takeCurrencyAt(first + 2);
      const end = takeCurrencyAt(second + 1);
      // Without an opener only an amount with its currency is a price ("2 to 3 persons" is not).
      if (isNumber(tokens[second]) && (opener || end > second + 1 || second > first + 2)) {
        const [low, high] = [amountOf(tokens[first]!.norm), amountOf(tokens[second]!.norm)].sort((a, b) => a - b);
        filters().priceMin = low!;
        filters().priceMax = high!;
        take(i, end);
        i = end;
        continue;
      }
    }
    const price = PRICE_PHRASES.filter((p) => phraseAt(tokens, i, p.words)).sort((a, b) => b.words.length - a.words.length)[0];
    if (price) {
      const at = takeCurrencyAt(i + price.words.length);
      if (isNumber(tokens[at])) {
        const end = takeCurrencyAt(at + 1);
        if (price.bound === "max") filters().priceMax = amountOf(tokens[at]!.norm);
        else filters().priceMin = amountOf(tokens[at]!.norm);
        take(i, end);
        i = end;
        continue;
      }
    }
    const stock = IN_STOCK_PHRASES.find((phrase) => phraseAt(tokens, i, phrase));
    if (stock) {
      filters().inStock = true;
      take(i, i + stock.length);
      i += stock.length;
      continue;
    }
    const sort = SORT_PHRASES.find((phrase) => phraseAt(tokens, i, phrase.words));
    if (sort) {
      filters().sort = sort.sort;
      take(i, i + sort.words.length);
      i += sort.words.length;
      continue;
    }
    if (NEGATION_WORDS.has(token.norm)) {
      negateNext = true;
      take(i, i + 1);
      i++;
      continue;
    }
    if (JOINING_WORDS.has(token.norm) || token.norm === "," || token.norm === ";") {
      segments.push({ content: [], filters: noFilters() });
      negateNext = false;
      i++;
      continue;
    }
    if (FILLER_WORDS.has(token.norm) || isCurrency(token) || token.norm === "-") {
      i++;
      continue;
    }
    segments.at(-1)!.content.push({ ...token, negated: negateNext });
    i++;
  }
  return segments;
}

/** The reason parts of a wish's price, availability and sorting. */
function filterParts(filters: Filters, options: InterpretOptions): ReasonPart[] {
  const parts: ReasonPart[] = [];
  if (filters.priceMin !== null || filters.priceMax !== null) parts.push({ shown: priceShown(filters.priceMin, filters.priceMax, options), as: "price" });
  if (filters.inStock) parts.push({ shown: SHOWN[options.locale].inStock, as: "availability" });
  if (filters.sort) parts.push({ shown: SHOWN[options.locale].sort[filters.sort], as: "sorting" });
  return parts;
}

interface Word {
  word: string;
  token: ContentToken;
}

/** The words as the shopper typed them ("Laufschuhe", not "running shoe"): a reason speaks their language. */
const typed = (run: Word[]) => [...new Set(run.map((w) => w.token))].map((token) => token.surface).join(" ");

/** The entries matched at `at`: the longest phrase, exact before typo-tolerant; every entry of that phrase. */
function matchAt(list: Word[], at: number, phrases: readonly Phrase[]): { length: number; entries: VocabularyEntry[]; words: string[] } | null {
  for (const tolerant of [false, true]) {
    let length = 0;
    const entries: VocabularyEntry[] = [];
    for (const phrase of phrases) {
      if (phrase.words.length < length) break;
      const fits = phrase.words.every((word, offset) => {
        const typed = list[at + offset]?.word;
        return typed !== undefined && (tolerant ? sameWord(typed, word) : typed === word);
      });
      if (!fits) continue;
      length = phrase.words.length;
      if (!entries.some((e) => e.kind === phrase.entry.kind && e.id === phrase.entry.id)) entries.push(phrase.entry);
    }
    if (entries.length) return { length, entries, words: list.slice(at, at + length).map((w) => w.word) };
  }
  return null;
}

function interpretSegment(segment: Segment, phrases: readonly Phrase[]): { criteria: Partial<SearchCriteria>; parts: ReasonPart[]; hasSubject: boolean } {
  const criteria = { text: [] as string[], categoryIds: [] as string[], manufacturerIds: [] as string[], optionIds: [] as string[] };
  const excluded = { optionIds: [] as string[], manufacturerIds: [] as string[], text: [] as string[] };
  const parts: ReasonPart[] = [];
  const list: Word[] = segment.content.flatMap((token) => englishWords(token).map((word) => ({ word, token })));
  let textStart = -1;
  let hasSubject = false;
  const flushText = (until: number) => {
    if (textStart < 0) return;
    const run = list.slice(textStart, until);
    const positive = run.filter((w) => !w.token.negated);
    const negative = run.filter((w) => w.token.negated);
    if (positive.length) {
      criteria.text.push(...positive.map((w) => w.word));
      parts.push({ shown: typed(positive), as: "words" });
      hasSubject = true;
    }
    if (negative.length) {
      excluded.text.push(...negative.map((w) => w.word));
      parts.push({ shown: typed(negative), as: "excluded" });
    }
    textStart = -1;
  };
  let at = 0;
  while (at < list.length) {
    const found = matchAt(list, at, phrases);
    if (!found) {
      if (textStart < 0) textStart = at;
      at++;
      continue;
    }
    flushText(at);
    const negated = list[at]!.token.negated;
    const [entry] = found.entries;
    const kind = entry!.kind;
    const ids = found.entries.filter((e) => e.kind === kind).map((e) => e.id);
    // The shop's name for one category or brand; otherwise (colours, several matches) the words as typed.
    const shownName = found.entries.length > 1 || kind === "option" ? typed(list.slice(at, at + found.length)) : entry!.name;
    if (negated) {
      if (kind === "option") excluded.optionIds.push(...ids);
      else if (kind === "manufacturer") excluded.manufacturerIds.push(...ids);
      else excluded.text.push(...found.words);
      parts.push({ shown: shownName, as: "excluded" });
    } else {
      if (kind === "option") criteria.optionIds.push(...ids);
      if (kind === "manufacturer") criteria.manufacturerIds.push(...ids);
      if (kind === "category") criteria.categoryIds.push(...ids);
      if (kind !== "option") hasSubject = true;
      const as: ReasonPart["as"] = kind === "option" ? (isColourGroup(entry!.group) ? "colour" : "property") : kind;
      parts.push({ shown: shownName, as, ...(as === "property" && { group: entry!.group }) });
    }
    at += found.length;
  }
  flushText(list.length);
  return {
    criteria: {
      ...criteria,
      excludedOptionIds: excluded.optionIds,
      excludedManufacturerIds: excluded.manufacturerIds,
      excludedText: excluded.text,
    },
    parts,
    hasSubject,
  };
}

const unique = (values: string[]) => [...new Set(values)];

function reasonOf(parts: ReasonPart[], locale: Locale): string {
  return parts.map((part) => `${part.shown}: ${part.as === "property" ? (part.group ?? LABELS[locale].property) : LABELS[locale][part.as]}`).join(", ");
}

/**
 * The searches a sentence asks for; none when it asks for nothing (empty, or only filler words). Price,
 * availability, sorting and exclusions belong to the wish they are said in ("black shoes under 80 and a
 * sofa"); said on their own ("a tent and a lamp, under 50 euros") they apply to every wish.
 */
export function interpret(query: string, phrases: readonly Phrase[], options: InterpretOptions): InterpretedTerm[] {
  const segments = scan(tokenize(query));
  // A part with filters and nothing else ("…, under 50 euros") speaks for the whole sentence.
  const everyWish = segments.filter((s) => s.content.length === 0).reduce((all, s) => overlay(all, s.filters), noFilters());
  const read = segments.filter((s) => s.content.length > 0).map((segment) => ({ segment, ...interpretSegment(segment, phrases) }));
  // "black and white shirt": a wish with only a colour or a property belongs to the next one (or the last).
  const merged: typeof read = [];
  let carried: typeof read = [];
  for (const item of read) {
    if (!item.hasSubject) {
      carried.push(item);
      continue;
    }
    merged.push(carried.length ? combine([...carried, item]) : item);
    carried = [];
  }
  if (carried.length) {
    if (merged.length) merged[merged.length - 1] = combine([merged.at(-1)!, ...carried]);
    else merged.push(combine(carried));
  }
  if (merged.length === 0 && everyWish.tokens.length === 0) return [];
  const terms = merged.length ? merged : [{ segment: { content: [], filters: noFilters() }, criteria: {}, parts: [], hasSubject: false }];
  return terms.map((term) => {
    const filters = overlay(everyWish, term.segment.filters);
    const criteria: SearchCriteria = {
      ...emptyCriteria(),
      ...term.criteria,
      priceMin: filters.priceMin,
      priceMax: filters.priceMax,
      inStock: filters.inStock,
      sort: filters.sort,
    };
    for (const key of ["text", "categoryIds", "manufacturerIds", "optionIds", "excludedOptionIds", "excludedManufacturerIds", "excludedText"] as const) {
      criteria[key] = unique(criteria[key]);
    }
    const wordTokens = [...term.segment.content, ...filters.tokens].sort((a, b) => a.index - b.index);
    const parts = [...term.parts, ...filterParts(filters, options)];
    return { term: wordTokens.map((t) => t.surface).join(" "), reason: reasonOf(parts, options.locale), parts, criteria };
  });
}

function combine(items: { segment: Segment; criteria: Partial<SearchCriteria>; parts: ReasonPart[]; hasSubject: boolean }[]) {
  const criteria: Partial<SearchCriteria> = {};
  for (const item of items) {
    for (const [key, value] of Object.entries(item.criteria) as [keyof SearchCriteria, string[]][]) {
      (criteria as Record<string, string[]>)[key] = [...((criteria as Record<string, string[]>)[key] ?? []), ...value];
    }
  }
  return {
    segment: { content: items.flatMap((item) => item.segment.content), filters: items.reduce((all, item) => overlay(all, item.segment.filters), noFilters()) },
    criteria,
    parts: items.flatMap((item) => item.parts),
    hasSubject: items.some((item) => item.hasSubject),
  };
}
