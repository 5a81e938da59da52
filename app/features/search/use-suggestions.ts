import { useCallback, useEffect, useMemo, useReducer, useRef, type Reducer } from "react";
import { trackAnalytics } from "../../lib/analytics";
import { SEARCH_SUGGEST_DELAY_MS } from "../../../kernel/constants";
import { debounce } from "../../lib/debounce";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { searchTerm } from "./search-term";
import { initialSuggestState, type SuggestAction, type SuggestAnswer, type SuggestState } from "./suggest";

/** The header's product suggestions, or the enterprise search panel's (products, categories, manufacturers). */
export type SuggestRoute = "frontend.search.suggest" | "frontend.search.suggest.panel";

/**
 * The suggestion list's state, fed by `route` (`frontend.search.suggest`, or the enterprise search
 * panel's): one request 250 ms after the last keystroke (spec §5). A newer term aborts the request
 * before it, and an answer to any term but the one typed last is dropped. A failed request closes the
 * list without a message (spec §8).
 */
export function useSuggestions<A extends SuggestAnswer>(route: SuggestRoute, reducer: Reducer<SuggestState<A>, SuggestAction<A>>) {
  const [state, dispatch] = useReducer(reducer, initialSuggestState);
  /** The term whose answer may be shown; null below the minimum length. */
  const wanted = useRef<string | null>(null);
  /** The term of the last request sent: a space typed after it asks nothing new. */
  const asked = useRef<string | null>(null);
  const pending = useRef<AbortController | null>(null);

  const request = useMemo(
    () =>
      debounce((term: string) => {
        if (asked.current === term) return;
        asked.current = term;
        pending.current?.abort();
        const controller = new AbortController();
        pending.current = controller;
        dispatch({ type: "requested" });
        trackAnalytics({ name: "search", term });
        http(routeUrl(route, {}, { search: term }), { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<A>) : Promise.reject(new Error(`status ${response.status}`))))
          .then(
            (answer) => {
              if (wanted.current === term) dispatch({ type: "answered", answer });
            },
            () => {
              if (wanted.current === term && !controller.signal.aborted) dispatch({ type: "cleared" });
            },
          );
      }, SEARCH_SUGGEST_DELAY_MS),
    [route],
  );

  /** Forgets the suggestions and any request on its way. */
  const clear = useCallback(() => {
    request.cancel();
    pending.current?.abort();
    wanted.current = null;
    asked.current = null;
    dispatch({ type: "cleared" });
  }, [request]);
  useEffect(() => clear, [clear]);

  /** Takes the input's text at every keystroke: asks for its suggestions, or clears them below the minimum length. */
  const type = useCallback(
    (input: string) => {
      const term = searchTerm(input);
      if (!term) return clear();
      if (term !== wanted.current) {
        wanted.current = term;
        dispatch({ type: "typed" });
      }
      request(term);
    },
    [clear, request],
  );

  return { state, dispatch, type, clear };
}
