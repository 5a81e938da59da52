import type { CSSProperties } from "react";
import { formatRating, useI18n } from "../i18n/i18n";

/** Five stars filled to the average (the `stars` style), with the value as text for screen readers. */
export function Rating({ value, count, className }: { value: number | null; count?: number; className?: string }) {
  const { t, locale } = useI18n();
  if (value === null) return <span className={`rating rating--none ${className ?? ""}`}>{t("rating.none")}</span>;
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`rating ${className ?? ""}`}>
      <span className="stars rating__stars" style={{ "--filled": `${percent}%` } as CSSProperties} aria-hidden="true" />
      <span className="visually-hidden">{t("rating.label", { rating: formatRating(value, locale) })}</span>
      {count !== undefined && (
        <span className="rating__count">({count === 1 ? t("rating.countOne") : t("rating.count", { count })})</span>
      )}
    </span>
  );
}
