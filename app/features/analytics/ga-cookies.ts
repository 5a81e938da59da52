/**
 * The cookies gtag.js writes for Google Analytics: `_ga` (client id), `_ga_<container>` (session),
 * `_gid` and `_gat` / `_gat_gtag_<id>` (older tags). Removed when the shopper withdraws consent.
 */
const GA_COOKIE = /^(_ga|_ga_.+|_gid|_gat.*)$/;

export const isGaCookie = (name: string) => GA_COOKIE.test(name);

/** The Google Analytics cookies among `document.cookie`. */
export function gaCookieNames(cookieString: string): string[] {
  return cookieString
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name !== "" && isGaCookie(name));
}

/**
 * The domains a cookie of this host may have been written for: gtag.js puts its cookies on the highest
 * domain it can (`cookie_domain: auto`), e.g. `.example.com` for `shop.example.com`. No domain attribute
 * (the host only) is tried separately; an IP address or a single-label host has no parent domain.
 */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":") || !hostname.includes(".")) return [];
  const labels = hostname.split(".");
  return labels.slice(0, -1).map((_, index) => `.${labels.slice(index).join(".")}`);
}
