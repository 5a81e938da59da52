import type { Money } from "../../server/catalog/types";
import { formatMoney, useI18n } from "../i18n/i18n";

/** A gross price with the `*` that points to the VAT note, optionally "from" and a struck list price. */
export function Price({ price, listPrice, from = false, className }: { price: Money; listPrice?: Money | null; from?: boolean; className?: string }) {
  const { t, locale } = useI18n();
  const formatted = formatMoney(price.amount, price.currency, locale) + "*";
  return (
    <span className={`price ${listPrice ? "price--sale" : ""} ${className ?? ""}`}>
      <span className="price__current">{from ? t("price.from", { price: formatted }) : formatted}</span>
      {listPrice && (
        <>
          <s className="price__list" aria-hidden="true">
            {formatMoney(listPrice.amount, listPrice.currency, locale)}
          </s>
          <span className="visually-hidden">{t("price.was", { price: formatMoney(listPrice.amount, listPrice.currency, locale) })}</span>
        </>
      )}
    </span>
  );
}
