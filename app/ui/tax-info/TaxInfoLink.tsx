import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../use-route-path";

/**
 * The "plus shipping costs" link of the price notes (spec §2: tax-info links open a modal). It is an ajax
 * modal link (`data-url`, issue 26): with JavaScript the shipping and payment page's content opens in a
 * dialog; without it, the link leads to that page.
 */
export function TaxInfoLink() {
  const { t } = useI18n();
  const path = useRoutePath();
  const href = path("frontend.shipping-payment.page");
  return (
    <a href={href} data-url={href} className="tax-info-link" aria-haspopup="dialog">
      {t("taxInfo.link")}
    </a>
  );
}

/** A price note whose `{link}` is the tax-info link, e.g. "* All prices incl. VAT {link}." */
export function TaxInfoNote({ text }: { text: string }) {
  const [before, after = ""] = text.split("{link}");
  return (
    <>
      {before}
      <TaxInfoLink />
      {after}
    </>
  );
}
