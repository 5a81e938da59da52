import { describe, expect, it } from "vitest";
import { scriptOptions } from "./script-options";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";

const config: PayPalBrowserConfig = {
  clientId: "client-1",
  sdkUrl: "https://www.paypal.com/sdk/js",
  environment: "production",
  intent: "capture",
  currency: "EUR",
  testDouble: false,
};

describe("PayPal script options (spec §3, §9)", () => {
  it("asks for the six components, the shop's currency and intent, and the SDK locale of the language", () => {
    const options = scriptOptions(config, { language: "de-DE" });
    expect(options).toMatchObject({ clientId: "client-1", currency: "EUR", intent: "capture", locale: "de_DE", commit: true, environment: "production" });
    expect(options.components).toEqual(["buttons", "messages", "card-fields", "funding-eligibility", "applepay", "googlepay"]);
    expect(scriptOptions(config, { language: "en" }).locale).toBe("en_GB");
    expect(options.sdkBaseUrl).toBeUndefined();
  });

  it("defaults the currency to EUR and enables Pay Later and Venmo unless Pay Later is off", () => {
    expect(scriptOptions({ ...config, currency: "" }, { language: "en" }).currency).toBe("EUR");
    expect(scriptOptions(config, { language: "en" }).enableFunding).toEqual(["paylater", "venmo"]);
    expect(scriptOptions(config, { language: "en", showPayLater: false }).enableFunding).toEqual(["venmo"]);
  });

  it("disables the alternative methods of spec §9 when the shop does not use them", () => {
    expect(scriptOptions(config, { language: "en", useAlternativePaymentMethods: false }).disableFunding).toEqual([
      "card", "bancontact", "blik", "eps", "giropay", "ideal", "mybank", "p24", "sepa", "sofort", "venmo",
    ]);
    expect(scriptOptions(config, { language: "en" }).disableFunding).toBeUndefined();
  });

  it("passes the partner attribution id and merchant id, and loads a double's stand-in from its own URL", () => {
    const options = scriptOptions({ ...config, partnerAttributionId: "Vitrine_Cart", merchantId: "M1", sdkUrl: "http://127.0.0.1:8787/sdk/js" }, { language: "en" });
    expect(options).toMatchObject({ dataPartnerAttributionId: "Vitrine_Cart", merchantId: "M1", sdkBaseUrl: "http://127.0.0.1:8787/sdk/js" });
  });

  it("refuses an environment other than production or sandbox", () => {
    expect(() => scriptOptions({ ...config, environment: "live" }, { language: "en" })).toThrow(/production or sandbox/);
    expect(scriptOptions({ ...config, environment: "sandbox" }, { language: "en" }).environment).toBe("sandbox");
  });
});
