import { lazy, Suspense, useState, type MouseEvent } from "react";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../use-route-path";

const TaxInfoModal = lazy(() => import("./TaxInfoModal"));

/**
 * The "plus shipping costs" link of the price notes (spec §2: tax-info links open a modal). Without
 * JavaScript it leads to the shipping and payment page; with it, the modal (loaded on first use) opens.
 */
export function TaxInfoLink() {
  const { t } = useI18n();
  const path = useRoutePath();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWanted(true);
    setOpen(true);
  }
  return (
    <>
      <a href={path("frontend.shipping-payment.page")} className="tax-info-link" onClick={onClick} aria-haspopup="dialog">
        {t("taxInfo.link")}
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <TaxInfoModal open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
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
