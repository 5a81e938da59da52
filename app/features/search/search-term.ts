import { SEARCH_MIN_CHARS } from "../../../kernel/constants";

/** The term to suggest or search for: the trimmed input, or null while it is shorter than the minimum (spec §5). */
export function searchTerm(input: string): string | null {
  const term = input.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : null;
}
