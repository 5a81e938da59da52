import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const FALLBACK = "/fallback";

/** Targets that could take the browser (or a proxy that decodes once more) to another host: all refused. */
const refused: [string, string][] = [
  // Absolute and scheme URLs.
  ["absolute https", "https://evil.example/"],
  ["absolute http, upper case", "HTTP://EVIL.EXAMPLE/"],
  ["scheme without slashes", "http:evil.example"],
  ["scheme with one slash", "https:/evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: mixed case with a tab", "JaVaScRiPt:\talert(1)"],
  ["javascript: behind a slash", "/javascript:alert(1)/..//evil.example"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["data: base64", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  // Protocol-relative and userinfo.
  ["protocol-relative", "//evil.example/path"],
  ["protocol-relative after spaces", "  //evil.example"],
  ["three slashes", "///evil.example"],
  ["userinfo on a protocol-relative URL", "//shop.example@evil.example/"],
  ["userinfo on an absolute URL", "https://shop.example@evil.example/"],
  ["userinfo behind a backslash", "/\\shop.example@evil.example"],
  // Backslashes, tabs and newlines (browsers read `\` as `/` and drop tabs and newlines).
  ["slash backslash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["tab between slashes", "/\t/evil.example"],
  ["newline between slashes", "/\n/evil.example"],
  ["carriage return between slashes", "/\r/evil.example"],
  ["header injection", "/path\r\nLocation: https://evil.example"],
  ["NUL", "/\u0000/evil.example"],
  // Percent-encoded and double-encoded slashes, backslashes and controls.
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slash, lower case", "/%2fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["double-encoded slashes", "/%252F%252Fevil.example"],
  ["triple-encoded slashes", "/%25252F%25252Fevil.example"],
  ["encoded tab", "/%09/evil.example"],
  ["encoded newline", "/%0A/evil.example"],
  ["encoded header injection", "/path%0D%0ALocation:%20https://evil.example"],
  ["broken encoding", "/%E0%A4%A"],
  ["four layers of encoding", "/%2525252F"],
  // Dot segments that end at `//host` once resolved.
  ["dot-dot then two slashes", "/..//evil.example"],
  ["dot then two slashes", "/.//evil.example"],
  ["segment, dot-dot, two slashes", "/a/..//evil.example"],
  ["two segments back", "/a/b/../..//evil.example"],
  ["encoded dot-dot", "/%2e%2e//evil.example"],
  ["encoded dot-dot, upper case", "/%2E%2E//evil.example"],
  ["encoded dot, upper case", "/%2E//evil.example"],
  ["half-encoded dot-dot", "/.%2e//evil.example"],
  ["dot-dot with encoded slashes", "/..%2F%2Fevil.example"],
  ["all encoded", "/%2e%2e%2f%2fevil.example"],
  ["double-encoded dot-dot", "/%252e%252e//evil.example"],
  ["double-encoded dot-dot and slashes", "/%252e%252e%252f%252fevil.example"],
  ["dot-dot with a backslash", "/..\\/evil.example"],
  ["dot-dot with a tab", "/.\t.//evil.example"],
  ["dot-dot with a query", "/..//evil.example?x=1#top"],
  ["dot-dot with userinfo", "/..//shop.example@evil.example/"],
  ["the issue's login payload, as decoded from the query", "/..//evil.example/phish"],
  // Not a path of this shop at all.
  ["relative path", "relative/path"],
  ["dot-relative path", "./evil"],
  ["empty", ""],
  ["only spaces", "   "],
];

/** Paths of this shop: kept, normalised as the browser will follow them. */
const kept: [string, string][] = [
  ["/account/order?x=1#top", "/account/order?x=1#top"],
  ["/fashion/clothing/?order=name-asc#list", "/fashion/clothing/?order=name-asc#list"],
  ["/search?search=t%C3%B6pfe", "/search?search=t%C3%B6pfe"],
  ["/a/../b", "/b"],
  ["/a/./b", "/a/b"],
  ["/..", "/"],
  ["/../account", "/account"],
  ["/%2e%2e/account", "/account"],
  ["/a/%2E/b", "/a/b"],
  ["/a//b", "/a//b"],
  ["  /account  ", "/account"],
  ["/?redirectTo=//evil.example", "/?redirectTo=//evil.example"],
  ["/search?search=a%2F%2Fb", "/search?search=a%2F%2Fb"],
  ["/@evil.example", "/@evil.example"],
  ["/account/order/%2F..%2F..%2Fevil", "/account/order/%2F..%2F..%2Fevil"],
  // Look-alikes of `/` and `.` are no separators: the path stays here, percent-encoded.
  ["/\uFF0F\uFF0Fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
  ["/\u2215\u2215evil.example", "/%E2%88%95%E2%88%95evil.example"],
  ["/\uFF0E\uFF0E//evil.example", "/%EF%BC%8E%EF%BC%8E//evil.example"],
  ["/detail/Schuhe größe 42", "/detail/Schuhe%20gr%C3%B6%C3%9Fe%2042"],
];

describe("safeRedirectPath", () => {
  it.each(refused)("refuses %s: %j", (_, target) => {
    expect(safeRedirectPath(target, FALLBACK)).toBe(FALLBACK);
  });

  it.each(kept)("keeps %j as %j", (target, expected) => {
    expect(safeRedirectPath(target, FALLBACK)).toBe(expected);
  });

  it("returns what it checked: a kept path is kept as it is", () => {
    for (const [, path] of kept) expect(safeRedirectPath(path, FALLBACK)).toBe(path);
  });

  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/a"])).toBe("/");
  });
});
