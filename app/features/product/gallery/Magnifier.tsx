import { useEffect, useState, type CSSProperties } from "react";
import type { FullSize } from "./full-size";
import { containedRect, magnifierView, type MagnifierView } from "./magnifier";

/** Space between the gallery and the pane, and the least room the pane needs beside it. */
const PANE_GAP_PX = 24;
const PANE_MIN_WIDTH_PX = 160;

interface Shown {
  view: MagnifierView;
  pane: { top: number; width: number; height: number };
}

/**
 * Hover magnifier (spec §2, reference §7.2): while a mouse moves over the picture, a lens follows it and a
 * pane beside the gallery shows the full-size picture three times as large. Decorative (aria-hidden):
 * keyboard and screen reader users have the zoom dialog. The parent renders it on LG and up only.
 */
export function Magnifier({ area, image }: { area: HTMLElement; image: FullSize }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      // Touch and pen have no hover; a pressed button is a swipe of the slides.
      if (event.pointerType !== "mouse" || event.buttons !== 0) return setShown(null);
      const rect = area.getBoundingClientRect();
      const drawn = containedRect(image, rect);
      const room = document.documentElement.clientWidth - rect.right - 2 * PANE_GAP_PX;
      const pane = { top: drawn.top, width: Math.min(drawn.width, room), height: drawn.height };
      if (pane.width < PANE_MIN_WIDTH_PX) return setShown(null);
      const view = magnifierView({ x: event.clientX - rect.left, y: event.clientY - rect.top }, rect, image, pane);
      setShown(view ? { view, pane } : null);
    };
    const onLeave = () => setShown(null);
    area.addEventListener("pointermove", onMove);
    area.addEventListener("pointerleave", onLeave);
    area.addEventListener("pointerdown", onLeave);
    return () => {
      area.removeEventListener("pointermove", onMove);
      area.removeEventListener("pointerleave", onLeave);
      area.removeEventListener("pointerdown", onLeave);
      setShown(null);
    };
  }, [area, image]);

  useEffect(() => {
    area.classList.toggle("is-magnifying", shown !== null);
  }, [area, shown]);

  if (!shown) return null;
  const { lens, background } = shown.view;
  const paneStyle: CSSProperties = {
    top: shown.pane.top,
    left: `calc(100% + ${PANE_GAP_PX}px)`,
    width: shown.pane.width,
    height: shown.pane.height,
    backgroundImage: `url("${image.url}")`,
    backgroundSize: `${background.width}px ${background.height}px`,
    backgroundPosition: `${background.x}px ${background.y}px`,
  };
  return (
    <>
      <div className="magnifier__lens" aria-hidden="true" style={lens} />
      <div className="magnifier__pane" aria-hidden="true" style={paneStyle} />
    </>
  );
}
