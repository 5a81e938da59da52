/**
 * Returns `target` when it is a path on this shop, else `fallback`. Refuses absolute URLs, protocol-
 * relative `//host`, backslash tricks (`/\host`), `javascript:` and control characters.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
