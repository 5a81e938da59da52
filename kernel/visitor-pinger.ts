/**
 * The visitor pinger (issue 26 point 4, CONTRACT §8), shared by the page and the server: the body's
 * attribute naming the tracking URL, the storage key of the last counted visit and the re-count window.
 */

/** On `<body>`: the URL the page's script sends its GET to. */
export const VISITOR_TRACKING_ATTRIBUTE = "data-visitor-tracking-url";

/** On `<body>` once the page view's ping is decided: `sent`, `skipped` (a bot, or counted lately) or `failed`. */
export const VISITOR_PING_OUTCOME_ATTRIBUTE = "data-visitor-ping";

/** localStorage: when this browser's visit was last counted (milliseconds since the epoch). */
export const VISITOR_STORAGE_KEY = "vitrine.visitor.counted";

/** A visitor is counted again only this long after a counted visit. */
export const VISITOR_RECOUNT_HOURS = 12;

/** The longest page path counted; longer ones are refused. */
export const VISITOR_PATH_MAX_LENGTH = 512;

/** How many days of counts the operator console shows. */
export const VISITOR_STATS_DAYS = 30;
