import type { QuoteDisplayStatus } from "../../../../server/b2b/quotes/states";
import { useI18n } from "../../../i18n/i18n";
import { quoteStatusKey } from "./quote-format";

/** A quote's status as a badge: **Expired** instead of the status once the validity date has passed. */
export function QuoteStatus({ displayStatus }: { displayStatus: QuoteDisplayStatus }) {
  const { t } = useI18n();
  return <span className={`quotes-status quotes-status--${displayStatus}`}>{t(quoteStatusKey(displayStatus))}</span>;
}
