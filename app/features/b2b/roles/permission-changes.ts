import type { Permission } from "../../../../kernel/b2b-permissions";

export interface SideEffects {
  checked: Permission[];
  unchecked: Permission[];
}

/**
 * What a click changed besides what was clicked (the permissions a checked one needs, or those that need
 * an unchecked one): the tree announces these, as a screen reader does not hear other boxes change.
 */
export function sideEffects(before: readonly Permission[], after: readonly Permission[], clicked: readonly Permission[]): SideEffects {
  const was = new Set(before);
  const is = new Set(after);
  const own = new Set(clicked);
  return {
    checked: after.filter((key) => !was.has(key) && !own.has(key)),
    unchecked: before.filter((key) => !is.has(key) && !own.has(key)),
  };
}

/** The next checkbox to focus for an arrow, Home or End key (wrapping at the ends), or null for any other key. */
export function focusTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return (current + 1) % count;
    case "ArrowUp":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
