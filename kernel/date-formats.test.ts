import { describe, expect, it } from "vitest";
import { dateDisplayFormat, isoToday, isTypedDateValue } from "./date-formats";

describe("date picker formats (spec §9)", () => {
  it("shows German and English dates in their own formats, every other language ISO-like", () => {
    expect(dateDisplayFormat("de")).toBe("d. F Y");
    expect(dateDisplayFormat("en")).toBe("F J, Y");
    expect(dateDisplayFormat("en-GB")).toBe("F J, Y");
    expect(dateDisplayFormat("fr")).toBe("Y-m-d");
  });

  it("adds the language's time format for a date with time", () => {
    expect(dateDisplayFormat("de", true)).toBe("d. F Y H:i");
    expect(dateDisplayFormat("en", true)).toBe("F J, Y h:i K");
    expect(dateDisplayFormat("nl", true)).toBe("Y-m-d H:i");
  });

  it("gives today in the submitted ISO-like format (the latest possible birthday)", () => {
    expect(isoToday(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });

  it("recognizes a typed value in the submitted format, complete only", () => {
    expect(isTypedDateValue("1990-04-01")).toBe(true);
    expect(isTypedDateValue(" 1990-04-01 ")).toBe(true);
    expect(isTypedDateValue("1990-04-0")).toBe(false);
    expect(isTypedDateValue("April 1st, 1990")).toBe(false);
    expect(isTypedDateValue("1990-04-01", true)).toBe(false);
    expect(isTypedDateValue("1990-04-01 13:30", true)).toBe(true);
  });
});
