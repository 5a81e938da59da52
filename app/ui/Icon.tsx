// The shapes live in one sprite, a hashed asset the browser caches for good: a page carries a short
// `<use>` per icon instead of a copy of its path, and no path travels in JavaScript.
import spriteUrl from "./icons.svg?url";

/** The symbols of `icons.svg` (Icon.test.ts checks that the two lists agree). */
export type IconName =
  | "search"
  | "cart"
  | "heart"
  | "heartFilled"
  | "user"
  | "menu"
  | "chevronDown"
  | "close"
  | "chevronRight"
  | "chevronLeft"
  | "arrowUp"
  | "truck"
  | "check"
  | "reload"
  | "play"
  | "zoomIn"
  | "zoomOut"
  | "fit";

/**
 * Decorative icon: the control around it carries the accessible name. The symbol's own viewBox scales
 * it to `size`, and its paths are filled with the current text colour.
 */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
