import type { MouseEvent } from "react";
import { useI18n } from "../../i18n/i18n";
import type { TermSearchOutcome } from "../../ui/term-search/term-search-outcome";
import { TermSections } from "../../ui/term-search/TermSections";
import { useRoutePath } from "../../ui/use-route-path";

interface AiSearchResultsProps {
  outcome: TermSearchOutcome;
  examples: readonly string[];
  onExample: (query: string) => void;
}

/** What the search gave: the examples before a search, an alert, the empty state, or a section per term. */
export function AiSearchResults({ outcome, examples, onExample }: AiSearchResultsProps) {
  const { t } = useI18n();
  switch (outcome.state) {
    case "idle":
      return (
        <div className="ai-search__examples">
          <p>{t("form.aiSearch.examples")}</p>
          <ExampleQueries examples={examples} onExample={onExample} />
        </div>
      );
    case "loading":
      return null;
    case "error":
      return (
        <p className="term-search__error" role="alert">
          {t("form.aiSearch.error")}
        </p>
      );
    case "limited":
      return (
        <p className="term-search__error" role="alert">
          {t("form.aiSearch.tooMany", { seconds: outcome.retryInSeconds })}
        </p>
      );
    case "empty":
      return (
        <div className="ai-search__empty">
          {outcome.byTestDouble && <TestDoubleNote />}
          <h2>{t("form.aiSearch.emptyTitle")}</h2>
          <p>{t("form.aiSearch.emptyText")}</p>
          <ExampleQueries examples={examples} onExample={onExample} />
        </div>
      );
    case "finish":
      return (
        <>
          {outcome.byTestDouble && <TestDoubleNote />}
          <TermSections results={outcome.results} emptyTermText={t("form.aiSearch.termEmpty")} />
        </>
      );
  }
}

/** The description was read by the model's local test double, not a model (DESIGN §1.5). */
function TestDoubleNote() {
  const { t } = useI18n();
  return <p className="ai-search__test-double">{t("form.aiSearch.testDouble")}</p>;
}

/** Plain links to the page with the example (they work without JavaScript); with it, they search in place. */
function ExampleQueries({ examples, onExample }: Omit<AiSearchResultsProps, "outcome">) {
  const path = useRoutePath();
  const searchInPlace = (event: MouseEvent<HTMLAnchorElement>, example: string) => {
    // A click meant for a new tab or window opens the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onExample(example);
  };
  return (
    <ul className="ai-search__example-list">
      {examples.map((example) => (
        <li key={example}>
          <a className="chip" href={path("frontend.ai-search.page", undefined, { searchQuery: example })} onClick={(event) => searchInPlace(event, example)}>
            {example}
          </a>
        </li>
      ))}
    </ul>
  );
}
