import { describe, expect, it } from "vitest";
import { HandleErrorBody, messageKeyFor, MESSAGE_ISSUES, PAYMENT_ERROR_CODES, PAYMENT_MESSAGE_KEYS } from "./error-codes";

describe("messageKeyFor", () => {
  it.each([
    ["GENERIC_ERROR", {}, "payment.error.GENERIC_ERROR"],
    ["USER_CANCELLED", { method: "paypal" }, "payment.error.USER_CANCELLED"],
    ["EXPRESS_USER_CANCELLED", { method: "paypal" }, "payment.error.EXPRESS_USER_CANCELLED"],
    ["BROWSER_UNSUPPORTED", { method: "applepay" }, "payment.error.applepay.BROWSER_UNSUPPORTED"],
    ["BROWSER_UNSUPPORTED", { method: "googlepay" }, "payment.error.googlepay.BROWSER_UNSUPPORTED"],
    ["BROWSER_UNSUPPORTED", { method: "venmo" }, "payment.error.BROWSER_UNSUPPORTED"],
    ["NOT_ELIGIBLE", { method: "applepay" }, "payment.error.applepay.NOT_ELIGIBLE"],
    ["SOMETHING_NEW", { method: "card" }, "payment.error.GENERIC_ERROR"],
    ["SOMETHING_NEW", {}, "payment.error.GENERIC_ERROR"],
    ["SWAG_PAYPAL__USER_CANCELLED", {}, "payment.error.USER_CANCELLED"],
    ["GENERIC_ERROR", { method: "card" }, "payment.error.card.GENERIC_ERROR"],
    ["GENERIC_ERROR", { issue: "POSTAL_CODE_REQUIRED" }, "payment.error.API_POSTAL_CODE_REQUIRED"],
    ["GENERIC_ERROR", { issue: "SHIPPING_ADDRESS_INVALID" }, "payment.error.API_SHIPPING_ADDRESS_INVALID"],
    ["GENERIC_ERROR", { issue: "API_CANNOT_BE_ZERO_OR_NEGATIVE" }, "payment.error.API_CANNOT_BE_ZERO_OR_NEGATIVE"],
    ["GENERIC_ERROR", { method: "paypal", issue: "INSTRUMENT_DECLINED" }, "payment.error.INSTRUMENT_DECLINED"],
    ["GENERIC_ERROR", { method: "card", issue: "CARD_3DS_REJECTED" }, "payment.error.card.CARD_3DS_REJECTED"],
    ["GENERIC_ERROR", { method: "pui", issue: "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED" }, "payment.error.pui.PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED"],
    ["GENERIC_ERROR", { method: "pui", issue: "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR" }, "payment.error.pui.PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"],
    ["GENERIC_ERROR", { issue: "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR" }, "payment.error.PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"],
    ["USER_CANCELLED", { issue: "UNHEARD_OF" }, "payment.error.USER_CANCELLED"],
    ["EXPRESS_GENERIC_ERROR", { issue: "UNHEARD_OF" }, "payment.error.EXPRESS_GENERIC_ERROR"],
  ] as const)("%s %o → %s", (code, options, key) => {
    expect(messageKeyFor(code, options)).toBe(key);
  });

  it("has a shared text for every code and every issue", () => {
    for (const code of Object.values(PAYMENT_ERROR_CODES)) expect(PAYMENT_MESSAGE_KEYS).toContain(`payment.error.${code}`);
    for (const issue of MESSAGE_ISSUES) expect(PAYMENT_MESSAGE_KEYS).toContain(`payment.error.${issue}`);
    expect(new Set(PAYMENT_MESSAGE_KEYS).size).toBe(PAYMENT_MESSAGE_KEYS.length);
  });
});

describe("HandleErrorBody", () => {
  it("reads {code, error, fatal}", () => {
    expect(HandleErrorBody.parse({ code: "NOT_ELIGIBLE", error: "Funding not eligible", fatal: true })).toEqual({ code: "NOT_ELIGIBLE", error: "Funding not eligible", fatal: true });
  });

  it("defaults error and fatal, and drops the vendor prefix", () => {
    expect(HandleErrorBody.parse({ code: "SWAG_PAYPAL__USER_CANCELLED" })).toEqual({ code: "USER_CANCELLED", error: "", fatal: false });
  });

  it.each([{}, { code: "" }, { code: "not a code" }, { code: "GENERIC_ERROR", fatal: "yes" }, { code: "X".repeat(101) }, { code: "GENERIC_ERROR", error: "e".repeat(2_001) }])(
    "refuses %o",
    (body) => {
      expect(HandleErrorBody.safeParse(body).success).toBe(false);
    },
  );
});
