import { useEffect, useRef, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import type { Image } from "../../../../server/catalog/types";
import { useI18n } from "../../../i18n/i18n";
import { ExtraIcon } from "../../../ui/ExtraIcon";
import { Modal } from "../../../ui/Modal";
import { fullSize } from "./full-size";
import { GalleryIcon } from "./icons";
import { usePanZoom } from "./use-pan-zoom";
import { ZOOM_TRANSITION_MS } from "./zoom-model";
import "./ZoomModal.css";

interface ZoomModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  images: Image[];
  name: string;
  /** The picture shown; the page gallery follows it, so closing leaves the page at the same picture. */
  index: number;
  onIndexChange(index: number): void;
}

/**
 * The dialog **Image zoom** (spec §2, §4, §9; reference §7.3, §7.4): the current picture at full size with
 * pinch, pan, double tap, wheel and the **Zoom in** / **Reset zoom** / **Zoom out** buttons. Loaded on the
 * first use of **Zoom image**; the shared Modal returns focus to the opener on close.
 */
export default function ZoomModal({ open, onOpenChange, images, name, index, onIndexChange }: ZoomModalProps) {
  const { t } = useI18n();
  const image = images[index] ?? images[0];
  if (!image) return null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("gallery.zoomDialog")} size="large" className="zoom-modal">
      {/* A new picture starts unzoomed. */}
      <ZoomStage key={image.url} image={image} alt={image.alt || name}>
        {images.length > 1 && (
          <>
            <button type="button" className="icon-button" aria-label={t("gallery.previous")} onClick={() => onIndexChange(index - 1)}>
              <ExtraIcon name="chevronLeft" />
            </button>
            <span className="zoom__position">{t("gallery.current", { index: index + 1, count: images.length })}</span>
            <button type="button" className="icon-button" aria-label={t("gallery.next")} onClick={() => onIndexChange(index + 1)}>
              <ExtraIcon name="chevronRight" />
            </button>
          </>
        )}
      </ZoomStage>
    </Modal>
  );
}

function ZoomStage({ image, alt, children }: { image: Image; alt: string; children: ReactNode }) {
  const { t } = useI18n();
  const full = fullSize(image);
  const { stageRef, drawn, view, buttons, zoomIn, zoomOut, reset } = usePanZoom(full);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const press = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    pressed.current = event.currentTarget;
    action();
  };

  // A button that disables itself would drop the keyboard focus onto the page: hand it to its counterpart.
  useEffect(() => {
    const button = pressed.current;
    if (!button?.disabled) return;
    const focused = document.activeElement;
    if (focused !== button && focused !== document.body && focused !== null) return;
    const next = button === zoomInRef.current ? zoomOutRef.current : zoomInRef.current;
    if (next && !next.disabled) next.focus();
  }, [buttons.zoomInDisabled, buttons.zoomOutDisabled, buttons.resetDisabled]);

  const { scale, x, y } = view.state;
  const imageStyle: CSSProperties = {
    width: drawn.width,
    height: drawn.height,
    visibility: drawn.width > 0 ? "visible" : "hidden",
    transform: `translate(-50%, -50%) translate(${x}px, ${y}px) scale(${scale})`,
    transition: view.animate ? `transform ${ZOOM_TRANSITION_MS}ms ease` : "none",
  };

  return (
    <div className="zoom">
      <div ref={stageRef} className={`zoom__stage${scale > 1 ? " is-zoomed" : ""}`}>
        <img className="zoom__image" src={full.url} width={full.width} height={full.height} alt={alt} draggable={false} style={imageStyle} />
      </div>
      <p className="zoom__hint">{t("gallery.zoomHint")}</p>
      <div className="zoom__toolbar">
        <div className="zoom__buttons">
          <button type="button" ref={zoomOutRef} className="icon-button" aria-label={t("gallery.zoomOut")} disabled={buttons.zoomOutDisabled} onClick={press(zoomOut)}>
            <GalleryIcon name="zoomOut" />
          </button>
          <button type="button" className="icon-button" aria-label={t("gallery.resetZoom")} disabled={buttons.resetDisabled} onClick={press(reset)}>
            <GalleryIcon name="fit" />
          </button>
          <button type="button" ref={zoomInRef} className="icon-button" aria-label={t("gallery.zoomIn")} disabled={buttons.zoomInDisabled} onClick={press(zoomIn)}>
            <GalleryIcon name="zoomIn" />
          </button>
        </div>
        <div className="zoom__nav">{children}</div>
      </div>
    </div>
  );
}
