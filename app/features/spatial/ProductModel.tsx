import { useEffect, useRef, useState } from "react";
import type { ProductModel as Model } from "../../../server/catalog/types";
import { hasArAutostart } from "./autostart";
import { LazyModelStage } from "./SpatialViewer";

export interface ProductModelProps {
  model: Model;
  title: string;
  posterUrl: string | null;
  /** The gallery's picture area (which opens itself, ready for AR, on the QR code's `?ar=1`) or the zoom dialog. */
  place: "gallery" | "dialog";
  open: boolean;
  /** Asks to open (autostart) or close ("Back to pictures") the 3D view; the gallery decides. */
  onOpenChange(open: boolean): void;
}

/**
 * The product page's 3D view with "View in your room", filling the positioned box it is rendered in (the
 * gallery's picture area or the zoom dialog's stage). The product feature renders it through a slot and
 * owns whether it is open; nothing of it renders while closed. Keep one instance across variant changes
 * (no `key` on the variant): a new material variant of the same file then switches without reloading.
 */
export function ProductModel({ model, title, posterUrl, place, open, onOpenChange }: ProductModelProps) {
  const [autostart, setAutostart] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After hydration only: the server renders the pictures for every visitor alike.
    if (place !== "gallery" || !hasArAutostart(window.location.search)) return;
    setAutostart(true);
    onOpenChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address the page was opened with
  }, []);
  if (!open) return null;
  return (
    <div key={model.url} ref={containerRef} className="spatial-viewer spatial-viewer--fill">
      <LazyModelStage
        src={model.url}
        variantName={model.variantName}
        posterUrl={posterUrl}
        title={title}
        ar
        autostart={autostart}
        containerRef={containerRef}
        onClose={() => onOpenChange(false)}
      />
    </div>
  );
}
