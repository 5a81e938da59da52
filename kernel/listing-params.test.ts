import { describe, expect, it } from "vitest";
import { cleanQuery, filterQuery, noFilters, priceRangeError, readFilterValues, type FilterValues } from "./listing-params";

const query = (text: string) => new URLSearchParams(text);

/** Spec §3 "Listing filter state": the address bar's query parameters of a listing. */
describe("reading filter values from the address bar", () => {
  it("reads multi-select ids split at the pipe, prices, the minimum rating and boolean filters set to 1", () => {
    expect(readFilterValues(query("manufacturer=m1|m2&properties=red|xl&min-price=10&max-price=50&rating=4&shipping-free=1&instant-delivery=1"))).toEqual({
      manufacturer: ["m1", "m2"],
      properties: ["red", "xl"],
      minPrice: "10",
      maxPrice: "50",
      rating: "4",
      shippingFree: true,
      instantDelivery: true,
    });
  });

  it("reads an address without filters as no filters", () => {
    expect(readFilterValues(query("order=price-asc&p=3"))).toEqual(noFilters());
  });

  it("takes a boolean filter as set only for the value 1", () => {
    for (const value of ["", "0", "true", "yes"]) expect(readFilterValues(query(`shipping-free=${value}`)).shippingFree, value).toBe(false);
  });

  it("merges repeated parameters, drops empty ids and keeps each id once", () => {
    expect(readFilterValues(query("manufacturer=m1||m2&manufacturer=m2|m3|")).manufacturer).toEqual(["m1", "m2", "m3"]);
    expect(readFilterValues(query("properties=|")).properties).toEqual([]);
  });
});

describe("writing filter values to the address bar", () => {
  const chosen: FilterValues = {
    manufacturer: ["m1", "m2"],
    properties: ["red"],
    minPrice: " 10 ",
    maxPrice: "50",
    rating: "3",
    shippingFree: true,
    instantDelivery: false,
  };

  it("joins a multi-select filter's ids with a pipe, writes boolean filters as 1 and leaves out empty values", () => {
    const next = filterQuery(query(""), chosen);
    expect(next.get("manufacturer")).toBe("m1|m2");
    expect(next.toString()).toBe("manufacturer=m1%7Cm2&properties=red&min-price=10&max-price=50&rating=3&shipping-free=1&p=1");
    expect(next.has("instant-delivery")).toBe(false);
  });

  it("keeps the search term and the sorting, and goes back to page 1", () => {
    const next = filterQuery(query("search=sofa&order=price-asc&p=4"), { ...noFilters(), manufacturer: ["m1"] });
    expect(next.toString()).toBe("search=sofa&order=price-asc&p=1&manufacturer=m1");
  });

  it("removes filters that are no longer chosen", () => {
    const next = filterQuery(query("order=name-asc&manufacturer=m1|m2&rating=4&shipping-free=1&min-price=5"), noFilters());
    expect(next.toString()).toBe("order=name-asc&p=1");
  });

  it("never writes the request-only parameters: slots, no-aggregations, reduce-aggregations, only-aggregations", () => {
    const next = filterQuery(query("slots=a|b&no-aggregations=1&reduce-aggregations=1&only-aggregations=1&order=topseller"), noFilters());
    expect(next.toString()).toBe("order=topseller&p=1");
  });

  it("reads back what it wrote", () => {
    expect(readFilterValues(filterQuery(query("order=price-desc"), chosen))).toEqual({ ...chosen, minPrice: "10" });
    expect(readFilterValues(filterQuery(query(""), noFilters()))).toEqual(noFilters());
  });
});

describe("cleanQuery", () => {
  it("drops empty values and the request-only parameters, and keeps the rest in order", () => {
    expect(cleanQuery(query("order=&p=2&slots=x&search=lamp&only-aggregations=1&rating=&rating=2")).toString()).toBe("p=2&search=lamp&rating=2");
  });
});

describe("price range check (spec §5: min not above max, neither below 0)", () => {
  it("accepts an empty, an open or a proper range, 0 included", () => {
    expect(priceRangeError("", "")).toBeNull();
    expect(priceRangeError("0", "")).toBeNull();
    expect(priceRangeError("", "0")).toBeNull();
    expect(priceRangeError("20", "20")).toBeNull();
    expect(priceRangeError(" 5 ", "19.99")).toBeNull();
  });

  it("refuses a minimum above the maximum", () => {
    expect(priceRangeError("20.01", "20")).toBe("range");
    expect(priceRangeError("100", "9")).toBe("range");
  });

  it("refuses a price below 0, in either field", () => {
    expect(priceRangeError("-0.01", "")).toBe("lowerBound");
    expect(priceRangeError("", "-5")).toBe("lowerBound");
    expect(priceRangeError("-10", "-5")).toBe("lowerBound");
  });

  it("names min-above-max first when both are wrong", () => {
    expect(priceRangeError("10", "-5")).toBe("range");
  });
});
