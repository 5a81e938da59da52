import { useEffect, useRef, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import type { Image } from "../../../../server/catalog/types";
import { useI18n } from "../../../i18n/i18n";
import { Icon } from "../../../ui/Icon";
import { Modal } from "../../../ui/Modal";
import { fullSize } from "./full-size";
import { ModelGlyph } from "./icons";
import type { RenderModel } from "./model-place";
import { usePanZoom } from "./use-pan-zoom";
import { prefersReducedMotion } from "../../../lib/motion";
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
  /** The product's 3D model, when it has one: **View in 3D** shows it in place of the picture. */
  renderModel?: RenderModel;
  show3d: boolean;
  onShow3dChange(show: boolean): void;
}

/**
 * The dialog **Image zoom** (spec §2, §4, §9; reference §7.3, §7.4): the current picture at full size with
 * pinch, pan, double tap, wheel and the **Zoom in** / **Reset zoom** / **Zoom out** buttons. A product with a
 * 3D model gets **View in 3D** too, which shows the model large in place of the picture (the zoom buttons
 * go while it shows, the position says "3D model"; Previous/Next go back to the pictures, to the neighbours
 * of the one shown before). Loaded on the first use of **Zoom image**; the shared Modal returns focus to
 * the opener on close.
 */
export default function ZoomModal(props: ZoomModalProps) {
  const { open, onOpenChange, images, name, index, onIndexChange, renderModel, show3d, onShow3dChange } = props;
  const { t } = useI18n();
  const view3dRef = useRef<HTMLButtonElement>(null);
  const image = images[index] ?? images[0];
  if (!image) return null;
  const goTo = (target: number) => {
    onShow3dChange(false);
    onIndexChange(target);
  };
  // "Back to pictures" disappears with the 3D view: the focus goes to the button that brings it back.
  const onModelOpenChange = (show: boolean) => {
    onShow3dChange(show);
    if (!show) view3dRef.current?.focus();
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("gallery.zoomDialog")} size="large" className="zoom-modal">
      {/* One stage for every picture (a new one starts unzoomed): the focus stays on Previous/Next. */}
      <ZoomStage
        image={image}
        alt={image.alt || name}
        model={renderModel && show3d ? renderModel({ place: "dialog", open: true, onOpenChange: onModelOpenChange }) : null}
        tools={
          renderModel && (
            <button
              ref={view3dRef}
              type="button"
              className="icon-button"
              aria-label={t("spatial.view3d")}
              aria-pressed={show3d}
              onClick={() => onShow3dChange(!show3d)}
            >
              <ModelGlyph />
            </button>
          )
        }
      >
        {images.length > 1 && (
          <>
            <button type="button" className="icon-button" aria-label={t("gallery.previous")} onClick={() => goTo(index - 1)}>
              <Icon name="chevronLeft" />
            </button>
            <span className="zoom__position">{show3d ? t("gallery.model") : t("gallery.current", { index: index + 1, count: images.length })}</span>
            <button type="button" className="icon-button" aria-label={t("gallery.next")} onClick={() => goTo(index + 1)}>
              <Icon name="chevronRight" />
            </button>
          </>
        )}
      </ZoomStage>
    </Modal>
  );
}

interface ZoomStageProps {
  image: Image;
  alt: string;
  /** The 3D model, shown instead of the picture and its zoom buttons. */
  model: ReactNode;
  /** Buttons after the zoom buttons (View in 3D). */
  tools: ReactNode;
  /** Previous/Next. */
  children: ReactNode;
}

function ZoomStage({ image, alt, model, tools, children }: ZoomStageProps) {
  const { t } = useI18n();
  const full = fullSize(image);
  const { stageRef, drawn, view, buttons, zoomIn, zoomOut, reset } = usePanZoom(full, full.url);
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
    transition: view.animate && !prefersReducedMotion() ? `transform ${ZOOM_TRANSITION_MS}ms ease` : "none",
  };

  const showModel = Boolean(model);
  return (
    <div className="zoom">
      {/* Hidden, not removed, under the 3D model: the picture keeps its zoom for the way back. */}
      <div ref={stageRef} className={`zoom__stage${scale > 1 ? " is-zoomed" : ""}`} hidden={showModel}>
        <img key={full.url} className="zoom__image" src={full.url} width={full.width} height={full.height} alt={alt} draggable={false} style={imageStyle} />
      </div>
      {showModel && <div className="zoom__model">{model}</div>}
      <p className="zoom__hint" hidden={showModel}>
        {t("gallery.zoomHint")}
      </p>
      <div className="zoom__toolbar">
        <div className="zoom__buttons">
          {!showModel && (
            <>
              <button type="button" ref={zoomOutRef} className="icon-button" aria-label={t("gallery.zoomOut")} disabled={buttons.zoomOutDisabled} onClick={press(zoomOut)}>
                <Icon name="zoomOut" />
              </button>
              <button type="button" className="icon-button" aria-label={t("gallery.resetZoom")} disabled={buttons.resetDisabled} onClick={press(reset)}>
                <Icon name="fit" />
              </button>
              <button type="button" ref={zoomInRef} className="icon-button" aria-label={t("gallery.zoomIn")} disabled={buttons.zoomInDisabled} onClick={press(zoomIn)}>
                <Icon name="zoomIn" />
              </button>
            </>
          )}
          {tools}
        </div>
        <div className="zoom__nav">{children}</div>
      </div>
    </div>
  );
}
