import { describe, expect, it } from "vitest";
import type { CartNotice } from "../../../server/cart/types";
import { de } from "../../../kernel/i18n/de";
import { en } from "../../../kernel/i18n/en";
import { translator } from "../../../kernel/i18n/translator";
import { isPromotionNotice, issueMessage, noticeMessage } from "./notices";

const t = translator(en);
const text = (notice: CartNotice) => {
  const { key, values } = noticeMessage(notice);
  return t(key, values);
};

describe("noticeMessage", () => {
  it("names the product and quantity of an added or adjusted line", () => {
    expect(text({ code: "added", name: "Canvas Tote", quantity: 2 })).toBe("Added to your shopping cart: 2 × Canvas Tote");
    expect(text({ code: "quantity-adjusted", name: "Canvas Tote", quantity: 5 })).toMatch(/Canvas Tote.*5/);
  });

  it("says why a promotion code was refused", () => {
    expect(text({ code: "promotion-not-found", promotionCode: "NOPE" })).toMatch(/“NOPE” was not found/);
    expect(text({ code: "promotion-expired", promotionCode: "SUMMER25" })).toMatch(/“SUMMER25” has expired/);
    expect(noticeMessage({ code: "promotion-used-up", promotionCode: "X" }).tone).toBe("error");
    expect(noticeMessage({ code: "promotion-added", promotionCode: "X" }).tone).toBe("success");
  });

  it("names the code in the way of one that cannot be combined, in English and German", () => {
    const notice: CartNotice = { code: "promotion-not-combinable", promotionCode: "FIVEOFF", blockedBy: "WELCOME10" };
    const { key, values, tone } = noticeMessage(notice);
    expect(tone).toBe("error");
    expect(t(key, values)).toBe("The promotion code “FIVEOFF” was not added: it cannot be combined with the code “WELCOME10” in your shopping cart.");
    expect(translator(de)(key, values)).toBe(
      "Der Aktionscode „FIVEOFF“ wurde nicht hinzugefügt: Er ist nicht mit dem Code „WELCOME10“ in Ihrem Warenkorb kombinierbar.",
    );
  });

  it("has a message for every notice code, with every placeholder filled", () => {
    const all: CartNotice[] = [
      { code: "added", name: "A", quantity: 1 },
      { code: "quantity-adjusted", name: "A", quantity: 1 },
      { code: "sold-out", name: "A" },
      { code: "promotion-added", promotionCode: "C" },
      { code: "promotion-not-found", promotionCode: "C" },
      { code: "promotion-expired", promotionCode: "C" },
      { code: "promotion-not-yet-valid", promotionCode: "C" },
      { code: "promotion-used-up", promotionCode: "C" },
      { code: "promotion-already-added", promotionCode: "C" },
      { code: "promotion-not-combinable", promotionCode: "C", blockedBy: "D" },
      { code: "line-item-not-found" },
      { code: "product-not-found" },
    ];
    for (const notice of all) expect(text(notice), notice.code).not.toMatch(/[{}]|^cart\./);
  });
});

describe("isPromotionNotice", () => {
  it("sorts promotion notices to the promotion field", () => {
    expect(isPromotionNotice({ code: "promotion-expired", promotionCode: "S" })).toBe(true);
    expect(isPromotionNotice({ code: "added", name: "A", quantity: 1 })).toBe(false);
  });
});

describe("issueMessage", () => {
  it("tells how many are left", () => {
    const { key, values } = issueMessage({ code: "insufficient-stock", available: 2 });
    expect(t(key, values)).toMatch(/Only 2 left/);
  });
});
