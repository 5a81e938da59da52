export const SEARCH_MAX_TERMS = 8;

export interface SearchInput {
  /** The trimmed input, for exact product number matches and ranking. */
  text: string;
  /** Lower-case words, at most `SEARCH_MAX_TERMS`. */
  terms: string[];
}

/** Splits a search input into lowercase words, at most `SEARCH_MAX_TERMS`. */
export function searchTerms(input: string): string[] {
  return input
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.trim())
    .filter(Boolean)
    .slice(0, SEARCH_MAX_TERMS);
}

export function searchInput(input: string): SearchInput {
  return { text: input.trim(), terms: searchTerms(input) };
}
