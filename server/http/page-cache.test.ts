import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./page-cache";

describe("the encoding a cached page or asset is sent in", () => {
  it("prefers brotli, then gzip, and sends the plain bytes to a client that takes neither", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding("deflate")).toBe("identity");
  });

  it("honours a refusal with q=0 and reads * as any other encoding", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("*;q=0.5, br;q=0")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
  });

  it("falls back to what exists", () => {
    expect(preferredEncoding("gzip, br", (encoding) => encoding === "gzip")).toBe("gzip");
    expect(preferredEncoding("br", (encoding) => encoding === "gzip")).toBe("identity");
  });
});
