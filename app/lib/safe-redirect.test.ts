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
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/home")).toBe("/home");
  });
  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/a"])).toBe("/");
  });
});
