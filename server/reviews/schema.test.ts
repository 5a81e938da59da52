import { describe, expect, it } from "vitest";
import { parseReview, REVIEW_LIMITS } from "./schema";

describe("parseReview", () => {
  const valid = { rating: "4", title: "  Sturdy and light ", content: "Carried it for a week in the mountains without trouble." };

  it("accepts a rating of 1 to 5 stars, a title and at least 20 characters of review, trimmed", () => {
    expect(parseReview(valid)).toEqual({ ok: true, review: { rating: 4, title: "Sturdy and light", content: valid.content } });
    expect(REVIEW_LIMITS).toEqual({ titleMax: 100, contentMin: 20, contentMax: 3000 });
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
