import { isbot } from "isbot";
import { VISITOR_PING_OUTCOME_ATTRIBUTE, VISITOR_RECOUNT_HOURS, VISITOR_STORAGE_KEY, VISITOR_TRACKING_ATTRIBUTE } from "../../../kernel/visitor-pinger";

const RECOUNT_MS = VISITOR_RECOUNT_HOURS * 3_600_000;

/** When this browser's visit was last counted, or null (never, unreadable, or storage refused). */
function lastCounted(storage: Storage | null): number | null {
  try {
    const value = Number(storage?.getItem(VISITOR_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * One page view (issue 26 point 4, CONTRACT §8): a GET to the body's tracking URL with the page as the
 * referer and the ajax header, unless the browser is a bot or its visit was counted in the last 12 hours.
 * The visit's time is stored only once the shop answered.
 */
export async function pingVisit(now = Date.now()): Promise<void> {
  const outcome = await ping(now);
  // What this page view did, for whoever watches the page (the end-to-end tests): sent, skipped or failed.
  document.body.setAttribute(VISITOR_PING_OUTCOME_ATTRIBUTE, outcome);
}

async function ping(now: number): Promise<"sent" | "skipped" | "failed"> {
  const url = document.body.getAttribute(VISITOR_TRACKING_ATTRIBUTE);
  if (!url || isbot(navigator.userAgent)) return "skipped";
  const storage = browserStorage();
  const counted = lastCounted(storage);
  if (counted !== null && counted <= now && now - counted < RECOUNT_MS) return "skipped";
  try {
    const response = await fetch(url, {
      headers: { "X-Requested-With": "XMLHttpRequest" },
      referrer: window.location.href,
      referrerPolicy: "strict-origin-when-cross-origin",
      credentials: "omit",
      cache: "no-store",
      keepalive: true,
    });
    if (!response.ok) return "failed";
    try {
      storage?.setItem(VISITOR_STORAGE_KEY, String(now));
    } catch {
      // Storage full or refused: counted all the same.
    }
    return "sent";
  } catch {
    // Offline or refused: the next page view tries again.
    return "failed";
  }
}
