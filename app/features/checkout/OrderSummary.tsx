import type { Image } from "../../../server/catalog/types";
import type { LineIssue } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import type { Translate } from "../../../kernel/i18n/translator";
import { Icon } from "../../ui/Icon";
import { ResponsiveImage } from "../../ui/ResponsiveImage";
import type { PlacedMessage } from "./order-errors";

/** "Your order (3 items)", singular for one. */
export function itemsHeading(t: Translate, count: number) {
  return count === 1 ? t("checkout.confirm.itemsOne") : t("checkout.confirm.items", { count });
}

export interface SummaryLine {
  key: string;
  name: string;
  /** "Color: Blue, Size: M". */
  options: string;
  /** The subscription recorded on the line, e.g. "Subscription: Every 2 weeks · 10% off". */
  subscription?: string;
  productNumber: string;
  quantity: number;
  unitGross: number;
  totalGross: number;
  image?: Image | null;
  url?: string;
  issue?: LineIssue | null;
  /** Why the order was refused for this line, shown at it. */
  error?: PlacedMessage;
}

function issueMessage(issue: LineIssue): PlacedMessage {
  if (issue.code === "sold-out") return { key: "checkout.confirm.error.soldOut" };
  if (issue.code === "insufficient-stock") return { key: "checkout.confirm.error.insufficientStock", values: { count: issue.available } };
  return { key: "checkout.confirm.error.unavailable" };
}

/** The items; `withImages` off where there are none to show (a placed order keeps no pictures). */
export function LineItemList({ lines, currency, withImages = true }: { lines: SummaryLine[]; currency: string; withImages?: boolean }) {
  const { t, locale } = useI18n();
  return (
    <ul className={`checkout-lines ${withImages ? "" : "checkout-lines--text"}`}>
      {lines.map((line) => {
        const problem = line.error ?? (line.issue ? issueMessage(line.issue) : undefined);
        const errorId = `line-${line.key}-error`;
        return (
          <li key={line.key} className={`checkout-line ${problem ? "checkout-line--problem" : ""}`} aria-describedby={problem ? errorId : undefined}>
            {withImages && (
              <div className="checkout-line__image">
                {line.image ? <ResponsiveImage image={line.image} sizes="64px" /> : <Icon name="cart" size={28} />}
              </div>
            )}
            <div className="checkout-line__info">
              <p className="checkout-line__name">{line.url ? <a href={line.url}>{line.name}</a> : line.name}</p>
              {line.options && <p className="checkout-line__meta">{line.options}</p>}
              {line.subscription && <p className="checkout-line__meta checkout-line__subscription">{line.subscription}</p>}
              <p className="checkout-line__meta">
                {t("checkout.line.quantity", { count: line.quantity })} · {t("checkout.line.unitPrice", { price: formatMoney(line.unitGross, currency, locale) })}
              </p>
              {problem && (
                <p id={errorId} className="checkout-line__error" role="alert">
                  <Icon name="close" size={16} />
                  {t(problem.key, problem.values)}
                </p>
              )}
            </div>
            <p className="checkout-line__total">{formatMoney(line.totalGross, currency, locale)}</p>
          </li>
        );
      })}
    </ul>
  );
}
