import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { ENTERPRISE_SEARCH_MIN_WIDTH, ENTERPRISE_SEARCH_SETUP_DELAY_MS, SEARCH_MAX_LENGTH } from "../../../kernel/constants";
import { Icon } from "../../ui/Icon";
import { useRoutePath } from "../../ui/use-route-path";
import { searchTerm } from "./search-term";
import type { ComboboxState, SuggestionsHandle } from "./use-suggest-combobox";
import "./Search.css";

const Suggestions = lazy(() => import("./Suggestions"));
const SuggestionPanel = lazy(() => import("./SuggestionPanel"));

/** "Over 1000 px" (spec §9): `min-width` counts the width itself, a window 1000.5 px wide is over it. */
const ENTERPRISE_SEARCH_MEDIA = `(min-width: ${ENTERPRISE_SEARCH_MIN_WIDTH + 0.02}px)`;

/**
 * Whether the header's suggestions are the enterprise search panel (issue 25): undefined until it is set
 * up, 1000 ms after the page came to life; from then on whether the window is wider than 1000 px,
 * following the window as it is resized.
 */
function useEnterpriseSearch(): boolean | undefined {
  const [wide, setWide] = useState<boolean>();
  useEffect(() => {
    const media = window.matchMedia(ENTERPRISE_SEARCH_MEDIA);
    const follow = () => setWide(media.matches);
    const setUp = setTimeout(() => {
      follow();
      media.addEventListener("change", follow);
    }, ENTERPRISE_SEARCH_SETUP_DELAY_MS);
    return () => {
      clearTimeout(setUp);
      media.removeEventListener("change", follow);
    };
  }, []);
  return wide;
}

const COLLAPSED: ComboboxState = { expanded: false, busy: false };

/**
 * The header search (spec §2.2): a GET form to the search page that works without JavaScript. It
 * refuses a term shorter than the minimum; the live suggestions (`Suggestions`) load on the input's
 * first focus, so every page's first load carries only this form. Once the enterprise search is set up
 * on a wide window (`data-search-panel="on"`), the suggestions are the panel (`SuggestionPanel`) instead.
 */
export function SearchWidget() {
  const { t } = useI18n();
  const path = useRoutePath();
  const [params] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useRef<SuggestionsHandle>(null);
  const listboxId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [combobox, setCombobox] = useState(COLLAPSED);
  const panel = useEnterpriseSearch();
  const Shown = panel ? SuggestionPanel : Suggestions;
  return (
    <form
      className="search-form"
      data-search-panel={panel === undefined ? undefined : panel ? "on" : "off"}
      action={path("frontend.search.page")}
      method="get"
      role="search"
      onSubmit={(event) => {
        if (!searchTerm(input.current?.value ?? "")) event.preventDefault();
      }}
    >
      <input
        ref={input}
        type="search"
        name="search"
        role="combobox"
        aria-label={t("header.search")}
        aria-expanded={combobox.expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={combobox.activeId}
        placeholder={t("header.searchPlaceholder")}
        defaultValue={params.get("search") ?? ""}
        onFocus={() => {
          setEnhanced(true);
          suggestions.current?.focus();
        }}
        // The rows never take focus (they keep it in the input), so leaving the input closes the list.
        onBlur={() => suggestions.current?.close()}
        onChange={(event) => suggestions.current?.change(event.target.value)}
        onKeyDown={(event) => suggestions.current?.keyDown(event)}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={SEARCH_MAX_LENGTH}
        className="search-form__input"
      />
      <button type="submit" className="search-form__submit" aria-label={t("header.searchSubmit")}>
        {combobox.busy ? <span className="search-form__spinner" aria-hidden="true" /> : <Icon name="search" />}
      </button>
      {enhanced && (
        <Suspense fallback={null}>
          <Shown ref={suggestions} input={input} listboxId={listboxId} onComboboxChange={setCombobox} />
        </Suspense>
      )}
    </form>
  );
}
