import { describe, expect, it } from "vitest";
import { applePaySupported, ineligibleFunding } from "./FundingEligibility";
import { codeFromError } from "./handle-error";

describe("funding eligibility (spec §5, §9)", () => {
  it("reports the checked funding sources PayPal's SDK refuses, and Apple Pay without a session", () => {
    const paypal = { isFundingEligible: (source: string) => source !== "venmo" };
    expect(ineligibleFunding(paypal as never, false)).toEqual(["VENMO", "APPLEPAY"]);
    expect(ineligibleFunding(paypal as never, true)).toEqual(["VENMO"]);
    expect(ineligibleFunding(undefined, true)).toEqual(["CARD", "SEPA", "VENMO", "PAYLATER"]);
  });

  it("needs Apple Pay version 4 and a device that can pay", () => {
    const session = (version: boolean, pay: boolean) => ({ ApplePaySession: { supportsVersion: (v: number) => version && v === 4, canMakePayments: () => pay } });
    expect(applePaySupported({} as never)).toBe(false);
    expect(applePaySupported(session(true, true) as never)).toBe(true);
    expect(applePaySupported(session(false, true) as never)).toBe(false);
    expect(applePaySupported(session(true, false) as never)).toBe(false);
    expect(applePaySupported({ ApplePaySession: { supportsVersion: () => { throw new Error("insecure"); } } } as never)).toBe(false);
  });
});

describe("the code of a PayPal error", () => {
  it("takes the code PayPal put in its error body over the generic one (reference §2.1)", () => {
    expect(codeFromError(new Error('{"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"INSTRUMENT_DECLINED"}]}'))).toBe("INSTRUMENT_DECLINED");
    expect(codeFromError('{"errors":[{"code":"API_POSTAL_CODE_REQUIRED"}]}')).toBe("API_POSTAL_CODE_REQUIRED");
    expect(codeFromError(new Error("Window closed"))).toBeUndefined();
    expect(codeFromError(undefined)).toBeUndefined();
  });
});
