import { describe, expect, it } from "vitest";
import {
  applePayPaymentRequest,
  completeWalletPayment,
  googlePayEnvironment,
  googlePayNextStep,
  googlePayPaymentDataRequest,
  googlePayScriptUrl,
  googlePaySheetClosed,
  googlePayTransactionInfo,
} from "./wallets";
import { decimalAmount } from "./confirm-form";

const totals = { currency: "EUR", positionsGross: 4_990, shippingGross: 495, taxTotal: 876, grossTotal: 5_485 };
const labels = { subtotal: "Subtotal", shipping: "Shipping", tax: "VAT", total: "Total" };

describe("Google Pay through PayPal (reference §2.1)", () => {
  it("loads Google's pay.js, or the double's stand-in from the double's origin", () => {
    expect(googlePayScriptUrl({ sdkUrl: "https://www.paypal.com/sdk/js", testDouble: false })).toBe("https://pay.google.com/gp/p/js/pay.js");
    expect(googlePayScriptUrl({ sdkUrl: "http://127.0.0.1:8787/sdk/js", testDouble: true })).toBe("http://127.0.0.1:8787/google/pay.js");
    expect(googlePayEnvironment({ environment: "production", testDouble: false })).toBe("PRODUCTION");
    expect(googlePayEnvironment({ environment: "sandbox", testDouble: false })).toBe("TEST");
    expect(googlePayEnvironment({ environment: "production", testDouble: true })).toBe("TEST");
  });

  it("shows an ESTIMATED total with the subtotal, shipping and tax as display items", () => {
    const info = googlePayTransactionInfo(totals, "DE", labels);
    expect(info).toEqual({
      countryCode: "DE",
      currencyCode: "EUR",
      totalPriceStatus: "ESTIMATED",
      totalPrice: "54.85",
      totalPriceLabel: "Total",
      displayItems: [
        { label: "Subtotal", type: "SUBTOTAL", price: "49.90" },
        { label: "Shipping", type: "LINE_ITEM", price: "4.95" },
        { label: "VAT", type: "TAX", price: "8.76" },
      ],
    });
    const config = { isEligible: true, apiVersion: 2, apiVersionMinor: 0, countryCode: "DE", merchantInfo: { merchantId: "M" }, allowedPaymentMethods: [{ type: "CARD" }] };
    expect(googlePayPaymentDataRequest(config, info)).toEqual({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [{ type: "CARD" }], merchantInfo: { merchantId: "M" }, transactionInfo: info });
  });

  it("goes on only for APPROVED, asks the payer for PAYER_ACTION_REQUIRED, refuses anything else (spec §8)", () => {
    expect(googlePayNextStep("APPROVED")).toBe("submit");
    expect(googlePayNextStep("PAYER_ACTION_REQUIRED")).toBe("payer-action");
    expect(googlePayNextStep("CREATED")).toBe("refused");
    expect(googlePayNextStep(undefined)).toBe("refused");
  });
});

describe("Apple Pay's payment request (reference §2.1; runs only in Safari, so it is checked here)", () => {
  const config = { isEligible: true, countryCode: "DE", currencyCode: "EUR", merchantCapabilities: ["supports3DS"], supportedNetworks: ["visa", "masterCard"] };
  const contact = { givenName: "Erika", familyName: "Mustermann", emailAddress: "erika@example.com", addressLines: ["Heidestraße 17"], locality: "Berlin", postalCode: "10557", countryCode: "DE" };

  it("has the billing contact filled in and a final total under the shop's name", () => {
    expect(applePayPaymentRequest(config, { totals, brandName: "Vitrine", billingContact: contact })).toEqual({
      countryCode: "DE",
      currencyCode: "EUR",
      merchantCapabilities: ["supports3DS"],
      supportedNetworks: ["visa", "masterCard"],
      requiredBillingContactFields: ["name", "phone", "email", "postalAddress"],
      requiredShippingContactFields: [],
      billingContact: contact,
      total: { label: "Vitrine", amount: "54.85", type: "final" },
    });
  });

  it("leaves the contact out when the shopper has no billing address", () => {
    expect(applePayPaymentRequest(config, { totals, brandName: "Vitrine", billingContact: null })).not.toHaveProperty("billingContact");
  });
});

describe("a wallet's payment after the shopper authorized it (both wallet buttons)", () => {
  const steps = (confirm: (orderId: string) => Promise<void>) => {
    const done: string[] = [];
    return {
      done,
      steps: {
        createOrder: async () => (done.push("create"), "ORDER-1"),
        confirm: async (orderId: string) => (done.push(`confirm ${orderId}`), confirm(orderId)),
        submit: (orderId: string) => void done.push(`submit ${orderId}`),
      },
    };
  };

  it("makes the PayPal order, has the wallet confirm it, then submits the form with it", async () => {
    const { done, steps: payment } = steps(async () => undefined);
    await completeWalletPayment(payment);
    expect(done).toEqual(["create", "confirm ORDER-1", "submit ORDER-1"]);
  });

  it("submits nothing when the wallet refuses the order, and passes the error on", async () => {
    const { done, steps: payment } = steps(async () => Promise.reject(new Error("PayPal didn't approve the transaction")));
    await expect(completeWalletPayment(payment)).rejects.toThrow("didn't approve");
    expect(done).toEqual(["create", "confirm ORDER-1"]);
  });

  it("neither confirms nor submits when the PayPal order cannot be made", async () => {
    const { done, steps: payment } = steps(async () => undefined);
    await expect(completeWalletPayment({ ...payment, createOrder: () => Promise.reject(new Error("create-order answered 409")) })).rejects.toThrow("409");
    expect(done).toEqual([]);
  });

  it("tells Google's closed sheet from other errors", () => {
    expect(googlePaySheetClosed({ statusCode: "CANCELED", statusMessage: "User closed the Payment Request UI." })).toBe(true);
    expect(googlePaySheetClosed({ statusCode: "DEVELOPER_ERROR" })).toBe(false);
    expect(googlePaySheetClosed(new Error("CANCELED"))).toBe(false);
    expect(googlePaySheetClosed(null)).toBe(false);
  });
});

describe("decimalAmount", () => {
  it("writes minor units with the currency's decimals", () => {
    expect(decimalAmount(5_485, "EUR")).toBe("54.85");
    expect(decimalAmount(1_200, "JPY")).toBe("1200");
    expect(decimalAmount(5, "USD")).toBe("0.05");
  });
});
