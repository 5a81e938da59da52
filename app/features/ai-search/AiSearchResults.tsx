import { useId, type MouseEvent } from "react";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { useI18n } from "../../i18n/i18n";
import { ProductGrid } from "../../ui/ProductBox";
import { useRoutePath } from "../../ui/use-route-path";
import type { AiSearchOutcome } from "./ai-search-outcome";

interface AiSearchResultsProps {
  outcome: AiSearchOutcome;
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
        <p className="ai-search__error" role="alert">
          {t("form.aiSearch.error")}
        </p>
      );
    case "refused":
      return (
        <p className="ai-search__error" role="alert">
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
      // Two terms may read the same; their place in the answer tells them apart.
      return (
        <>
          {outcome.byTestDouble && <TestDoubleNote />}
          {outcome.results.map((result, index) => (
            <TermSection key={`${index}:${result.term}`} result={result} />
          ))}
        </>
      );
  }
}

/** The description was read by the model's local test double, not a model (DESIGN §1.5). */
function TestDoubleNote() {
  const { t } = useI18n();
  return <p className="ai-search__test-double">{t("form.aiSearch.testDouble")}</p>;
}

function TermSection({ result }: { result: AiSearchProducts }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="ai-search__term" aria-labelledby={headingId}>
      <h2 id={headingId} className="ai-search__term-title">
        {result.term}
      </h2>
      {result.reason && <p className="ai-search__reason">{result.reason}</p>}
      {result.products.length > 0 ? <ProductGrid products={result.products} /> : <p className="ai-search__term-empty">{t("form.aiSearch.termEmpty")}</p>}
    </section>
  );
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
