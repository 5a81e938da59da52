import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref, type RefObject } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { ProductBox } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { Price } from "../../ui/Price";
import { ResponsiveImage } from "../../ui/ResponsiveImage";
import { useRoutePath } from "../../ui/use-route-path";
import { optionCount, resultCountText } from "./suggest";
import { useSuggestions } from "./use-suggestions";

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

interface SuggestionsProps {
  ref: Ref<SuggestionsHandle>;
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  onComboboxChange(state: ComboboxState): void;
}

/**
 * The live suggestions of the header search (spec §2.2): the listbox the search input controls as an
 * ARIA 1.2 combobox. Focus stays in the input; the arrow keys move `aria-activedescendant` through the
 * products and the "Show all search results" row, wrapping around; Enter opens the highlighted row,
 * Escape closes the list. Loaded on the input's first focus.
 *
 * Each row is an `<a href role="option">` (ARIA in HTML allows the option role on a link): assistive
 * technology meets options named by the product name alone (`aria-labelledby`, the price as their
 * description); the mouse meets real links, with client-side navigation, a new tab on middle click and
 * the address on hover; Enter clicks the highlighted one. A link inside an option would not do: an
 * option's children are presentational, so axe reports nested-interactive and screen readers lose it.
 */
export default function Suggestions({ ref, input, listboxId, onComboboxChange }: SuggestionsProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { state, dispatch, type, clear } = useSuggestions();
  const { answer, open, active, loading } = state;
  const count = optionCount(answer);
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

  const status = open && answer ? resultCountText(t, answer) : "";
  const showAll = answer?.items.length ?? 0;
  return (
    <>
      {/* Pressing a row must not take the focus out of the input. */}
      <div
        role="listbox"
        id={listboxId}
        aria-label={t("suggest.label")}
        aria-busy={loading}
        hidden={!expanded}
        className="search-suggest"
        onMouseDown={(event) => event.preventDefault()}
      >
        {answer?.items.map((product, index) => (
          <ProductOption key={product.productId} product={product} id={optionId(index)} selected={index === active} />
        ))}
        {answer && count > 0 && (
          <Link
            to={path("frontend.search.page", {}, { search: answer.term })}
            id={optionId(showAll)}
            role="option"
            aria-selected={active === showAll}
            aria-labelledby={`${optionId(showAll)}-label`}
            aria-describedby={`${optionId(showAll)}-count`}
            tabIndex={-1}
            className="search-suggest__option search-suggest__all"
          >
            <span id={`${optionId(showAll)}-label`}>{t("suggest.showAll")}</span>
            <span id={`${optionId(showAll)}-count`} className="search-suggest__count">
              {resultCountText(t, answer)}
            </span>
          </Link>
        )}
      </div>
      {/* One live region: the number of results for screen readers, or the visible "No results found." row. */}
      <p role="status" className={status && answer?.total === 0 ? "search-suggest search-suggest--none" : "visually-hidden"}>
        {status}
      </p>
    </>
  );
}

function ProductOption({ product, id, selected }: { product: ProductBox; id: string; selected: boolean }) {
  return (
    <Link
      to={product.url}
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-price`}
      tabIndex={-1}
      className="search-suggest__option search-suggest__product"
    >
      <span className="search-suggest__image">{product.image && <ResponsiveImage image={{ ...product.image, alt: "" }} sizes="48px" />}</span>
      <span id={`${id}-name`} className="search-suggest__name">
        {product.name}
      </span>
      <span id={`${id}-price`} className="search-suggest__price">
        <Price price={product.price} listPrice={product.listPrice} from={product.priceFrom} />
      </span>
    </Link>
  );
}
