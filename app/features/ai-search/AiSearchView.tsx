import { useRef, useState } from "react";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { outcomeOf } from "../../ui/term-search/term-search-outcome";
import { useTermSearch } from "../../ui/term-search/use-term-search";
import { searchDescription } from "./ai-search-requests";
import { AiSearchForm } from "./AiSearchForm";
import { AiSearchResults } from "./AiSearchResults";
import "./AiSearch.css";

export interface AiSearchViewProps {
  /** The description from the address bar (`searchQuery`), empty without one. */
  query: string;
  /** What the server found for it; null without a description. */
  results: AiSearchProducts[] | null;
  /** The server's reading came from the local test double of a model (labelled on the page). */
  byTestDouble?: boolean;
  /** The server refused to search (too many searches from this address): seconds to wait. */
  retryInSeconds?: number | null;
  examples: readonly string[];
  queryMax: number;
}

/** The AI search page (spec §7, CONTRACT §7): the description, the searching status, and what was found. */
export function AiSearchView({ query, results, byTestDouble = false, retryInSeconds = null, examples, queryMax }: AiSearchViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const [text, setText] = useState(query);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { outcome, search } = useTermSearch(retryInSeconds ? { state: "limited", retryInSeconds } : outcomeOf(results, byTestDouble), searchDescription);

  const searchFor = (description: string) => {
    // Replaced, not pushed: the address bar carries the description for a reload or a shared link, and
    // Back leaves the page instead of stepping through results the page no longer holds. It bypasses the
    // router on purpose: a router navigation would run the loader's search a second time.
    window.history.replaceState(window.history.state, "", path("frontend.ai-search.page", undefined, { searchQuery: description }));
    void search(description);
  };

  return (
    <div className="container page ai-search">
      <header className="page-header">
        <h1>{t("form.aiSearch.title")}</h1>
        <p className="page-header__lead">{t("form.aiSearch.lead")}</p>
      </header>
      <AiSearchForm value={text} onChange={setText} onSearch={searchFor} maxLength={queryMax} textareaRef={textarea} />
      <p className="term-search__status" role="status">
        {outcome.state === "loading" && t("form.aiSearch.searching")}
      </p>
      <AiSearchResults
        outcome={outcome}
        examples={examples}
        onExample={(example) => {
          setText(example);
          // The clicked link goes away with the results: the description keeps the keyboard's place.
          textarea.current?.focus();
          searchFor(example);
        }}
      />
    </div>
  );
}
