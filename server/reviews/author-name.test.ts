import { describe, expect, it } from "vitest";
import { reviewAuthorName } from "./author-name";

describe("reviewAuthorName", () => {
  it("shows the first name and the last name's initial", () => {
    expect(reviewAuthorName({ firstName: "Erika", lastName: "Mustermann" })).toBe("Erika M.");
    expect(reviewAuthorName({ firstName: "Jean-Luc", lastName: "Émile" })).toBe("Jean-Luc É.");
  });

  it("keeps the initial's point when the first name is empty", () => {
    expect(reviewAuthorName({ firstName: "", lastName: "Mustermann" })).toBe("M.");
  });
});
