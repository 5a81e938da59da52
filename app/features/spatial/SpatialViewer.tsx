import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useI18n } from "../../i18n/i18n";

const ModelStage = lazy(() => import("./ModelStage"));

export interface SpatialViewerProps {
  /** The GLB file's URL. */
  src: string;
  /** The material variant (KHR_materials_variants) to show; switched live when it changes. */
  variantName?: string | null;
  /** Shown while the model loads. */
  posterUrl?: string | null;
  /** The product's name: names the viewer for assistive technology. */
  title: string;
  /** Offer "View in your room" (AR, or a QR code for a phone). */
  ar?: boolean;
  /** Offer "Back to pictures", which closes the 3D view again. */
  closable?: boolean;
  /** Offer a Fullscreen button. */
  fullscreen?: boolean;
  /** Open at once, ready for AR: the page was opened from the QR code. */
  autostart?: boolean;
  /** What shows before the shopper asks for 3D (e.g. a picture); nothing when the gallery beside shows one. */
  placeholder?: ReactNode;
  className?: string;
}

/**
 * A 3D model that costs nothing until the shopper presses "View in 3D": only then are the stage and
 * model-viewer (with three.js) loaded. Drop it into any container; it fills the container's width. The
 * route that shows it imports `Spatial.css` (styles come with the page, not with the lazy chunk).
 */
export function SpatialViewer({ placeholder, className, autostart = false, closable = false, ...stage }: SpatialViewerProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(autostart);
  const containerRef = useRef<HTMLDivElement>(null);
  if (autostart && !open) setOpen(true);

  return (
    <div ref={containerRef} className={`spatial-viewer ${className ?? ""}`}>
      {open ? (
        <Suspense fallback={<p className="spatial-viewer__loading">{t("spatial.loadingModel")}</p>}>
          <ModelStage {...stage} autostart={autostart} containerRef={containerRef} onClose={closable ? () => setOpen(false) : undefined} />
        </Suspense>
      ) : (
        <>
          {placeholder}
          <div className="spatial-toolbar">
            <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
              <span aria-hidden="true" className="spatial-toolbar__icon">
                3D
              </span>
              {t("spatial.view3d")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
