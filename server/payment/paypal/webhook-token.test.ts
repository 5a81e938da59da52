import { describe, expect, it } from "vitest";
import { isPayPalWebhookToken, payPalWebhookToken } from "./webhook-token";

describe("the webhook URL's token", () => {
  const secret = "s".repeat(32);

  it("is the same for every app server with the secret, and another for another shop", () => {
    expect(payPalWebhookToken(secret)).toBe(payPalWebhookToken(secret));
    expect(payPalWebhookToken(secret)).not.toBe(payPalWebhookToken("t".repeat(32)));
    expect(payPalWebhookToken(secret)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts only the shop's token", () => {
    expect(isPayPalWebhookToken(payPalWebhookToken(secret), secret)).toBe(true);
    expect(isPayPalWebhookToken(undefined, secret)).toBe(false);
    expect(isPayPalWebhookToken("", secret)).toBe(false);
    expect(isPayPalWebhookToken(payPalWebhookToken(secret).slice(1), secret)).toBe(false);
    expect(isPayPalWebhookToken(payPalWebhookToken("t".repeat(32)), secret)).toBe(false);
  });
});
