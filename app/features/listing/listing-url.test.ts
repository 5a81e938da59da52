import { describe, expect, it } from "vitest";
import { listingHref, paginationWindow } from "./listing-url";

describe("listingHref", () => {
  it("keeps the search term and resets the page when sorting changes", () => {
    expect(listingHref(new URLSearchParams("search=shoe&p=3"), { order: "price-asc" })).toBe("?search=shoe&order=price-asc");
  });
  it("sets the page and drops p for the first page", () => {
    expect(listingHref(new URLSearchParams("order=name-asc"), { p: 2 })).toBe("?order=name-asc&p=2");
    expect(listingHref(new URLSearchParams("order=name-asc&p=2"), { p: 1 })).toBe("?order=name-asc");
  });
  it("drops empty values", () => {
    expect(listingHref(new URLSearchParams("order=&manufacturer="), { p: 2 })).toBe("?p=2");
  });
});

describe("paginationWindow", () => {
  it("lists every page when there are few", () => {
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
  });
  it("marks gaps around the current page", () => {
    expect(paginationWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  });
});
