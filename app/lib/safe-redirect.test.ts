import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths of this shop with query and hash", () => {
    expect(safeRedirectPath("/fashion/clothing/?order=name-asc#list")).toBe("/fashion/clothing/?order=name-asc#list");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/path\r\nLocation: https://evil.example",
    "/\t/evil.example",
    "relative/path",
    "http:evil.example",
    "https:/evil.example",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%09/evil.example",
    "/%E0%A4%A",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/home")).toBe("/home");
  });
  it("keeps an encoded query value that stays on this shop", () => {
    expect(safeRedirectPath("/account/order?x=1")).toBe("/account/order?x=1");
    expect(safeRedirectPath("/search?search=t%C3%B6pfe")).toBe("/search?search=t%C3%B6pfe");
  });
  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/a"])).toBe("/");
  });
});
