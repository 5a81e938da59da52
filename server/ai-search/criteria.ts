import type { SortIntent } from "./lexicon";

/*
 * What the AI search understood of one wish (issue 25): structured, so the products come from the
 * listing query with its filters and every part can be shown as a reason.
 */

export interface SearchCriteria {
  /** Words to find in the products' names and texts (English, the shop's language); empty: none. */
  text: string[];
  /** Gross, in minor units of the shop's currency, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
  categoryIds: string[];
  manufacturerIds: string[];
  /** Property options wanted: any of a group's, every group (the listing's filter semantics). */
  optionIds: string[];
  excludedOptionIds: string[];
  excludedManufacturerIds: string[];
  /** Words no result may contain in its name. */
  excludedText: string[];
  inStock: boolean;
  sort: SortIntent | null;
}

export const emptyCriteria = (): SearchCriteria => ({
  text: [],
  priceMin: null,
  priceMax: null,
  categoryIds: [],
  manufacturerIds: [],
  optionIds: [],
  excludedOptionIds: [],
  excludedManufacturerIds: [],
  excludedText: [],
  inStock: false,
  sort: null,
});

/** One part of a reason: what was understood and as what ("red" as colour). */
export interface ReasonPart {
  shown: string;
  as: "colour" | "property" | "category" | "manufacturer" | "price" | "words" | "excluded" | "availability" | "sorting";
  /** The property group's name, for `property`. */
  group?: string;
}

/** One search the page runs: its words as typed (the heading), why, and what it filters. */
export interface InterpretedTerm {
  term: string;
  reason: string;
  parts: ReasonPart[];
  criteria: SearchCriteria;
}
