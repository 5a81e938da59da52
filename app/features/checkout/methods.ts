/** Shipping and payment methods shown before "Show more" on the confirm page (reference §10.4). */
export const METHODS_VISIBLE_COUNT = 2;

/**
 * The methods shown at first and the rest behind "Show more". When the chosen method is among the rest,
 * the list starts expanded, so the choice is never hidden.
 */
export function splitMethods<T extends { id: string }>(methods: T[], selectedId: string | null, visibleCount = METHODS_VISIBLE_COUNT) {
  const visible = methods.slice(0, visibleCount);
  const more = methods.slice(visibleCount);
  return { visible, more, startExpanded: more.some((method) => method.id === selectedId) };
}
