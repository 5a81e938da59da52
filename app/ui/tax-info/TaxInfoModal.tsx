import { useEffect, useState } from "react";
import type { ShippingPaymentInfo as Info } from "../../../server/shop-info/service";
import { useI18n } from "../../i18n/i18n";
import { getJson } from "../../lib/http";
import { Modal } from "../Modal";
import { ShippingPaymentInfo } from "./ShippingPaymentInfo";

/** One request per page view: the information is the same for everyone and changes rarely. */
let cached: Promise<Info> | undefined;
function loadInfo(): Promise<Info> {
  cached ??= getJson<Info>("frontend.tax-info.modal");
  cached.catch(() => (cached = undefined));
  return cached;
}

/** The tax-info modal (spec §4): shipping and payment information from `frontend.tax-info.modal`. Loaded lazily. */
export default function TaxInfoModal({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  const [state, setState] = useState<{ info?: Info; failed?: boolean }>({});
  useEffect(() => {
    if (!open || state.info) return;
    let current = true;
    loadInfo().then(
      (info) => current && setState({ info }),
      () => current && setState({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [open, state.info]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("taxInfo.title")} size="large">
      {state.info ? (
        // A long list scrolls in the modal: focusable, so a keyboard can scroll it too.
        <div tabIndex={0} role="region" aria-label={t("taxInfo.title")} className="tax-info__scroll">
          <ShippingPaymentInfo info={state.info} headingLevel={3} />
        </div>
      ) : state.failed ? (
        <p role="alert">{t("taxInfo.error")}</p>
      ) : (
        <p role="status">{t("taxInfo.loading")}</p>
      )}
    </Modal>
  );
}
