import { formatRating, useI18n } from "../i18n/i18n";
import { Icon } from "./Icon";

/** Five stars filled to the average, with the value as text for screen readers. */
export function Rating({ value, count, className }: { value: number | null; count?: number; className?: string }) {
  const { t, locale } = useI18n();
  if (value === null) return <span className={`rating rating--none ${className ?? ""}`}>{t("rating.none")}</span>;
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`rating ${className ?? ""}`}>
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__empty">
          {[1, 2, 3, 4, 5].map((n) => <Icon key={n} name="star" size={16} />)}
        </span>
        <span className="rating__filled" style={{ width: `${percent}%` }}>
          {[1, 2, 3, 4, 5].map((n) => <Icon key={n} name="star" size={16} />)}
        </span>
      </span>
      <span className="visually-hidden">{t("rating.label", { rating: formatRating(value, locale) })}</span>
      {count !== undefined && (
        <span className="rating__count">({count === 1 ? t("rating.countOne") : t("rating.count", { count })})</span>
      )}
    </span>
  );
}
