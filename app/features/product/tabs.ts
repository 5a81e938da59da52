export type TabsOrientation = "horizontal" | "vertical";

/**
 * The tab a key moves to in a tab list (WAI-ARIA tabs pattern): the arrows of the list's direction
 * step and wrap around, Home and End jump to the ends; any other key is not the list's (null).
 */
export function tabIndexForKey(key: string, current: number, count: number, orientation: TabsOrientation): number | null {
  const [previous, next] = orientation === "horizontal" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
  if (key === next) return (current + 1) % count;
  if (key === previous) return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
