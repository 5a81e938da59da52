/** The hover magnifier (spec §2, §9; reference §7.2) as a plain function of the pointer's position. */

/** The pane shows the picture this many times as large as drawn (spec §9). */
export const MAGNIFIER_FACTOR = 3;

interface Size {
  width: number;
  height: number;
}
interface Point {
  x: number;
  y: number;
}

export interface MagnifierView {
  /** The lens over the picture, in px from the area's top left corner. */
  lens: { left: number; top: number; width: number; height: number };
  /** The pane's background: the picture `factor` times as large as drawn, moved to show what is under the lens. */
  background: { width: number; height: number; x: number; y: number };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Where a picture of `natural` proportions is drawn inside `area` with `object-fit: contain`. */
export function containedRect(natural: Size, area: Size) {
  const ratio = Math.min(area.width / natural.width, area.height / natural.height);
  const width = natural.width * ratio;
  const height = natural.height * ratio;
  return { left: (area.width - width) / 2, top: (area.height - height) / 2, width, height };
}

/**
 * The lens (pane size ÷ factor, kept inside the picture) around the pointer, and the pane's background;
 * null while the pointer is beside the picture (on the letterbox of a picture of another shape).
 */
export function magnifierView(pointer: Point, area: Size, natural: Size, pane: Size, factor = MAGNIFIER_FACTOR): MagnifierView | null {
  const drawn = containedRect(natural, area);
  const x = pointer.x - drawn.left;
  const y = pointer.y - drawn.top;
  if (x < 0 || y < 0 || x > drawn.width || y > drawn.height) return null;
  const width = Math.min(pane.width / factor, drawn.width);
  const height = Math.min(pane.height / factor, drawn.height);
  const left = clamp(x - width / 2, 0, drawn.width - width);
  const top = clamp(y - height / 2, 0, drawn.height - height);
  return {
    lens: { left: drawn.left + left, top: drawn.top + top, width, height },
    background: { width: drawn.width * factor, height: drawn.height * factor, x: -left * factor, y: -top * factor },
  };
}
