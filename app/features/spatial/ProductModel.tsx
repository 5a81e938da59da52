import { useEffect, useState } from "react";
import type { ProductModel as Model } from "../../../server/catalog/types";
import { hasArAutostart } from "./autostart";
import { SpatialViewer } from "./SpatialViewer";

/**
 * The product page's 3D view with "View in your room". Keep one instance across variant changes (no `key`
 * on the variant): a new material variant of the same file then switches without reloading the model.
 */
export function ProductModel({ model, title, posterUrl }: { model: Model; title: string; posterUrl: string | null }) {
  const [autostart, setAutostart] = useState(false);
  useEffect(() => {
    // After hydration only: the server renders the closed viewer for every visitor alike.
    if (hasArAutostart(window.location.search)) setAutostart(true);
  }, []);
  return (
    <SpatialViewer
      key={model.url}
      className="product-model"
      src={model.url}
      variantName={model.variantName}
      posterUrl={posterUrl}
      title={title}
      ar
      closable
      autostart={autostart}
    />
  );
}
