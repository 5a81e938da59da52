/** Timing constants and limits from spec §9, each defined once. */
export const FLYOUT_DELAY_MS = 125;
export const SCROLL_UP_DEBOUNCE_MS = 35;
export const SCROLL_UP_THRESHOLD_PX = 250;
export const VIEWPORT_RESIZE_DEBOUNCE_MS = 200;
export const BACKDROP_DELAY_MS = 75;
export const TIMEZONE_COOKIE = "timezone";
export const TIMEZONE_COOKIE_DAYS = 30;
export const SEARCH_MIN_CHARS = 3;
/** Suggestions are requested this long after the last keystroke (spec §5, §9). */
export const SEARCH_SUGGEST_DELAY_MS = 250;
/** Longest search term the page and the suggestions accept (the input's maxlength). */
export const SEARCH_MAX_LENGTH = 200;
/**
 * Enterprise search (spec §9, issue 25): the header's suggestions open as the richer panel (products,
 * categories, manufacturers, the AI search offer) only on windows wider than this, set up this long after load.
 */
export const ENTERPRISE_SEARCH_MIN_WIDTH = 1000;
export const ENTERPRISE_SEARCH_SETUP_DELAY_MS = 1000;
/** The cart's quantity input sends one request this long after the last change. */
export const CART_QUANTITY_DELAY_MS = 800;
/** The panel's line item shows its loader this long before the remove request goes out. */
export const OFFCANVAS_REMOVAL_DELAY_MS = 350;
/** Local storage keys of the header cart widget (spec §3). */
export const CART_WIDGET_TEMPLATE_KEY = "cart-widget-template";
export const EMPTY_CART_WIDGET_KEY = "empty-cart-widget";

/** Longest promotion code the cart accepts (the field's maxlength and the server's schema). */
export const PROMOTION_CODE_MAX_LENGTH = 64;

/** Form validation (spec §5, §9): equal fields re-checked this long after the last change. */
export const FORM_EQUAL_FIELDS_DEBOUNCE_MS = 150;
/** The first invalid field reports its message once the page has not scrolled for this long. */
export const INVALID_FIELD_SCROLL_DEBOUNCE_MS = 75;
/** Space between the fixed header and the first invalid field scrolled into view. */
export const INVALID_FIELD_SCROLL_OFFSET_PX = 15;
/** The form values store writes a field's value this long after its last change (spec §9). */
export const FORM_VALUES_STORE_DELAY_MS = 300;
/** Published on `document` when a guest logs out (spec §4 "Guest logout link"), before navigating; the guest wishlist listens. */
export const GUEST_LOGOUT_EVENT = "guest-logout";
/** The class on `<body>` that switches the infinite-scrolling add-on on (spec §4). */
export const INFINITE_SCROLLING_BODY_CLASS = "is-infinite-scrolling";
/** The global the page writes the infinite-scrolling config to (spec §3). */
export const INFINITE_SCROLLING_CONFIG_GLOBAL = "infiniteScrollingConfig";
/** Set once the shopper chose in the cookie bar or panel; the bar shows while it is missing (spec §4, §9). */
export const COOKIE_PREFERENCE = "cookie-preference";
/** Consent cookies of Google Analytics and of Google's advertising signals (spec §9). */
export const GOOGLE_ANALYTICS_COOKIE = "google-analytics-enabled";
export const GOOGLE_ADS_COOKIE = "google-ads-enabled";
/** Published on `document` after a consent choice; features that depend on consent listen (spec §4). */
export const COOKIE_CONFIGURATION_UPDATE_EVENT = "CookieConfiguration_Update";
/** The update event's detail: cookie name → newly active (true) or newly inactive (false). */
export type ConsentChanges = Record<string, boolean>;
/** The cookie of the comfort group that allows a guest wishlist (spec §9). */
export const WISHLIST_CONSENT_COOKIE = "wishlist-enabled";
/** Allows embedded videos (spec §4 "Video element", §9): value `1`, 30 days. */
export const YOUTUBE_VIDEO_COOKIE = "youtube-video";
export const YOUTUBE_VIDEO_COOKIE_DAYS = 30;
/** Fade containers (text expanders) check again whether their text overflows this long after a resize (spec §9). */
export const FADE_CONTAINER_RESIZE_DEBOUNCE_MS = 200;

/**
 * A window event that opens the cart panel with the cart as it is now (the quick-order page fires it
 * after putting its list into the cart; spec §7: "then the cart slide-out opens").
 */
export const OPEN_CART_PANEL_EVENT = "vitrine:open-cart-panel";
