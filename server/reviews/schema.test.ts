import { describe, expect, it } from "vitest";
import { parseReview, reviewValues } from "./schema";

describe("parseReview", () => {
  const valid = { rating: "4", title: "  Sturdy and light ", content: "Carried it for a week in the mountains without trouble." };

  it("accepts a rating of 1 to 5 stars, a title and at least 20 characters of review, trimmed", () => {
    expect(parseReview(valid)).toEqual({ ok: true, review: { rating: 4, title: "Sturdy and light", content: valid.content } });
  });

  it("takes a title of up to 100 characters and a review of 20 to 3000", () => {
    expect(parseReview({ ...valid, title: "x".repeat(100) }).ok).toBe(true);
    expect(parseReview({ ...valid, content: "x".repeat(20) }).ok).toBe(true);
    expect(parseReview({ ...valid, content: ` ${"x".repeat(19)} ` })).toEqual({ ok: false, errors: { content: "content-too-short" } });
    expect(parseReview({ ...valid, content: "x".repeat(3000) }).ok).toBe(true);
  });

  it("shows the typed values again cut to those limits", () => {
    const values = reviewValues({ rating: "45", title: "t".repeat(150), content: "c".repeat(4000) });
    expect([values.rating, values.title!.length, values.content!.length]).toEqual(["4", 100, 3000]);
  });

  it("names every refused field once", () => {
    expect(parseReview({ title: " ", content: "Too short" })).toEqual({
      ok: false,
      errors: { rating: "rating-required", title: "title-required", content: "content-too-short" },
    });
    expect(parseReview({ ...valid, rating: "6" })).toEqual({ ok: false, errors: { rating: "rating-required" } });
    expect(parseReview({ ...valid, rating: "2.5" })).toEqual({ ok: false, errors: { rating: "rating-required" } });
    expect(parseReview({ ...valid, title: "x".repeat(101) })).toEqual({ ok: false, errors: { title: "title-too-long" } });
    expect(parseReview({ ...valid, content: "x".repeat(3001) })).toEqual({ ok: false, errors: { content: "content-too-long" } });
  });
});
