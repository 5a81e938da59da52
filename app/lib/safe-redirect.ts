/** How often a target is percent-decoded while looking for a hidden trick (`%252F` is `/` twice over). */
const MAX_DECODE_ROUNDS = 3;

/** True when `value`, or any of its percent-decoded forms, could leave this shop. */
function leavesShop(value: string): boolean {
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    // Browsers read `\` as `/` and drop tabs and newlines, so `/\host` and `/\t/host` mean `//host`.
    // eslint-disable-next-line no-control-regex
    if (!current.startsWith("/") || current.startsWith("//") || current.includes("\\") || /[\u0000-\u001f\u007f]/.test(current)) {
      return true;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

/**
 * Returns `target` when it is a path on this shop, else `fallback`. Refuses absolute URLs (`https:`,
 * `http:host`, `javascript:`, `data:`), protocol-relative `//host`, backslash tricks (`/\host`,
 * `\\host`), control characters (`/\t/host`) and the same tricks percent-encoded (`/%2F%2Fhost`,
 * `/%5Chost`), since a proxy or the next hop may decode them once more.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (leavesShop(value)) return fallback;
  try {
    const url = new URL(value, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
