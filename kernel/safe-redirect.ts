/** How often a target is percent-decoded while looking for a hidden trick (`%252F` is `/` twice over). */
const MAX_DECODE_ROUNDS = 3;

const BASE = "http://shop.invalid";

/**
 * True when `value` reads as a path of this shop as it stands: one leading `/`, no backslash and no
 * control character. Browsers read `\` as `/` and drop tabs and newlines, so `/\host` and `/\t/host`
 * mean `//host`.
 */
function isPlainPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !/[\u0000-\u001f\u007f]/.test(value);
}

/**
 * The path (with query and hash) the browser follows for `value`: dot segments resolved (`%2e` is a dot
 * too), so `/a/..//host` becomes `//host`. Null when it is not a plain path afterwards or leaves the shop.
 */
function followedPath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  return isPlainPath(path) ? path : null;
}

/**
 * True when `value` and each of its percent-decoded forms is a plain path that stays a plain path of
 * this shop once the browser resolves it.
 */
function staysInShop(value: string): boolean {
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (!isPlainPath(current) || followedPath(current) === null) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still encoded after every round: too deep to be a link of ours.
  return false;
}

/**
 * Returns `target`, normalised as the browser will follow it, when it is a path on this shop, else
 * `fallback`. Refuses absolute URLs (`https:`, `http:host`, `javascript:`, `data:`), protocol-relative
 * `//host`, backslash tricks (`/\host`, `\\host`), control characters (`/\t/host`), dot segments that
 * end at `//host` (`/..//host`, `/a/..//host`, `/%2e%2e//host`) and all of these percent-encoded
 * (`/%2F%2Fhost`, `/%5Chost`, `/%252e%252e//host`), since a proxy or the next hop may decode them once
 * more. The normalised path is checked again, so what is returned is what was checked.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!staysInShop(value)) return fallback;
  const followed = followedPath(value);
  return followed !== null && staysInShop(followed) ? followed : fallback;
}
