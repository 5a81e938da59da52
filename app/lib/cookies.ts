const DAY_MS = 86_400_000;

/** Writes a cookie as the spec wants it: path `/`, SameSite Lax, Secure on https (spec §9). */
export function setCookie(name: string, value: string, days: number, doc: Document = document): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure = doc.location.protocol === "https:" ? "; secure" : "";
  doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; samesite=lax${secure}`;
}

export function getCookie(name: string, doc: Document = document): string | undefined {
  const prefix = `${name}=`;
  const entry = doc.cookie.split("; ").find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/** Removes a cookie of path `/`; `domain` reaches one written for a parent domain (e.g. `.example.com`). */
export function removeCookie(name: string, doc: Document = document, domain?: string): void {
  doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ""}; samesite=lax`;
}
