import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Reducer, type Ref, type RefObject } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { SuggestAction, SuggestAnswer, SuggestState } from "./suggest";
import { useSuggestions, type SuggestRoute } from "./use-suggestions";

/** What the input announces and the submit button shows, reported to the search form. */
export interface ComboboxState {
  expanded: boolean;
  activeId?: string;
  busy: boolean;
}

/** The input's events, passed on by the search form. */
export interface SuggestionsHandle {
  change(value: string): void;
  keyDown(event: KeyboardEvent<HTMLInputElement>): void;
  focus(): void;
  close(): void;
}

/** What the search form gives the suggestions it shows (the product list or the enterprise search panel). */
export interface SuggestionsProps {
  ref: Ref<SuggestionsHandle>;
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  onComboboxChange(state: ComboboxState): void;
}

/**
 * The combobox behaviour shared by the header's product suggestions and the enterprise search panel
 * (decision 0012): the input's events through an imperative handle, the arrow keys moving
 * `aria-activedescendant` through `countOptions` rows (wrapping around), Enter clicking the highlighted
 * row (a link), Escape closing; the state reported to the form, the highlighted row scrolled into view,
 * text typed before the code arrived picked up, and the list closed by a navigation. Option `i` has the
 * id `optionId(i)`.
 */
export function useSuggestCombobox<A extends SuggestAnswer>(
  { ref, input, listboxId, onComboboxChange }: SuggestionsProps,
  route: SuggestRoute,
  reducer: Reducer<SuggestState<A>, SuggestAction<A>>,
  countOptions: (answer: A | null) => number,
) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { state, dispatch, type, clear } = useSuggestions(route, reducer);
  const { answer, open, active, loading } = state;
  const count = countOptions(answer);
  const expanded = open && count > 0;
  const optionId = (index: number) => `${listboxId}-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  useImperativeHandle(
    ref,
    () => ({
      change: type,
      keyDown(event) {
        if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0) {
          event.preventDefault();
          dispatch({ type: "moved", step: event.key === "ArrowDown" ? 1 : -1 });
        } else if (event.key === "Enter" && activeId) {
          // The row is a link: it navigates as a click would.
          event.preventDefault();
          document.getElementById(activeId)?.click();
        } else if (event.key === "Escape" && open) {
          // A search input would also clear its text.
          event.preventDefault();
          dispatch({ type: "closed" });
        }
      },
      focus: () => dispatch({ type: "opened" }),
      close: () => dispatch({ type: "closed" }),
    }),
    [type, dispatch, count, activeId, open],
  );

  // What was typed while this code was on its way.
  useEffect(() => {
    const field = input.current;
    if (field && field.value !== field.defaultValue) type(field.value);
  }, [input, type]);

  useEffect(() => onComboboxChange({ expanded, activeId, busy: loading }), [onComboboxChange, expanded, activeId, loading]);
  // Replaced (the window crossed 1000 px): the other list reports its own state once it is there.
  useEffect(() => () => onComboboxChange({ expanded: false, busy: false }), [onComboboxChange]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  // A navigation (a suggestion, Show all) closes the list; the input shows the new page's term.
  const pageTerm = params.get("search") ?? "";
  const page = `${pathname}?${pageTerm}`;
  const viewedPage = useRef(page);
  useEffect(() => {
    if (viewedPage.current === page) return;
    viewedPage.current = page;
    clear();
    if (input.current) input.current.value = pageTerm;
  }, [page, pageTerm, clear, input]);

  return { state, count, expanded, optionId, activeId };
}
