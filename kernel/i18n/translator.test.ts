import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { translator } from "./translator";
import { messagesFor } from "./messages.server";

describe("translator", () => {
  it("fills {placeholders} and keeps unknown ones", () => {
    const t = translator(en);
    expect(t("listing.products", { count: 13 })).toBe("13 products");
    expect(t("listing.products")).toBe("{count} products");
  });
  it("shows the key when a message is missing", () => {
    expect(translator({})("header.cart")).toBe("header.cart");
  });
  it("has German text for every key, different from English where it should be", () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    expect(translator(messagesFor("de"))("header.cart")).toBe("Warenkorb");
    expect(Object.values(de).every((text) => text.trim().length > 0)).toBe(true);
  });
});
