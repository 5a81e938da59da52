import { SvgIcon } from "./Icon";

/**
 * Icons of parts that load after the first paint (panels, dialogs, pagination, the buy box, the cart):
 * their paths travel with those parts instead of in the chunk every page loads first (decision 0020).
 */
const paths = {
  close: "m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z",
  chevronRight: "m9.4 5.6 1.4-1.4 7.8 7.8-7.8 7.8-1.4-1.4 6.4-6.4-6.4-6.4Z",
  chevronLeft: "m14.6 5.6-1.4-1.4L5.4 12l7.8 7.8 1.4-1.4L8.2 12l6.4-6.4Z",
  arrowUp: "M11 20V7.8l-5.6 5.6L4 12l8-8 8 8-1.4 1.4L13 7.8V20h-2Z",
  truck: "M2 6h12v3h4l3 4v4h-2a2.5 2.5 0 0 1-5 0H9a2.5 2.5 0 0 1-5 0H2V6Zm2 2v7h.4a2.5 2.5 0 0 1 4.2 0H12V8H4Zm10 3v4h.4a2.5 2.5 0 0 1 4.2 0h.4v-1.3L17 11h-3Z",
  check: "m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6L21 7.4 19.6 6 9.5 16.2Z",
  reload: "M12 4a8 8 0 0 1 5.7 2.3L20 4v6h-6l2.3-2.3A6 6 0 1 0 18 12h2a8 8 0 1 1-8-8Z",
  play: "M8 5.1v13.8a.6.6 0 0 0 .9.5l10.6-6.9a.6.6 0 0 0 0-1L8.9 4.6a.6.6 0 0 0-.9.5Z",
} as const;

export type ExtraIconName = keyof typeof paths;

/** Decorative icon: the control around it carries the accessible name. */
export function ExtraIcon({ name, size = 24, className }: { name: ExtraIconName; size?: number; className?: string }) {
  return <SvgIcon d={paths[name]} size={size} className={className} />;
}
