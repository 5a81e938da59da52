import type { ProductBox } from "../../../server/catalog/types";
import type { Translate } from "../../../kernel/i18n/translator";

/**
 * The answer of `frontend.search.suggest`: at most 10 products and how many match in all; a broad term's
 * count stops at the server's limit (`totalCapped`: more than `total` match).
 */
export interface SuggestAnswer {
  term: string;
  total: number;
  totalCapped: boolean;
  items: ProductBox[];
}

/** What the suggestion list shows: the latest answer, whether it is open, the highlighted row (-1: none). */
export interface SuggestState<A extends SuggestAnswer = SuggestAnswer> {
  answer: A | null;
  open: boolean;
  active: number;
  /** A request is on its way. */
  loading: boolean;
}

export type SuggestAction<A extends SuggestAnswer = SuggestAnswer> =
  | { type: "typed" }
  | { type: "requested" }
  | { type: "answered"; answer: A }
  | { type: "cleared" }
  | { type: "moved"; step: 1 | -1 }
  | { type: "opened" }
  | { type: "closed" };

export const initialSuggestState: SuggestState<never> = { answer: null, open: false, active: -1, loading: false };

/** Rows the keyboard moves through: every product plus "Show all search results"; none when nothing matched. */
export function optionCount(answer: SuggestAnswer | null): number {
  return answer?.items.length ? answer.items.length + 1 : 0;
}

/** The highlighted row after one step down (+1) or up (-1), wrapping at both ends. */
export function stepHighlight(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * The suggestion list's state machine (spec §2.2). Typing opens the list and drops the highlight, so
 * Enter searches for what was typed; an answer replaces the rows, nothing highlighted. A list closed by
 * Escape or by leaving the input stays closed when a late answer arrives, until the input gets focus
 * again or the arrow keys reopen it. `countOptions` says how many rows an answer gives the keyboard:
 * the product list's (`optionCount`) or the enterprise search panel's.
 */
export function createSuggestReducer<A extends SuggestAnswer>(countOptions: (answer: A | null) => number) {
  return (state: SuggestState<A>, action: SuggestAction<A>): SuggestState<A> => reduce(state, action, countOptions);
}

/** The header's product suggestions' state machine. */
export const suggestReducer = createSuggestReducer<SuggestAnswer>(optionCount);

function reduce<A extends SuggestAnswer>(state: SuggestState<A>, action: SuggestAction<A>, countOptions: (answer: A | null) => number): SuggestState<A> {
  switch (action.type) {
    case "typed":
      return { ...state, open: true, active: -1 };
    case "requested":
      return { ...state, loading: true };
    case "answered":
      return { ...state, answer: action.answer, active: -1, loading: false };
    case "cleared":
      return initialSuggestState;
    case "moved": {
      const count = countOptions(state.answer);
      if (count === 0) return state;
      return { ...state, open: true, active: stepHighlight(state.open ? state.active : -1, action.step, count) };
    }
    case "opened":
      return state.answer ? { ...state, open: true } : state;
    case "closed":
      return { ...state, open: false, active: -1 };
  }
}

/** "18 results", "1 result", "More than 1000 results" (a capped count), or "No results found." (spec §2.2). */
export function resultCountText(t: Translate, answer: Pick<SuggestAnswer, "total" | "totalCapped">): string {
  const { total } = answer;
  if (answer.totalCapped) return t("suggest.resultsMoreThan", { count: total });
  if (total === 0) return t("suggest.none");
  return total === 1 ? t("suggest.resultsOne") : t("suggest.results", { count: total });
}
