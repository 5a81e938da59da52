import { describe, expect, it } from "vitest";
import { changesSchema, replySchema, requestSchema } from "./schemas";

const LINE = "0b9d1c2e-8c7a-4a51-9e0f-3d7c2b1a0f00";

describe("quote inputs", () => {
  it("read the validity date as the start of its UTC day and refuse impossible dates", () => {
    const parsed = replySchema.parse({ discounts: { [LINE]: 1250 }, validUntil: "2026-12-31" });
    expect(parsed.validUntil.toISOString()).toBe("2026-12-31T00:00:00.000Z");
    for (const validUntil of ["2026-02-30", "2026-13-01", "31.12.2026", "2026-12-31T10:00:00Z", ""]) {
      expect(replySchema.safeParse({ discounts: {}, validUntil }).success).toBe(false);
    }
  });

  it("take discounts of 0 to 10000 basis points, whole numbers, keyed by line id", () => {
    for (const value of [0, 10_000]) expect(replySchema.safeParse({ discounts: { [LINE]: value }, validUntil: "2026-12-31" }).success).toBe(true);
    for (const value of [-1, 10_001, 12.5, "1000"]) expect(replySchema.safeParse({ discounts: { [LINE]: value }, validUntil: "2026-12-31" }).success).toBe(false);
    expect(replySchema.safeParse({ discounts: { "not-a-line": 100 }, validUntil: "2026-12-31" }).success).toBe(false);
  });

  it("require a comment to request changes, at most 2000 characters, and keep an empty optional one out", () => {
    expect(changesSchema.safeParse({ comment: "   " }).success).toBe(false);
    expect(changesSchema.safeParse({ comment: "x".repeat(2001) }).success).toBe(false);
    expect(changesSchema.parse({ comment: " Ten more, please \n" }).comment).toBe("Ten more, please");
    expect(changesSchema.safeParse({ comment: "bad\u0000byte" }).success).toBe(false);
    expect(requestSchema.parse({ comment: "  " }).comment).toBeUndefined();
    expect(replySchema.parse({ discounts: {}, validUntil: "2026-12-31", comment: "" }).comment).toBeUndefined();
  });
});
