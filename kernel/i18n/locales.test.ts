import { describe, expect, it } from "vitest";
import { detectLocale } from "./locales";

describe("detectLocale", () => {
  it("uses the language cookie first", () => {
    expect(detectLocale("de", "en-US,en;q=0.9")).toBe("de");
  });
  it("picks German for German-speaking browsers", () => {
    expect(detectLocale(undefined, "de-AT,de;q=0.9,en;q=0.5")).toBe("de");
  });
  it("respects quality values", () => {
    expect(detectLocale(undefined, "fr;q=0.9,de;q=0.4,en;q=0.8")).toBe("en");
  });
  it("falls back to English for unknown languages or a bad cookie", () => {
    expect(detectLocale("xx", "fr-FR")).toBe("en");
    expect(detectLocale(undefined, undefined)).toBe("en");
  });
});
