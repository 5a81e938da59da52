import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AMAZON_PAY_BINDING_PARAM, checkoutSessionPayload, isVisitorBinding, signedButtonPayload, visitorBinding } from "./button";
import { AMAZON_PAY_ALGORITHM, payloadStringToSign, verifyString } from "./signing";

const SECRET = "a-session-secret-of-enough-length-for-tests";

describe("visitor binding", () => {
  it("is the same for one visitor, differs between visitors and secrets, and is checked in constant time", () => {
    const mine = visitorBinding(SECRET, "cart-a");
    expect(visitorBinding(SECRET, "cart-a")).toBe(mine);
    expect(visitorBinding(SECRET, "cart-b")).not.toBe(mine);
    expect(visitorBinding(`${SECRET}!`, "cart-a")).not.toBe(mine);
    expect(isVisitorBinding(mine, SECRET, "cart-a")).toBe(true);
    expect(isVisitorBinding(mine, SECRET, "cart-b")).toBe(false);
    expect(isVisitorBinding(mine.slice(1), SECRET, "cart-a")).toBe(false);
    expect(isVisitorBinding(null, SECRET, "cart-a")).toBe(false);
    expect(isVisitorBinding(mine, SECRET, undefined)).toBe(false);
  });
});

describe("the button's checkout session payload", () => {
  it("sends the buyer back to the review URL with the visitor's binding and asks for the buyer data the shop needs", () => {
    const payload = checkoutSessionPayload({ storeId: "amzn1.application-oa2-client.x", reviewUrl: "https://shop.test/amazon-pay/review?from=cart", binding: "b1" });
    const review = new URL(payload.webCheckoutDetails.checkoutReviewReturnUrl!);
    expect(review.pathname).toBe("/amazon-pay/review");
    expect(review.searchParams.get("from")).toBe("cart");
    expect(review.searchParams.get(AMAZON_PAY_BINDING_PARAM)).toBe("b1");
    expect(payload.scopes).toEqual(["name", "email", "phoneNumber", "billingAddress"]);
  });

  it("is signed over its exact JSON with the merchant's key", () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const signed = signedButtonPayload({ storeId: "s", webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/r" } }, { publicKeyId: "SANDBOX-K", privateKey });
    expect(signed.algorithm).toBe(AMAZON_PAY_ALGORITHM);
    expect(signed.publicKeyId).toBe("SANDBOX-K");
    expect(JSON.parse(signed.payloadJSON)).toMatchObject({ storeId: "s" });
    expect(verifyString(payloadStringToSign(signed.payloadJSON), signed.signature, publicKey)).toBe(true);
    expect(verifyString(payloadStringToSign(signed.payloadJSON.replace('"s"', '"t"')), signed.signature, publicKey)).toBe(false);
  });
});
