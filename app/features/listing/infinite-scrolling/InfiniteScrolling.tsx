import { useId, useLayoutEffect, useState, type KeyboardEvent, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import { useSearchParams } from "react-router";
import type { ProductBox as ProductBoxData } from "../../../../server/catalog/types";
import { ProductGrid } from "../../../ui/ProductBox";
import { listingHref } from "../listing-url";
import { firstLoaded, formatSnippet, lastLoaded, nextPage, previousPage, queryAll, showMoreButton } from "./config";
import type { InfiniteScrolling, LoadMode } from "./use-infinite-scrolling";
import "./InfiniteScrolling.css";

/**
 * A link to the page it loads (open it in a new tab, or follow it without the script) that acts as a
 * button: click, Enter or Space load the page in place.
 */
function LoadButton({ page, label, busy, onLoad }: { page: number; label: string; busy: boolean; onLoad(): void }) {
  const [params] = useSearchParams();
  const activate = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    if (!busy) onLoad();
  };
  return (
    <a
      href={listingHref(params, { p: page })}
      role="button"
      className="button button--secondary infinite-scrolling__button"
      aria-disabled={busy || undefined}
      onClick={activate}
      onKeyDown={(event) => {
        if (event.key === " ") activate(event);
      }}
    >
      {label}
    </a>
  );
}

function Progress({ text, current, last }: { text: string; current: number; last: number }) {
  const id = useId();
  return (
    <>
      <p id={id} className="infinite-scrolling__progress-text">
        {formatSnippet(text, current, last)}
      </p>
      <progress className="infinite-scrolling__progress" max={last} value={current} aria-labelledby={id} />
    </>
  );
}

/** "Load previous products" above the list while the listing does not start at page 1. */
export function InfinitePrevious({ infinite }: { infinite: InfiniteScrolling }) {
  const { settings, state, load } = infinite;
  const page = previousPage(state);
  if (!settings || page === null) return null;
  return (
    <div className="infinite-scrolling infinite-scrolling--previous">
      <Progress text={settings.snippets.prev.navigation} current={firstLoaded(state)} last={state.lastPage} />
      <LoadButton page={page} label={settings.snippets.prev.button} busy={state.loading !== null} onLoad={() => load("prepend", "button")} />
    </div>
  );
}

/**
 * "Load more products" with the progress text and bar, once the automatic loads are used up (at once
 * when `pages` is 0), or after an automatic load failed.
 */
export function InfiniteMore({ infinite }: { infinite: InfiniteScrolling }) {
  const { settings, state, load } = infinite;
  const page = nextPage(state);
  if (!settings || page === null || !(showMoreButton(state, settings.pages) || state.error)) return null;
  return (
    <div className="infinite-scrolling infinite-scrolling--more">
      <Progress text={settings.snippets.next.navigation} current={lastLoaded(state)} last={state.lastPage} />
      <LoadButton page={page} label={settings.snippets.next.button} busy={state.loading !== null} onLoad={() => load("append", "button")} />
    </div>
  );
}

/** Grey boxes where the loading page's products will be; removed when the answer is shown. */
export function LoadingPlaceholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`placeholder-${index}`} className="infinite-scrolling__placeholder" aria-hidden="true" />
  ));
}

/**
 * Loaded pages that a theme sends elsewhere (`customPrepend` / `customAppend`): rendered at the start or
 * the end of the first element the selector finds, in a grid of their own.
 */
interface CustomTargetPagesProps {
  selector: string;
  position: LoadMode;
  products: ProductBoxData[];
  delivery: Readonly<Record<string, string>>;
}

export function CustomTargetPages({ selector, position, products, delivery }: CustomTargetPagesProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const target = queryAll(document, selector)[0];
    if (!target) return;
    const element = document.createElement("div");
    element.className = "infinite-scrolling__pages";
    if (position === "prepend") target.prepend(element);
    else target.append(element);
    setContainer(element);
    return () => {
      element.remove();
      setContainer(null);
    };
  }, [selector, position]);
  if (!container || products.length === 0) return null;
  return createPortal(<ProductGrid products={products} delivery={delivery} />, container);
}
