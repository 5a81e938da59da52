import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { QUICK_ORDER_SEARCH_DEBOUNCE_MS, type QuickOrderProduct, type QuickOrderSearchResult } from "../../../../kernel/quick-order";
import { debounce } from "../../../lib/debounce";
import { http } from "../../../lib/http";
import { useRoutePath } from "../../../ui/use-route-path";

export interface ProductSearchState {
  /** The term the suggestions belong to; empty when there are none. */
  term: string;
  products: QuickOrderProduct[];
  total: number;
  /** The last page fetched: "More results" asks for the next one. */
  page: number;
  status: "idle" | "loading" | "done" | "failed";
}

const IDLE: ProductSearchState = { term: "", products: [], total: 0, page: 0, status: "idle" };

/**
 * The product suggestions of the quick-order search (spec §7): GET `frontend.b2b.quick-order.search` with
 * `search` and `page`, 250 ms after the last keystroke (spec §9). A newer term aborts the request before
 * it and only the term typed last is shown; `more` appends the next page of the same term.
 */
export function useProductSearch() {
  const path = useRoutePath();
  const [state, setState] = useState<ProductSearchState>(IDLE);
  /** The term typed last: an answer to any other is dropped. */
  const wanted = useRef("");
  const pending = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    (term: string, page: number) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setState((current) => ({ ...current, status: "loading" }));
      http(path("frontend.b2b.quick-order.search", {}, { search: term, page: String(page) }), { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<QuickOrderSearchResult>) : Promise.reject(new Error(`status ${response.status}`))))
        .then(
          (answer) => {
            if (wanted.current !== term) return;
            setState((current) => ({
              term,
              // A next page adds to the suggestions shown; page 1 starts them afresh.
              products: page > 1 && current.term === term ? [...current.products, ...answer.elements] : answer.elements,
              total: answer.total,
              page: answer.page,
              status: "done",
            }));
          },
          () => {
            if (wanted.current === term && !controller.signal.aborted) setState((current) => ({ ...current, status: "failed" }));
          },
        );
    },
    [path],
  );

  const request = useMemo(() => debounce((term: string) => fetchPage(term, 1), QUICK_ORDER_SEARCH_DEBOUNCE_MS), [fetchPage]);

  /** Forgets the suggestions and any request on its way. */
  const clear = useCallback(() => {
    request.cancel();
    pending.current?.abort();
    wanted.current = "";
    setState(IDLE);
  }, [request]);
  useEffect(() => clear, [clear]);

  /** Takes the input's text at every keystroke. */
  const type = useCallback(
    (input: string) => {
      const term = input.trim();
      if (!term) return clear();
      if (term === wanted.current) return;
      wanted.current = term;
      request(term);
    },
    [clear, request],
  );

  const more = useCallback(() => {
    if (state.status !== "loading" && state.products.length < state.total) fetchPage(state.term, state.page + 1);
  }, [fetchPage, state]);

  return { state, type, more, clear };
}
