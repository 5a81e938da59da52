import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useI18n } from "../../i18n/i18n";
import type { ModelStageProps } from "./ModelStage";

const ModelStage = lazy(() => import("./ModelStage"));

/** The open 3D view, whose code (and model-viewer's, with three.js) loads when it first renders. */
export function LazyModelStage(props: ModelStageProps) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<p className="spatial-viewer__loading">{t("spatial.loadingModel")}</p>}>
      <ModelStage {...props} />
    </Suspense>
  );
}

export interface SpatialViewerProps extends Omit<ModelStageProps, "containerRef" | "onClose" | "autostart"> {
  /** Offer "Back to pictures", which closes the 3D view again. */
  closable?: boolean;
  /** What shows before the shopper asks for 3D (e.g. a picture). */
  placeholder?: ReactNode;
  className?: string;
}

/**
 * A 3D model that costs nothing until the shopper presses "View in 3D": only then are the stage and
 * model-viewer (with three.js) loaded. Drop it into any container; it fills the container's width. The
 * route that shows it imports `Spatial.css` (styles come with the page, not with the lazy chunk). The
 * product page's viewer lives in its gallery instead (`ProductModel`).
 */
export function SpatialViewer({ placeholder, className, closable = false, ...stage }: SpatialViewerProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);

  return (
    <div ref={containerRef} className={`spatial-viewer ${className ?? ""}`}>
      {open ? (
        <LazyModelStage {...stage} autostart={false} containerRef={containerRef} onClose={closable ? () => setOpen(false) : undefined} />
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
