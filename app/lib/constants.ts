/** Timing constants and limits from spec §9, each defined once. */
export const FLYOUT_DELAY_MS = 125;
export const SCROLL_UP_DEBOUNCE_MS = 35;
export const SCROLL_UP_THRESHOLD_PX = 250;
export const VIEWPORT_RESIZE_DEBOUNCE_MS = 200;
export const BACKDROP_DELAY_MS = 75;
export const TIMEZONE_COOKIE = "timezone";
export const TIMEZONE_COOKIE_DAYS = 30;
export const SEARCH_MIN_CHARS = 3;
