import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { formatMoney, useI18n } from "../../i18n/i18n";
import {
  FILTER_RANGE_ERROR_CLASS,
  LISTING_PARAMS,
  PRICE_LOWER_BOUND,
  PRICE_RANGE_DELAY_MS,
  priceRangeError,
  type PriceRangeError,
} from "../../../kernel/listing-params";
import { FilterDropdown } from "./Filters";

/** The slider loads when the Price dropdown first opens: the inputs work without it. */
const PriceSlider = lazy(() => import("./PriceSlider"));

interface PriceRangeFilterProps {
  /** As in the address bar (major units, as typed). */
  min: string;
  max: string;
  /** The listing's price range without the price filter, in minor units; null when it has no products. */
  bounds: { min: number; max: number } | null;
  currency: string;
  onChange(range: { min: string; max: string }): void;
}

/** Whole currency units around the bounds, so both ends can be reached. */
function sliderBounds(bounds: { min: number; max: number }) {
  const low = Math.floor(bounds.min / 100);
  const high = Math.ceil(bounds.max / 100);
  return { low, high: Math.max(high, low + 1) };
}

/**
 * Price range (spec §5, extensions reference §8): two inputs and a two-handle slider kept in step. Typing
 * moves the handles (an empty bound stands at the slider's end, handles swap so the lower is min); 500 ms
 * after the last input the range is checked, and applied when valid. Errors mark both inputs with
 * `filter-range-error` and `aria-invalid` and show their message.
 */
export function PriceRangeFilter({ min, max, bounds, currency, onChange }: PriceRangeFilterProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const [low, setLow] = useState(min);
  const [high, setHigh] = useState(max);
  const [error, setError] = useState<PriceRangeError>(null);
  const timer = useRef<number | undefined>(undefined);

  // The address bar changed (Back, Reset all, Remove filter): show its values.
  useEffect(() => {
    setLow(min);
    setHigh(max);
    setError(null);
  }, [min, max]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (nextLow: string, nextHigh: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const found = priceRangeError(nextLow, nextHigh);
      setError(found);
      if (!found && (nextLow.trim() !== min || nextHigh.trim() !== max)) onChange({ min: nextLow.trim(), max: nextHigh.trim() });
    }, PRICE_RANGE_DELAY_MS);
  };

  const range = bounds ? sliderBounds(bounds) : null;
  const handles = (): [number, number] => {
    if (!range) return [0, 0];
    const clamp = (value: number) => Math.min(range.high, Math.max(range.low, value));
    const a = low.trim() === "" || Number.isNaN(Number(low)) ? range.low : clamp(Number(low));
    const b = high.trim() === "" || Number.isNaN(Number(high)) ? range.high : clamp(Number(high));
    return a <= b ? [a, b] : [b, a];
  };

  const activeCount = (min ? 1 : 0) + (max ? 1 : 0);
  const errorId = `${id}-error`;
  const message =
    error === "range" ? t("filter.rangeError") : error === "lowerBound" ? t("filter.lowerBoundError", { lowerBound: PRICE_LOWER_BOUND }) : null;
  const inputProps = {
    type: "number",
    inputMode: "decimal" as const,
    min: PRICE_LOWER_BOUND,
    step: "any",
    className: `input ${error ? FILTER_RANGE_ERROR_CLASS : ""}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  const symbol = formatMoney(0, currency, locale).replace(/[\d\s.,]/g, "");
  const fields = [
    {
      name: LISTING_PARAMS.minPrice,
      label: t("filter.lowestPrice"),
      value: low,
      placeholder: range?.low,
      onChange: (value: string) => {
        setLow(value);
        schedule(value, high);
      },
    },
    {
      name: LISTING_PARAMS.maxPrice,
      label: t("filter.highestPrice"),
      value: high,
      placeholder: range?.high,
      onChange: (value: string) => {
        setHigh(value);
        schedule(low, value);
      },
    },
  ];

  return (
    <FilterDropdown label={t("filter.price")} count={activeCount ? `(${activeCount})` : undefined} disabled={!bounds && !min && !max} wide>
      {(opened) => (
        <div className="price-range">
          <div className="price-range__inputs">
            {fields.map((field) => (
              <label key={field.name} className="price-range__field">
                <span className="price-range__label">{field.label}</span>
                <span className="price-range__unit">
                  <input
                    {...inputProps}
                    name={field.name}
                    value={field.value}
                    placeholder={field.placeholder === undefined ? undefined : String(field.placeholder)}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                  <span aria-hidden="true">{symbol}</span>
                </span>
              </label>
            ))}
          </div>
          {message && (
            <p id={errorId} className="price-range__error" role="alert">
              {message}
            </p>
          )}
          {range && opened && (
            <Suspense fallback={<div className="price-range__slider" aria-hidden="true" />}>
              <PriceSlider
                range={range}
                value={handles()}
                labels={[t("filter.sliderLow"), t("filter.sliderHigh")]}
                valueText={(value) => formatMoney(value * 100, currency, locale)}
                onValueChange={([a, b]) => {
                  setLow(a === range.low ? "" : String(a));
                  setHigh(b === range.high ? "" : String(b));
                  setError(null);
                }}
                onValueCommit={([a, b]) => schedule(a === range.low ? "" : String(a), b === range.high ? "" : String(b))}
              />
            </Suspense>
          )}
        </div>
      )}
    </FilterDropdown>
  );
}
