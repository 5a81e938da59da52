import { describe, expect, it } from "vitest";
import { blacklistedWordOf, blacklistErrorCode, blacklistKindOf, findBlockedWord } from "./blacklist";

describe("findBlockedWord", () => {
  const cases: [string, string, string[], string | null][] = [
    ["exact word", "Spammer", ["Spammer"], "Spammer"],
    ["other case", "Mr SPAMMER", ["Spammer"], "Spammer"],
    ["inner substring", "Antispammers", ["spammer"], "spammer"],
    ["two-word phrase", "12 nowhere lane", ["Nowhere Lane"], "Nowhere Lane"],
    ["trimmed word", "Mr Spammer", ["  Spammer \t"], "Spammer"],
    ["value spaces do not matter", "  spammer  ", ["Spammer"], "Spammer"],
    ["empty word ignored", "Anna", ["", "   "], null],
    ["no word", "Anna", [], null],
    ["clean value", "Anna Schmidt", ["Spammer", "Nowhere Lane"], null],
    ["empty value", "", ["Spammer"], null],
    ["umlaut, other case", "HERR MÜLLER", ["müller"], "müller"],
    ["umlaut decomposed in the value", "Mu\u0308ller", ["Müller"], "Müller"],
    ["umlaut is not its base letter", "Muller", ["Müller"], null],
    ["first matching word wins", "Spammer Nowhere Lane", ["Nowhere Lane", "Spammer"], "Nowhere Lane"],
    ["a phrase needs its space", "NowhereLane", ["Nowhere Lane"], null],
  ];
  it.each(cases)("%s", (_label, value, words, expected) => {
    expect(findBlockedWord(value, words)).toBe(expected);
  });
});

describe("blacklist field kinds and codes", () => {
  it("knows name and address fields by their last name segment", () => {
    expect(blacklistKindOf("firstName")).toBe("name");
    expect(blacklistKindOf("billingAddress.company")).toBe("name");
    expect(blacklistKindOf("billingAddress.street")).toBe("address");
    expect(blacklistKindOf("zipcode")).toBe("address");
    expect(blacklistKindOf("email")).toBeNull();
    expect(blacklistKindOf("toString")).toBeNull();
  });
  it("carries the word in the error code", () => {
    expect(blacklistedWordOf(blacklistErrorCode("Nowhere Lane"))).toBe("Nowhere Lane");
    expect(blacklistedWordOf("required")).toBeNull();
  });
});
