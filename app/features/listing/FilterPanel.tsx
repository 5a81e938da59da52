import { lazy, startTransition, Suspense, useEffect, useOptimistic, useState } from "react";
import { useLocation } from "react-router";
import type { FilterPanelData } from "../../../server/catalog/filters";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { LISTING_PARAMS, noFilters, readFilterValues, type FilterValues } from "../../../kernel/listing-params";
import { isSmallViewport } from "../../lib/viewport";
import { Icon } from "../../ui/Icon";
import { useViewport } from "../../ui/use-viewport";
import { activeFilterLabels } from "./active-filters";
import { BooleanFilter, countsOf, MultiSelectFilter, OptionPreview, RatingFilter } from "./Filters";
import { PriceRangeFilter } from "./PriceRangeFilter";
import type { ListingConfig } from "./use-listing";

/** The bottom panel's dialog code loads when a shopper on XS or SM first opens it. */
const Offcanvas = lazy(() => import("../../ui/Offcanvas").then((module) => ({ default: module.Offcanvas })));

/** Without JavaScript the dropdowns cannot open: show them all, with a submit button (plain GET form). */
const NO_SCRIPT_STYLE =
  ".filter__dropdown[hidden]{display:block!important;position:static;box-shadow:none;max-height:none;min-width:0}" +
  ".filter-panel__filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));align-items:start}" +
  ".filter-panel--inline{display:block!important}.filter-panel__open{display:none!important}";

/** The yes/no filters, shown while some product of the listing has them (or one is selected). */
const BOOLEAN_FILTERS = [
  { key: "shippingFree", name: LISTING_PARAMS.shippingFree, label: "filter.shippingFree" },
  { key: "instantDelivery", name: LISTING_PARAMS.instantDelivery, label: "filter.instantDelivery" },
] as const;

interface FilterPanelProps {
  /** What the panel offers: the options of the listing. */
  panel: FilterPanelData;
  /** Counts for disabling options that find nothing (the filter URL's answer). */
  availability: FilterPanelData | null;
  values: FilterValues;
  config: ListingConfig;
  loading: boolean;
  onApply(values: FilterValues): void;
  className?: string;
}

/**
 * The filter panel (spec §2, §4): manufacturer, property groups, price, rating, free shipping and instant
 * delivery. A GET form with the address-bar parameter names, so it works without JavaScript; with it,
 * every change is applied at once (the price range 500 ms after the last input).
 */
