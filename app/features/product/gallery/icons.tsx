// The gallery's own icons: kept out of ui/Icon, whose paths every page loads.
const paths = {
  zoomIn: "M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.7 4.7-1.4 1.4-4.7-4.7A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Zm-1 2.5h2v2h2v2h-2v2h-2v-2h-2v-2h2v-2Z",
  zoomOut: "M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.7 4.7-1.4 1.4-4.7-4.7A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Zm-3 4.5h6v2h-6v-2Z",
  fit: "M4 4h6v2H6v4H4V4Zm10 0h6v6h-2V6h-4V4ZM4 14h2v4h4v2H4v-6Zm14 0h2v6h-6v-2h4v-4Z",
} as const;

/** Decorative: the button around it carries the accessible name. */
export function GalleryIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}

/** The "3D" mark of **View in 3D** (Product.css); decorative like the icons. */
export function ModelGlyph() {
  return (
    <span className="model-glyph" aria-hidden="true">
      3D
    </span>
  );
}
