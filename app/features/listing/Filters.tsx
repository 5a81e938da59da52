import { useId, useState, type CSSProperties, type ReactNode } from "react";
import type { FilterPanelData } from "../../../server/catalog/filters";
import { useI18n } from "../../i18n/i18n";
import type { Translate } from "../../../kernel/i18n/translator";
import { LISTING_PARAMS, RATING_MAX } from "../../../kernel/listing-params";
import { Icon } from "../../ui/Icon";
import { NESTED_POPUP_ATTRIBUTE, useDisclosure } from "../../ui/use-disclosure";

interface FilterDropdownProps {
  label: string;
  /** Shown after the label: "(2)" selected options, "(4/5)" for the rating. */
  count?: string;
  /** Nothing left to combine: the button is disabled with the title 'Filter not active' (spec §4). */
  disabled?: boolean;
  /** Wider dropdowns for the price range. */
  wide?: boolean;
  /** The options; a function gets whether the dropdown was ever opened (to load heavy parts then). */
  children: ReactNode | ((opened: boolean) => ReactNode);
}

/**
 * One filter of the panel: a button named by the filter's label (CONTRACT §4) that shows its options.
 * Clicks inside do not close it; Escape and a click outside do. Without JavaScript every dropdown is
 * shown (see FilterPanel's noscript style).
 */
export function FilterDropdown({ label, count, disabled = false, wide = false, children }: FilterDropdownProps) {
  const { t } = useI18n();
  const id = useId();
  const { open, setOpen, root, button } = useDisclosure();
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return (
    <div className={`filter ${disabled ? "filter--disabled disabled" : ""}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="filter__toggle"
        aria-expanded={open && !disabled}
        aria-controls={id}
        disabled={disabled}
        title={disabled ? t("filter.notActive") : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {count && <span className="filter__count"> {count}</span>}
        <Icon name="chevronDown" size={16} />
      </button>
      <div
        id={id}
        className={`filter__dropdown ${wide ? "filter__dropdown--wide" : ""}`}
        hidden={!open || disabled}
        {...{ [NESTED_POPUP_ATTRIBUTE]: "" }}
      >
        {typeof children === "function" ? children(opened) : children}
      </div>
    </div>
  );
}

interface OptionRow {
  id: string;
  name: string;
  colorHex?: string | null;
  imageUrl?: string | null;
}

interface MultiSelectFilterProps {
  /** The parameter name: `manufacturer` or the shared `properties`. */
  name: string;
  label: string;
  options: OptionRow[];
  selected: string[];
  /** Option id → products still found with it; undefined while counts are not used. */
  counts?: ReadonlyMap<string, number>;
  /** Whether options that find nothing are disabled (`disableEmptyFilter`). */
  disableEmpty: boolean;
  onChange(selected: string[]): void;
}

/** Manufacturer and property filters: a checkbox per option, with a colour swatch or picture when it has one. */
export function MultiSelectFilter({ name, label, options, selected, counts, disableEmpty, onChange }: MultiSelectFilterProps) {
  const { t } = useI18n();
  // Property groups keep every option enabled while one of theirs is selected (reference §6.2).
  const emptyDisabled = (option: OptionRow) =>
    disableEmpty && counts !== undefined && !selected.includes(option.id) && (counts.get(option.id) ?? 0) === 0 &&
    (name !== LISTING_PARAMS.properties || !options.some((o) => selected.includes(o.id)));
  const allEmpty = options.every(emptyDisabled);
  return (
    <FilterDropdown
      label={label}
      count={selectedCount(options, selected, t)}
      // A selected option is never disabled: all disabled means none is selected.
      disabled={allEmpty}
    >
      <ul className="filter__options">
        {options.map((option) => {
          const disabled = emptyDisabled(option);
          return (
            <li key={option.id} className={disabled ? "disabled" : undefined} title={disabled ? t("filter.notActiveHint") : undefined}>
              <label className="filter__option">
                <input
                  type="checkbox"
                  name={name}
                  value={option.id}
                  checked={selected.includes(option.id)}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id))
                  }
                />
                <OptionPreview option={option} />
                <span>{option.name}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </FilterDropdown>
  );
}

function selectedCount(options: OptionRow[], selected: string[], t: Translate) {
  const count = options.filter((o) => selected.includes(o.id)).length;
  return count ? t("filter.selectedCount", { count }) : undefined;
}

/** A colour swatch or a small picture before an option's name; decorative, the name says it all. */
export function OptionPreview({ option }: { option: { colorHex?: string | null; imageUrl?: string | null } }) {
  if (option.colorHex) return <span className="filter__swatch" style={{ background: option.colorHex }} aria-hidden="true" />;
  if (option.imageUrl) return <img className="filter__swatch" src={option.imageUrl} alt="" width={20} height={20} />;
  return null;
}

export function ratingOptionLabel(t: Translate, rating: number) {
  return rating === 1 ? t("filter.ratingOptionOne") : t("filter.ratingOption", { rating });
}

/** Minimum average rating 1 to 5; options above the best rating of the listing are disabled (spec §4). */
export function RatingFilter({ value, ratingMax, onChange }: { value: string; ratingMax: number; onChange(value: string): void }) {
  const { t } = useI18n();
  return (
    <FilterDropdown label={t("filter.rating")} count={value ? `(${value}/${RATING_MAX})` : undefined} disabled={ratingMax === 0 && !value}>
      <ul className="filter__options">
        {Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i).map((rating) => {
          const disabled = rating > ratingMax && value !== String(rating);
          return (
            <li key={rating} className={disabled ? "disabled" : undefined}>
              <label className="filter__option">
                <input
                  type="radio"
                  name={LISTING_PARAMS.rating}
                  value={rating}
                  checked={value === String(rating)}
                  disabled={disabled}
                  onChange={() => onChange(String(rating))}
                />
                <span className="stars filter__stars" style={{ "--filled": `${(rating / RATING_MAX) * 100}%` } as CSSProperties} aria-hidden="true" />
                <span>{ratingOptionLabel(t, rating)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {value && (
        <button type="button" className="link-button filter__clear" onClick={() => onChange("")}>
          {t("filter.remove", { label: ratingOptionLabel(t, Number(value)) })}
        </button>
      )}
    </FilterDropdown>
  );
}

interface BooleanFilterProps {
  name: string;
  label: string;
  checked: boolean;
  /** Products that would be found with it; 0 disables the filter when empty filters are disabled. */
  count: number;
  disableEmpty: boolean;
  onChange(checked: boolean): void;
}

/** Free shipping and instant delivery: one checkbox with the value 1 (CONTRACT §3). */
export function BooleanFilter({ name, label, checked, count, disableEmpty, onChange }: BooleanFilterProps) {
  return (
    <FilterDropdown label={label} count={checked ? "(1)" : undefined} disabled={disableEmpty && count === 0 && !checked}>
      <label className="filter__option">
        <input type="checkbox" name={name} value="1" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
    </FilterDropdown>
  );
}

/** Option id → count for the multi-select filters, from the counts used for disabling. */
export function countsOf(panel: FilterPanelData | null): ReadonlyMap<string, number> | undefined {
  if (!panel) return undefined;
  const counts = new Map<string, number>();
  for (const m of panel.manufacturers) counts.set(m.id, m.count);
  for (const group of panel.properties) for (const o of group.options) counts.set(o.id, o.count);
  return counts;
}