function FilterPanel({ panel, availability, values, config, loading, onApply, className = "" }: FilterPanelProps) {
  const { t } = useI18n();
  const location = useLocation();
  const counts = config.disableEmptyFilter ? countsOf(availability) : undefined;
  const disableEmpty = config.disableEmptyFilter;
  const order = new URLSearchParams(location.search).get(LISTING_PARAMS.order);
  const booleanCount = (key: "shippingFree" | "instantDelivery") => (disableEmpty ? (availability?.[key] ?? 0) : panel[key]);
  return (
    <form
      method="get"
      action={location.pathname}
      className={`filter-panel ${loading ? "is-loading" : ""} ${className}`}
      aria-busy={loading || undefined}
      onSubmit={(event) => event.preventDefault()}
    >
      {Object.entries(config.params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {order && <input type="hidden" name={LISTING_PARAMS.order} value={order} />}
      <div className="filter-panel__filters">
        {panel.manufacturers.length > 0 && (
          <MultiSelectFilter
            name={LISTING_PARAMS.manufacturer}
            label={t("filter.manufacturer")}
            options={panel.manufacturers}
            selected={values.manufacturer}
            counts={counts}
            disableEmpty={disableEmpty}
            onChange={(manufacturer) => onApply({ ...values, manufacturer })}
          />
        )}
        {panel.properties.map((group) => (
          <MultiSelectFilter
            key={group.id}
            name={LISTING_PARAMS.properties}
            label={group.name}
            options={group.options}
            selected={values.properties}
            counts={counts}
            disableEmpty={disableEmpty}
            onChange={(selected) => {
              const others = values.properties.filter((id) => !group.options.some((o) => o.id === id));
              onApply({ ...values, properties: [...others, ...selected.filter((id) => group.options.some((o) => o.id === id))] });
            }}
          />
        ))}
        <PriceRangeFilter
          min={values.minPrice}
          max={values.maxPrice}
          bounds={(disableEmpty ? availability?.price : null) ?? panel.price}
          currency={config.currency}
          onChange={({ min, max }) => onApply({ ...values, minPrice: min, maxPrice: max })}
        />
        <RatingFilter
          value={values.rating}
          ratingMax={(disableEmpty ? availability?.ratingMax : undefined) ?? panel.ratingMax}
          onChange={(rating) => onApply({ ...values, rating })}
        />
        {BOOLEAN_FILTERS.filter(({ key }) => panel[key] > 0 || values[key]).map(({ key, name, label }) => (
          <BooleanFilter
            key={key}
            name={name}
            label={t(label)}
            checked={values[key]}
            count={booleanCount(key)}
            disableEmpty={disableEmpty}
            onChange={(checked) => onApply({ ...values, [key]: checked })}
          />
        ))}
      </div>
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
        <button type="submit" className="button button--primary filter-panel__apply">
          {t("filter.apply")}
        </button>
      </noscript>
    </form>
  );
}

interface ActiveFiltersProps {
  values: FilterValues;
  panel: FilterPanelData | null;
  currency: string;
  onApply(values: FilterValues): void;
}

/** The active-filter labels with **Remove filter: X** buttons and **Reset all** (spec §2, CONTRACT §4). */
function ActiveFilters({ values, panel, currency, onApply }: ActiveFiltersProps) {
  const { t, locale } = useI18n();
  const labels = activeFilterLabels(values, panel, t, (major) => formatMoney(Math.round(major * 100), currency, locale));
  if (labels.length === 0) return null;
  return (
    <div className="active-filters" role="group" aria-label={t("filter.active")}>
      {labels.map((label) => (
        <span key={label.id} className="active-filters__label">
          <OptionPreview option={{ colorHex: label.previewHex, imageUrl: label.previewImageUrl }} />
          <span aria-hidden="true">{label.label}</span>
          <button
            type="button"
            className="active-filters__remove"
            aria-label={t("filter.remove", { label: label.label })}
            onClick={() => onApply(label.without)}
          >
            <Icon name="close" size={14} />
          </button>
        </span>
      ))}
      <button type="button" className="link-button active-filters__reset" onClick={() => onApply(noFilters())}>
        {t("filter.resetAll")}
      </button>
    </div>
  );
}

interface ListingFiltersProps {
  panel: FilterPanelData | null;
  availability: FilterPanelData | null;
  config: ListingConfig;
  loading: boolean;
  /** Navigates to the values' URL; settles when the navigation has. */
  onApply(values: FilterValues): Promise<void> | void;
}

/**
 * The filters above a listing: inline from MD up; on XS and SM a **Filter** button opens the same panel
 * from the bottom (one set of inputs, spec §2). The active-filter labels follow.
 */
export function ListingFilters({ panel, availability, config, loading, onApply }: ListingFiltersProps) {
  const { t } = useI18n();
  const location = useLocation();
  // A change shows at once, while the navigation to its URL is under way (controlled checkboxes).
  const [values, setOptimisticValues] = useOptimistic(readFilterValues(new URLSearchParams(location.search)));
  const apply = (next: FilterValues) =>
    startTransition(async () => {
      setOptimisticValues(next);
      await onApply(next);
    });
  const viewport = useViewport();
  const small = viewport !== null && isSmallViewport(viewport);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and gives the focus back.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    if (!small) setOpen(false);
  }, [small]);
  if (!panel) return null;
  const activeCount = activeFilterLabels(values, panel, t, String).length;
  const props = { panel, availability, values, config, loading, onApply: apply };
  return (
    <div className="listing-filters">
      <button type="button" className="button button--secondary filter-panel__open" onClick={() => setOpen(true)}>
        {t("filter.open")}
        {activeCount > 0 && <span className="filter__count"> ({activeCount})</span>}
      </button>
      {small ? (
        opened && (
          <Suspense fallback={null}>
            <Offcanvas open={open} onOpenChange={setOpen} side="bottom" title={t("filter.panel")} className="offcanvas-filter">
              <FilterPanel {...props} />
            </Offcanvas>
          </Suspense>
        )
      ) : (
        <FilterPanel {...props} className="filter-panel--inline" />
      )}
      <ActiveFilters values={values} panel={panel} currency={config.currency} onApply={apply} />
    </div>
  );
}
