import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { ProductOption } from "./ProductOption";
import { optionCount, resultCountText, suggestReducer } from "./suggest";
import { useSuggestCombobox, type SuggestionsProps } from "./use-suggest-combobox";

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
export default function Suggestions(props: SuggestionsProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const { state, count, expanded, optionId } = useSuggestCombobox(props, "frontend.search.suggest", suggestReducer, optionCount);
  const { answer, open, active, loading } = state;
  const { listboxId } = props;

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
