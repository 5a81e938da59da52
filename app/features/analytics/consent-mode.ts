import { GOOGLE_ADS_COOKIE, GOOGLE_ANALYTICS_COOKIE } from "../../../kernel/constants";

// The root loader renders the inline script on the server; the browser gets it as text, not as code.

/** Google's Consent Mode v2 keys: three follow the ads cookie, one the analytics cookie. */
export const AD_CONSENT_KEYS = ["ad_user_data", "ad_storage", "ad_personalization"] as const;
export const ANALYTICS_CONSENT_KEY = "analytics_storage";

export type ConsentValue = "granted" | "denied";
export type ConsentState = Partial<Record<(typeof AD_CONSENT_KEYS)[number] | typeof ANALYTICS_CONSENT_KEY, ConsentValue>>;

/** `document.cookie` holds `name=1`: the consent cookies' value when accepted. */
const acceptedTest = (cookie: string) => `/(^|; )${cookie}=1(;|$)/.test(document.cookie)`;

/**
 * The inline script in `<head>` of a shop with Google Analytics: defines `dataLayer` and `gtag` and sets
 * the Consent Mode defaults before anything else can run, "granted" only for a consent cookie already
 * set. It reads the cookies in the browser, so the page's HTML stays the same for every visitor.
 */
export function consentDefaultScript(): string {
  return (
    "window.dataLayer=window.dataLayer||[];function gtag(){window.dataLayer.push(arguments);}" +
    `(function(){var ads=${acceptedTest(GOOGLE_ADS_COOKIE)}?"granted":"denied";` +
    `gtag("consent","default",{${AD_CONSENT_KEYS.map((key) => `${key}:ads`).join(",")},` +
    `${ANALYTICS_CONSENT_KEY}:${acceptedTest(GOOGLE_ANALYTICS_COOKIE)}?"granted":"denied"});})();`
  );
}
