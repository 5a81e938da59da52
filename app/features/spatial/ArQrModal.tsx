import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { Modal } from "../../ui/Modal";
import { QR_ERROR_CORRECTION, QR_WIDTH } from "./constants";
import { arHandoffUrl } from "./handoff-url";

interface QrCode {
  url: string;
  image: string | null;
}

/**
 * "View in your room" where this device cannot start AR: a QR code that opens the same page on a phone,
 * with the parameter that opens the 3D view ready for AR there. The `qrcode` library loads with it.
 */
export function ArQrModal({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  const [code, setCode] = useState<QrCode | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const url = arHandoffUrl(window.location.href);
    import("qrcode")
      // SVG: exactly QR_WIDTH wide (the canvas renderer rounds some sizes down a pixel) and sharp when zoomed.
      .then((qrcode) => qrcode.toString(url, { type: "svg", width: QR_WIDTH, errorCorrectionLevel: QR_ERROR_CORRECTION }))
      .then(
        (svg) => live && setCode({ url, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setCode({ url, image: null }),
      );
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("spatial.viewInRoom")} className="ar-qr-modal">
      <p>{t("spatial.qr.text")}</p>
      {code ? (
        <div className="ar-qr-modal__code" data-url={code.url}>
          {code.image ? (
            <img src={code.image} alt={t("spatial.qr.alt")} width={QR_WIDTH} height={QR_WIDTH} />
          ) : (
            <p role="alert">{t("spatial.qr.failed")}</p>
          )}
        </div>
      ) : (
        <div className="ar-qr-modal__code" aria-hidden="true" />
      )}
      <p className="ar-qr-modal__support">{t("spatial.qr.support")}</p>
      {code && (
        <p className="ar-qr-modal__link">
          {t("spatial.qr.link")} <a href={code.url}>{code.url}</a>
        </p>
      )}
    </Modal>
  );
}
