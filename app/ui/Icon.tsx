/** The icons of the parts every page loads first (header, footer, product boxes); `ExtraIcon` has the rest. */
const paths = {
  search: "M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.7 4.7-1.4 1.4-4.7-4.7A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z",
  cart: "M3 4h2.2l2.1 10.1a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 1.9-1.4L21 8H7.1l-.4-2H3V4Zm4.5 6h11l-1.2 3.8a.5.5 0 0 1-.5.4H9.3a.5.5 0 0 1-.5-.4L7.5 10ZM9.5 17.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm7.5 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z",
  heart: "M12 20.5 4.4 13a5 5 0 0 1 7.1-7.1l.5.5.5-.5A5 5 0 0 1 19.6 13L12 20.5Zm0-2.8 6.2-6.2a3 3 0 0 0-4.3-4.3L12 9.1l-1.9-1.9a3 3 0 0 0-4.3 4.3l6.2 6.2Z",
  heartFilled: "M12 20.5 4.4 13a5 5 0 0 1 7.1-7.1l.5.5.5-.5A5 5 0 0 1 19.6 13L12 20.5Z",
  user: "M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm0 8.5c4 0 7.5 2 8 5.5v1H4v-1c.5-3.5 4-5.5 8-5.5Zm0 2c-2.8 0-5 1.2-5.8 3h11.6c-.8-1.8-3-3-5.8-3Z",
  menu: "M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z",
  chevronDown: "m5.6 9.4-1.4 1.4 7.8 7.8 7.8-7.8-1.4-1.4-6.4 6.4-6.4-6.4Z",
  star: "m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9L12 3Z",
} as const;

export type IconName = keyof typeof paths;

/** Decorative icon: the control around it carries the accessible name. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return <SvgIcon d={paths[name]} size={size} className={className} />;
}

/** A 24-unit icon drawn from one path. */
export function SvgIcon({ d, size = 24, className }: { d: string; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
