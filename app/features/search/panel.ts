import type { SuggestCategory, SuggestManufacturer } from "../../../server/search/service";
import { createSuggestReducer, type SuggestAnswer } from "./suggest";

/** The answer of `frontend.search.suggest.panel`: the suggest's products plus categories and manufacturers. */
export interface PanelAnswer extends SuggestAnswer {
  categories: SuggestCategory[];
  manufacturers: SuggestManufacturer[];
}

/**
 * Where each row of the enterprise search panel sits in the keyboard's order, which is the order on the
 * screen and in the document: the products and "Show all search results" (group Products), the
 * categories, the manufacturers, then the AI search offer. An index of -1: that row is not shown.
 */
export interface PanelRows {
  /** Index of the first product, category and manufacturer (their rows follow one another). */
  products: number;
  showAll: number;
  categories: number;
  manufacturers: number;
  aiSearch: number;
  /** Rows the arrow keys move through; 0 before the first answer. */
  count: number;
}

/**
 * The panel's rows for an answer. The AI search offer is always there once an answer arrived: when the
 * keywords find nothing, describing the wish in words is the shopper's next step.
 */
export function panelRows(answer: PanelAnswer | null): PanelRows {
  if (!answer) return { products: -1, showAll: -1, categories: -1, manufacturers: -1, aiSearch: -1, count: 0 };
  let next = 0;
  const take = (rows: number) => {
    if (rows === 0) return -1;
    const first = next;
    next += rows;
    return first;
  };
  const products = take(answer.items.length);
  const showAll = take(answer.items.length ? 1 : 0);
  const categories = take(answer.categories.length);
  const manufacturers = take(answer.manufacturers.length);
  const aiSearch = take(1);
  return { products, showAll, categories, manufacturers, aiSearch, count: next };
}

export const panelOptionCount = (answer: PanelAnswer | null) => panelRows(answer).count;

/** The panel's state machine: the product list's (`suggestReducer`), moving through all the panel's rows. */
export const panelReducer = createSuggestReducer<PanelAnswer>(panelOptionCount);
