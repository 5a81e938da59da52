import { describe, expect, it } from "vitest";
import { mayPayAgain } from "./pay-again";

describe("mayPayAgain: an order is paid again only when no attempt can still bring its money", () => {
  it("allows a failed or cancelled PayPal-family attempt", () => {
    expect(mayPayAgain({ provider: "paypal", method: "paypal", state: "failed", settlement_reference: null })).toBe(true);
    expect(mayPayAgain({ provider: "paypal", method: "paypal_pui", state: "failed", settlement_reference: null })).toBe(true);
    expect(mayPayAgain({ provider: "paypal", method: "paypal_card", state: "cancelled", settlement_reference: "CAP1" })).toBe(true);
  });

  it("allows an open attempt nobody approved, which paying again supersedes", () => {
    expect(mayPayAgain({ provider: "paypal", method: "paypal", state: "open", settlement_reference: null })).toBe(true);
  });

  it("refuses an open attempt with a pending capture and an invoice purchase Ratepay is deciding on", () => {
    expect(mayPayAgain({ provider: "paypal", method: "paypal", state: "open", settlement_reference: "CAP1" })).toBe(false);
    expect(mayPayAgain({ provider: "paypal", method: "paypal_pui", state: "open", settlement_reference: null })).toBe(false);
  });

  it("refuses settled attempts, the shop's own methods and orders without an attempt", () => {
    for (const state of ["paid", "authorized", "refunded", "partially_refunded"] as const) {
      expect(mayPayAgain({ provider: "paypal", method: "paypal", state, settlement_reference: "CAP1" })).toBe(false);
    }
    expect(mayPayAgain({ provider: "manual", method: "invoice", state: "open", settlement_reference: null })).toBe(false);
    expect(mayPayAgain(undefined)).toBe(false);
  });
});
