import { useLayoutEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import type { Translate } from "../../../kernel/i18n/translator";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { panelOptionCount, panelReducer, panelRows } from "./panel";
import { ProductOption } from "./ProductOption";
import { resultCountText } from "./suggest";
import { useSuggestCombobox, type SuggestionsProps } from "./use-suggest-combobox";
import "./SuggestionPanel.css";

/** Gap kept between the panel and the window's right edge, px. */
const WINDOW_MARGIN = 24;

/**
 * The panel opens under the search field, starting at its left edge, and is as wide as it may be up to
 * its CSS width without running past the window's right edge (`--search-panel-room`), measured when it
 * opens and as the window is resized.
 */
function useFittedPanel(expanded: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = panel.current;
    if (!expanded || !element?.parentElement) return;
    const anchor = element.parentElement;
    const fit = () => element.style.setProperty("--search-panel-room", `${Math.max(0, window.innerWidth - anchor.getBoundingClientRect().left - WINDOW_MARGIN)}px`);
    fit();
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [expanded]);
  return panel;
}

/**
 * The enterprise search panel (issue 25, CONTRACT §7): on windows wider than 1000 px the header's
 * suggestions show groups **Products** (with "Show all search results"), **Categories** and
 * **Manufacturers**, and an offer to ask the AI search for the typed text. It is the same ARIA 1.2
 * combobox as the product list (decision 0012, `useSuggestCombobox`): one listbox whose options are
 * links, grouped by `role="group"` labelled by the group's heading (a presentational row, as in the
 * WAI-ARIA listbox example with grouped options); the arrow keys move through every option of every
 * group in the order they are shown. Loaded once the panel is set up and the search is used.
 */
export default function SuggestionPanel(props: SuggestionsProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const { state, expanded, optionId } = useSuggestCombobox(props, "frontend.search.suggest.panel", panelReducer, panelOptionCount);
  const { answer, open, active, loading } = state;
  const rows = panelRows(answer);
  const { listboxId } = props;
  const option = (index: number) => ({ id: optionId(index), selected: index === active });
  // Counts beside categories and manufacturers only when the products were all counted.
  const counted = answer && !answer.totalCapped;
  const panel = useFittedPanel(expanded);

  return (
    <>
      {/* Pressing a row must not take the focus out of the input. */}
      <div ref={panel} className="search-panel" hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
        {answer?.total === 0 && (
          // Said by the status below; shown here above the offers that remain.
          <p className="search-panel__none" aria-hidden="true">
            {t("suggest.none")}
          </p>
        )}
        <div
          role="listbox"
          id={listboxId}
          aria-label={t("suggest.label")}
          aria-busy={loading}
          className={answer?.items.length ? "search-panel__list" : "search-panel__list search-panel__list--no-products"}
        >
          {answer && answer.items.length > 0 && (
            <Group id={`${listboxId}-products`} label={t("suggest.products")} className="search-panel__products">
              {answer.items.map((product, index) => (
                <ProductOption key={product.productId} product={product} {...option(rows.products + index)} />
              ))}
              <PanelOption
                {...option(rows.showAll)}
                to={path("frontend.search.page", {}, { search: answer.term })}
                label={t("suggest.showAll")}
                count={resultCountText(t, answer)}
                className="search-suggest__all"
              />
            </Group>
          )}
          {answer && (
            <div role="presentation" className="search-panel__side">
              {answer.categories.length > 0 && (
                <Group id={`${listboxId}-categories`} label={t("suggest.categories")}>
                  {answer.categories.map((category, index) => (
                    <PanelOption
                      key={category.id}
                      {...option(rows.categories + index)}
                      to={category.url}
                      label={category.name}
                      description={category.parentName ? t("suggest.inCategory", { name: category.parentName }) : undefined}
                      count={counted ? countText(t, category.productCount) : undefined}
                    />
                  ))}
                </Group>
              )}
              {answer.manufacturers.length > 0 && (
                <Group id={`${listboxId}-manufacturers`} label={t("suggest.manufacturers")}>
                  {answer.manufacturers.map((manufacturer, index) => (
                    <PanelOption
                      key={manufacturer.id}
                      {...option(rows.manufacturers + index)}
                      to={manufacturer.url}
                      label={manufacturer.name}
                      count={counted ? countText(t, manufacturer.productCount) : undefined}
                    />
                  ))}
                </Group>
              )}
              <PanelOption
                {...option(rows.aiSearch)}
                to={path("frontend.ai-search.page", {}, { searchQuery: answer.term })}
                label={t("suggest.aiSearch", { term: answer.term })}
                description={t("suggest.aiSearchHint")}
                icon={<SparkleIcon />}
                className="search-panel__ai"
              />
            </div>
          )}
        </div>
      </div>
      {/* The number of results (or "No results found.") for screen readers. */}
      <p role="status" className="visually-hidden">
        {open && answer ? resultCountText(t, answer) : ""}
      </p>
    </>
  );
}

const countText = (t: Translate, count: number) => resultCountText(t, { total: count, totalCapped: false });

function Group({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={className ? `search-panel__group ${className}` : "search-panel__group"}>
      <div role="presentation" id={`${id}-label`} className="search-panel__heading">
        {label}
      </div>
      {children}
    </div>
  );
}

interface PanelOptionProps {
  id: string;
  selected: boolean;
  to: string;
  label: string;
  /** A second line, and the option's description for assistive technology. */
  description?: string;
  /** The number of matching products, at the end of the row (also part of the description). */
  count?: string;
  icon?: ReactNode;
  className?: string;
}

/** A row of the panel that is not a product: a link with the option role, named by `label` alone. */
function PanelOption({ id, selected, to, label, description, count, icon, className }: PanelOptionProps) {
  const described = [description && `${id}-description`, count && `${id}-count`].filter(Boolean).join(" ");
  return (
    <Link
      to={to}
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-label`}
      aria-describedby={described || undefined}
      tabIndex={-1}
      className={className ? `search-suggest__option search-panel__option ${className}` : "search-suggest__option search-panel__option"}
    >
      {icon}
      <span className="search-panel__text">
        <span id={`${id}-label`} className="search-panel__label">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="search-panel__description">
            {description}
          </span>
        )}
      </span>
      {count && (
        <span id={`${id}-count`} className="search-suggest__count">
          {count}
        </span>
      )}
    </Link>
  );
}

function SparkleIcon() {
  return (
    <span className="search-panel__icon" aria-hidden="true">
      <svg width="20" height="20" viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M10 2.5l1.7 4.8a4 4 0 0 0 2.5 2.5L19 11.5l-4.8 1.7a4 4 0 0 0-2.5 2.5L10 20.5l-1.7-4.8a4 4 0 0 0-2.5-2.5L1 11.5l4.8-1.7a4 4 0 0 0 2.5-2.5zM19 1l.8 2.2L22 4l-2.2.8L19 7l-.8-2.2L16 4l2.2-.8z"
        />
      </svg>
    </span>
  );
}
