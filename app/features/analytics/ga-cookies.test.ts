import { describe, expect, it } from "vitest";
import { cookieDomains, gaCookieNames, isGaCookie } from "./ga-cookies";

describe("Google Analytics cookies", () => {
  it("are _ga, _ga_<container>, _gid and _gat*", () => {
    for (const name of ["_ga", "_ga_ABC123", "_gid", "_gat", "_gat_gtag_G_ABC123"]) expect(isGaCookie(name)).toBe(true);
    for (const name of ["_gabc", "ga", "google-analytics-enabled", "_gcl_au", "cookie-preference"]) expect(isGaCookie(name)).toBe(false);
  });

  it("are picked out of document.cookie", () => {
    expect(gaCookieNames("cookie-preference=1; _ga=GA1.1.1.2; _ga_X1=GS1; google-analytics-enabled=1; _gid=3")).toEqual(["_ga", "_ga_X1", "_gid"]);
    expect(gaCookieNames("")).toEqual([]);
  });

  it("are also removed for the parent domains gtag.js writes them to, never for a top-level domain or an IP", () => {
    expect(cookieDomains("shop.example.com")).toEqual([".shop.example.com", ".example.com"]);
    expect(cookieDomains("example.com")).toEqual([".example.com"]);
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("localhost")).toEqual([]);
    expect(cookieDomains("::1")).toEqual([]);
  });
});
