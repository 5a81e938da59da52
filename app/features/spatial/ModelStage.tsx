import { useEffect, useReducer, useRef, useState, type RefObject } from "react";
import { useI18n } from "../../i18n/i18n";
import { arLaunchFor, arStateText, nextArState, type ArStatus, type ArTracking } from "./ar-state";
import { ArQrModal } from "./ArQrModal";
import { AR_MODES, CAMERA_FIELD_OF_VIEW_DEG, PLACEMENT_HINT_MS } from "./constants";
import { loadModelViewer, type ModelViewerElement } from "./model-viewer";
import { useFullscreen } from "./use-fullscreen";

export interface ModelStageProps {
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
  /** Offer a Fullscreen button. */
  fullscreen?: boolean;
  /** Opened from the QR code: "View in your room" is the primary button and gets the focus. */
  autostart: boolean;
  /** The element that goes fullscreen: the viewer with its buttons. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** Offer "Back to pictures", which calls this. */
  onClose?: () => void;
}

type LoadState = "library" | "model" | "loaded" | "model-failed" | "library-failed";

/** The open 3D view: model-viewer, its load and AR states, and the buttons under it. Loaded lazily. */
export default function ModelStage({ src, variantName, posterUrl, title, ar = false, fullscreen = false, autostart, containerRef, onClose }: ModelStageProps) {
  const { t } = useI18n();
  const [load, setLoad] = useState<LoadState>("library");
  const [canActivateAR, setCanActivateAR] = useState(false);
  const [arState, dispatchAr] = useReducer(nextArState, "idle");
  const [placementHint, setPlacementHint] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const viewerRef = useRef<ModelViewerElement>(null);
  const arButtonRef = useRef<HTMLButtonElement>(null);
  const { isFullscreen, toggleFullscreen } = useFullscreen(containerRef);

  useEffect(() => {
    let live = true;
    loadModelViewer().then(
      () => live && setLoad("model"),
      () => live && setLoad("library-failed"),
    );
    return () => {
      live = false;
    };
  }, []);

  const viewerShown = load !== "library" && load !== "library-failed";
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !viewerShown) return;
    const onLoad = () => {
      setCanActivateAR(viewer.canActivateAR);
      setLoad("loaded");
    };
    const onError = () => setLoad("model-failed");
    const onStatus = (event: Event) => dispatchAr({ type: "status", status: (event as CustomEvent<{ status: ArStatus }>).detail.status });
    const onTracking = (event: Event) =>
      dispatchAr({ type: "tracking", tracking: (event as CustomEvent<{ status: ArTracking }>).detail.status });
    viewer.addEventListener("load", onLoad);
    viewer.addEventListener("error", onError);
    viewer.addEventListener("ar-status", onStatus);
    viewer.addEventListener("ar-tracking", onTracking);
    // The model may have finished before the listeners were attached.
    if (viewer.loaded) onLoad();
    return () => {
      viewer.removeEventListener("load", onLoad);
      viewer.removeEventListener("error", onError);
      viewer.removeEventListener("ar-status", onStatus);
      viewer.removeEventListener("ar-tracking", onTracking);
    };
  }, [viewerShown]);

  useEffect(() => {
    if (arState !== "session") return;
    setPlacementHint(true);
    const timer = window.setTimeout(() => setPlacementHint(false), PLACEMENT_HINT_MS);
    return () => {
      window.clearTimeout(timer);
      setPlacementHint(false);
    };
  }, [arState]);

  // Scene Viewer and Quick Look are other apps: the page only sees itself hidden and shown again.
  useEffect(() => {
    if (arState !== "loading") return;
    let wasHidden = false;
    const track = () => {
      if (document.visibilityState === "hidden") wasHidden = true;
      else if (wasHidden) dispatchAr({ type: "status", status: "not-presenting" });
    };
    document.addEventListener("visibilitychange", track);
    return () => document.removeEventListener("visibilitychange", track);
  }, [arState]);

  // Opened from the QR code: browsers start AR only from a tap, so the shopper gets the button, focused.
  useEffect(() => {
    if (autostart && load === "loaded") arButtonRef.current?.focus();
  }, [autostart, load]);

  const viewInRoom = () => {
    const viewer = viewerRef.current;
    if (!viewer || arLaunchFor(viewer.canActivateAR) === "qr") {
      setQrOpen(true);
      return;
    }
    dispatchAr({ type: "launch" });
    viewer.activateAR().catch(() => dispatchAr({ type: "status", status: "failed" }));
  };

  const failed = load === "model-failed" || load === "library-failed";
  const arText = arStateText(arState);
  let status = "";
  if (failed) status = t("spatial.loadFailed");
  else if (load !== "loaded") status = t("spatial.loadingModel");
  else if (placementHint) status = t("spatial.ar.placementHint");
  else if (arText) status = t(arText);
  else if (autostart && ar) status = t("spatial.autostart");
  else status = t("spatial.hint");

  return (
    <>
      <div className={`spatial-stage${failed ? " spatial-stage--disabled" : ""}`} aria-disabled={failed || undefined}>
        {!viewerShown ? (
          posterUrl && <img className="spatial-stage__poster" src={posterUrl} alt="" />
        ) : (
          <model-viewer
            ref={viewerRef}
            className="spatial-stage__viewer"
            src={src}
            alt={t("spatial.viewerLabel", { name: title })}
            poster={posterUrl ?? undefined}
            variant-name={variantName ?? undefined}
            camera-controls
            touch-action="pan-y"
            field-of-view={`${CAMERA_FIELD_OF_VIEW_DEG}deg`}
            max-field-of-view={`${CAMERA_FIELD_OF_VIEW_DEG}deg`}
            shadow-intensity="1"
            ar={ar}
            ar-modes={AR_MODES}
            ar-placement="floor"
            // A custom element gets `true` as an empty attribute: say "true".
            aria-disabled={failed ? "true" : undefined}
          >
            {/* Our own "View in your room" below replaces model-viewer's AR button. */}
            <span slot="ar-button" hidden />
          </model-viewer>
        )}
      </div>
      <div className="spatial-controls">
        <p className={`spatial-status${failed ? " spatial-status--error" : ""}`} role="status" aria-live="polite">
          {status}
        </p>
        <div className="spatial-toolbar">
          {ar && load === "loaded" && (
            <button
              ref={arButtonRef}
              type="button"
              className={`button ${autostart ? "button--primary" : "button--secondary"}`}
              onClick={viewInRoom}
              data-can-activate-ar={canActivateAR}
            >
              {t("spatial.viewInRoom")}
            </button>
          )}
          {fullscreen && !failed && (
            <button type="button" className="button button--secondary" aria-pressed={isFullscreen} onClick={toggleFullscreen}>
              {t("spatial.fullscreen")}
            </button>
          )}
          {onClose && (
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t("spatial.close3d")}
            </button>
          )}
        </div>
      </div>
      {ar && <ArQrModal open={qrOpen} onOpenChange={setQrOpen} />}
    </>
  );
}
