import { describe, expect, it } from "vitest";
import { claimedImageType, formatByteLimit, imageTypeOf } from "./image-search";

describe("imageTypeOf", () => {
  it("knows JPEG and PNG by their first bytes, and nothing else", () => {
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(imageTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(imageTypeOf(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("<svg xmlns"))).toBeNull();
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(imageTypeOf(new Uint8Array(0))).toBeNull();
  });
});

describe("claimedImageType", () => {
  it("reads the declared type first, else the name's extension", () => {
    expect(claimedImageType("a.png", "image/jpeg")).toBe("image/jpeg");
    expect(claimedImageType("a.JPG", "application/octet-stream")).toBe("image/jpeg");
    expect(claimedImageType("a.png", "")).toBe("image/png");
    expect(claimedImageType("a.txt", "text/plain")).toBeNull();
  });
});

describe("formatByteLimit", () => {
  it("says a limit as people do", () => {
    expect(formatByteLimit(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatByteLimit(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatByteLimit(64 * 1024)).toBe("64 KB");
  });
});
