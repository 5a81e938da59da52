/** The "3D" mark of **View in 3D** (Product.css); decorative like the icons. */
export function ModelGlyph() {
  return (
    <span className="model-glyph" aria-hidden="true">
      3D
    </span>
  );
}
