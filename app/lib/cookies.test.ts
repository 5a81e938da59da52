// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { TIMEZONE_COOKIE, TIMEZONE_COOKIE_DAYS } from "../../kernel/constants";
import { getCookie, removeCookie, setCookie } from "./cookies";
import { storeTimezone } from "./timezone";

/** A document stand-in that records what is written to `document.cookie`. */
function recordingDocument(protocol: "http:" | "https:") {
  const writes: string[] = [];
  return {
    writes,
    doc: {
      location: { protocol },
      get cookie() {
        return writes.map((w) => w.split(";")[0]).join("; ");
      },
      set cookie(value: string) {
        writes.push(value);
      },
    } as unknown as Document,
  };
}

describe("cookies", () => {
  it("writes path /, SameSite Lax and the expiry in days; Secure only on https", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z") });
    const plain = recordingDocument("http:");
    setCookie("cookie-preference", "1", 30, plain.doc);
    expect(plain.writes[0]).toBe("cookie-preference=1; expires=Wed, 23 Dec 2026 12:00:00 GMT; path=/; samesite=lax");
    const secure = recordingDocument("https:");
    setCookie("cookie-preference", "1", 30, secure.doc);
    expect(secure.writes[0]).toMatch(/; secure$/);
    vi.useRealTimers();
  });

  it("reads and removes cookies", () => {
    const { doc, writes } = recordingDocument("http:");
    setCookie("a", "x y", 1, doc);
    expect(getCookie("a", doc)).toBe("x y");
    removeCookie("a", doc);
    expect(writes.at(-1)).toBe("a=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; samesite=lax");
    removeCookie("_ga", doc, ".example.com");
    expect(writes.at(-1)).toBe("_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.example.com; samesite=lax");
  });

  it("stores the browser's time zone for 30 days", () => {
    const { doc, writes } = recordingDocument("http:");
    storeTimezone(doc);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(TIMEZONE_COOKIE_DAYS).toBe(30);
    expect(writes[0]).toMatch(new RegExp(`^${TIMEZONE_COOKIE}=${encodeURIComponent(zone)}; expires=`));
  });
});
