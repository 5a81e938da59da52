import { generateKeyPairSync, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../../chromium";
import { AmazonPayApiError, createAmazonPayClient, type AmazonPayClient } from "../client";
import { AMAZON_PAY_ALGORITHM, signPayload } from "../signing";
import { startAmazonPayDouble, type AmazonPayDouble } from "./server";

/*
 * The checkout.js stand-in and the double's hosted pages in a real browser. The test page is served by a
 * tiny shop of its own on 127.0.0.1 that signs its button payloads with the merchant's key (signPayload),
 * as the shop's server does; the checks afterwards go through the shop's API client. Nothing leaves
 * 127.0.0.1: every other request is aborted and recorded, and each test asserts there was none.
 */

const AXE = readFileSync(new URL("../../../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_KEY_ID = "SANDBOX-AHEGSJCM3XHT2RRSPDRRBVHO";
const STORE_ID = "amzn1.application-oa2-client.testdouble";
const ORDER_AMOUNT = { amount: "104.85", currencyCode: "EUR" };

let double: AmazonPayDouble;
let client: AmazonPayClient;
let shop: Server;
let shopUrl: string;
let browser: Browser;

/** The button options a shop page renders; `variant` picks the flow under test. */
function buttonOptions(variant: string): Record<string, unknown> {
  const base = { merchantId: "A2TESTDOUBLEMERCHANT", publicKeyId: PUBLIC_KEY_ID, ledgerCurrency: "EUR", checkoutLanguage: "en_GB", buttonColor: "Gold" };
  if (variant === "signin") {
    const payloadJSON = JSON.stringify({ signInReturnUrl: `${shopUrl}signed-in`, storeId: STORE_ID, signInScopes: ["name", "email"] });
    return { ...base, productType: "SignIn", placement: "Other", signInConfig: { payloadJSON, signature: signPayload(payloadJSON, keys.privateKey), algorithm: AMAZON_PAY_ALGORITHM } };
  }
  const payloadJSON = JSON.stringify({
    webCheckoutDetails: { checkoutReviewReturnUrl: `${shopUrl}review`, checkoutCancelUrl: `${shopUrl}cancel` },
    storeId: STORE_ID,
    scopes: ["name", "email", "phoneNumber", "billingAddress"],
  });
  const signature = signPayload(payloadJSON, keys.privateKey);
  // Tampered: the shop's signature over one payload, sent with another return URL.
  const sent = variant === "tampered" ? payloadJSON.replace(`${shopUrl}review`, `${shopUrl}elsewhere`) : payloadJSON;
  const config = { payloadJSON: sent, signature, algorithm: AMAZON_PAY_ALGORITHM };
  if (variant === "decoupled") return { ...base, productType: "PayAndShip", placement: "Product", estimatedOrderAmount: ORDER_AMOUNT, decoupledConfig: config };
  return { ...base, productType: "PayAndShip", placement: "Cart", estimatedOrderAmount: ORDER_AMOUNT, createCheckoutSessionConfig: config };
}

function shopPage(title: string, body: string, script = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main>
<script src="${double.checkoutScriptUrl}"></script>
<script>${script}</script></body></html>`;
}

function shopAnswer(url: URL): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  if (url.pathname === "/checkout" || url.pathname === "/login") {
    const variant = url.searchParams.get("variant") ?? (url.pathname === "/login" ? "signin" : "pay");
    const options = buttonOptions(variant);
    const script =
      variant === "decoupled"
        ? `const options = ${json(options)}; window.config = options.decoupledConfig; delete options.decoupledConfig;
           window.clicks = 0;
           window.button = amazon.Pay.renderButton("#amazon-pay", options);
           window.button.onClick(() => { window.clicks += 1; });`
        : `window.button = amazon.Pay.renderButton("#amazon-pay", ${json(options)});`;
    return shopPage(url.pathname === "/login" ? "Log in" : "Confirm", `<div id="amazon-pay"></div>`, script);
  }
  if (url.pathname === "/review") {
    const id = url.searchParams.get("amazonCheckoutSessionId") ?? "";
    return shopPage(
      "Review",
      `<button type="button" id="change-address">Change address</button> <button type="button" id="change-payment">Change payment</button>`,
      `amazon.Pay.bindChangeAction("#change-address", { amazonCheckoutSessionId: ${json(id)}, changeAction: "changeAddress" });
       amazon.Pay.bindChangeAction("#change-payment", { amazonCheckoutSessionId: ${json(id)}, changeAction: "changePayment" });`,
    );
  }
  return shopPage(url.pathname.slice(1) || "Shop", "");
}

beforeAll(async () => {
  double = await startAmazonPayDouble({ publicKeyId: PUBLIC_KEY_ID, publicKey: keys.publicKey });
  client = createAmazonPayClient({ baseUrl: double.url, publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "de" });
  shop = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(shopAnswer(new URL(request.url ?? "/", shopUrl)));
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => shop.close(() => resolve()));
  await double.close();
});

/** A fresh browser context; `offline` collects every request that tried to leave 127.0.0.1. */
async function openPage(path: string): Promise<{ page: Page; offline: string[] }> {
  const context = await browser.newContext();
  const offline: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1") return route.continue();
    offline.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(`${shopUrl}${path}`);
  return { page, offline };
}

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    return (await axe.run(document)).violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
  });
}

/** The double's page: its heading, the notice, and no axe violations. */
async function expectHostedPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Amazon Pay test double" }).isVisible()).resolves.toBe(true);
  expect(await page.textContent("body")).toContain("Test double: no real payment");
  expect(await axeViolations(page)).toEqual([]);
}

const sessionIdOf = (page: Page) => new URL(page.url()).searchParams.get("amazonCheckoutSessionId")!;

/** Amazon Pay button → the double's first page → Continue to shop → the shop's review page. */
async function checkoutToReview(page: Page, choose: (page: Page) => Promise<void> = async () => undefined): Promise<string> {
  await page.getByRole("button", { name: "Amazon Pay" }).click();
  await page.waitForURL(/\/checkout\/select\?/);
  await choose(page);
  await page.getByRole("button", { name: "Continue to shop" }).click();
  await page.waitForURL(new RegExp(`^${shopUrl}review\\?amazonCheckoutSessionId=`));
  return sessionIdOf(page);
}

/** What the shop does on Place order: result URL, amount, intent; returns amazonPayRedirectUrl. */
async function placeOrder(id: string): Promise<string> {
  const session = await client.updateCheckoutSession(id, {
    webCheckoutDetails: { checkoutResultReturnUrl: `${shopUrl}result` },
    paymentDetails: { paymentIntent: "AuthorizeWithCapture", chargeAmount: ORDER_AMOUNT, canHandlePendingAuthorization: false },
    merchantMetadata: { merchantReferenceId: "10001", merchantStoreName: "Vitrine", noteToBuyer: null, customInformation: null },
  });
  expect(session.webCheckoutDetails.amazonPayRedirectUrl).toMatch(new RegExp(`^${double.url}/`));
  return session.webCheckoutDetails.amazonPayRedirectUrl!;
}

describe("checkout.js stand-in and hosted pages in Chromium", () => {
  it("Amazon Pay → choose address → review with the buyer and address in the API → pay → Completed", async () => {
    const { page, offline } = await openPage("checkout");
    const recorded = await page.evaluate(() => (window as unknown as { __fakes: { amazonPay: { buttons: { options: Record<string, unknown> }[] } } }).__fakes.amazonPay.buttons);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.options).toMatchObject({ merchantId: "A2TESTDOUBLEMERCHANT", ledgerCurrency: "EUR", checkoutLanguage: "en_GB", productType: "PayAndShip", placement: "Cart", buttonColor: "Gold" });
    expect(await page.textContent("#amazon-pay")).toContain("Test double: no real payment");
    expect(await axeViolations(page)).toEqual([]);

    const id = await checkoutToReview(page, async (hosted) => {
      await expectHostedPage(hosted);
      await hosted.getByLabel("Max Mustermann, Unter den Linden 1, 10117 Berlin, DE").check();
    });
    const session = await client.getCheckoutSession(id);
    expect(session).toMatchObject({
      statusDetails: { state: "Open" },
      buyer: { name: "Erika Mustermann", email: "erika@example.test" },
      shippingAddress: { name: "Max Mustermann", addressLine1: "Unter den Linden 1", city: "Berlin", countryCode: "DE" },
      paymentPreferences: [{ paymentDescriptor: "Visa ****1111" }],
      storeId: STORE_ID,
    });

    await page.goto(await placeOrder(id));
    await expectHostedPage(page);
    expect(await page.textContent("main")).toContain("104.85 EUR");
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await page.waitForURL(`${shopUrl}result?amazonCheckoutSessionId=${id}`);
    const completed = await client.completeCheckoutSession(id, { chargeAmount: ORDER_AMOUNT }, { idempotencyKey: randomUUID() });
    expect(completed.statusDetails.state).toBe("Completed");
    expect((await client.getCharge(completed.chargeId!)).statusDetails.state).toBe("Captured");
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("Change address and Change payment lead to the double's pages and back to the review with the session updated", async () => {
    const { page, offline } = await openPage("checkout");
    const id = await checkoutToReview(page);

    await page.getByRole("button", { name: "Change address" }).click();
    await page.waitForURL(/\/checkout\/change\?/);
    await expectHostedPage(page);
    await expect(page.getByRole("heading", { name: "Change address" }).isVisible()).resolves.toBe(true);
    await page.getByLabel("Max Mustermann, Unter den Linden 1, 10117 Berlin, DE").check();
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await page.waitForURL(`${shopUrl}review?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).shippingAddress).toMatchObject({ city: "Berlin" });

    await page.getByRole("button", { name: "Change payment" }).click();
    await page.waitForURL(/\/checkout\/change\?/);
    await expectHostedPage(page);
    await page.getByLabel("Visa ****3434 (simulation: declined at completion)").check();
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await page.waitForURL(`${shopUrl}review?amazonCheckoutSessionId=${id}`);
    const changed = await client.getCheckoutSession(id);
    expect(changed).toMatchObject({ shippingAddress: { city: "Berlin" }, paymentPreferences: [{ paymentDescriptor: "Visa ****3434" }] });

    // Cancel on a change page keeps the session as it was.
    await page.getByRole("button", { name: "Change address" }).click();
    await page.waitForURL(/\/checkout\/change\?/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${shopUrl}review?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).shippingAddress).toMatchObject({ city: "Berlin" });

    // The …3434 card is Amazon's sandbox decline: the session is canceled at completion.
    await page.goto(await placeOrder(id));
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await page.waitForURL(`${shopUrl}result?amazonCheckoutSessionId=${id}`);
    const refused = await client.completeCheckoutSession(id, { chargeAmount: ORDER_AMOUNT }, { idempotencyKey: randomUUID() }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AmazonPayApiError);
    expect((refused as AmazonPayApiError).reasonCode).toBe("CheckoutSessionCanceled");
    expect((await client.getCheckoutSession(id)).statusDetails).toMatchObject({ state: "Canceled", reasonCode: "Declined" });
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("Cancel: on the first page back to checkoutCancelUrl (session left Open); on the payment page Canceled with BuyerCanceled", async () => {
    const { page, offline } = await openPage("checkout");
    await page.getByRole("button", { name: "Amazon Pay" }).click();
    await page.waitForURL(/\/checkout\/select\?/);
    const first = sessionIdOf(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${shopUrl}cancel`);
    expect(await client.getCheckoutSession(first)).toMatchObject({ statusDetails: { state: "Open" }, buyer: null });

    await page.goto(`${shopUrl}checkout`);
    const id = await checkoutToReview(page);
    await page.goto(await placeOrder(id));
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${shopUrl}result?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).statusDetails).toMatchObject({ state: "Canceled", reasonCode: "BuyerCanceled" });
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("refuses a payload whose signature does not verify: an error on the double's page, no checkout session", async () => {
    const before = double.checkoutSessionCount();
    const { page, offline } = await openPage("checkout?variant=tampered");
    await page.getByRole("button", { name: "Amazon Pay" }).click();
    await page.waitForURL(`${double.url}/checkout/start`);
    await expectHostedPage(page);
    expect(await page.getByRole("alert").textContent()).toContain("signature does not match");
    expect(double.checkoutSessionCount()).toBe(before);
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("the decoupled flow: onClick stops the button, initCheckout starts the checkout", async () => {
    const { page, offline } = await openPage("checkout?variant=decoupled");
    await page.getByRole("button", { name: "Amazon Pay" }).click();
    await page.waitForFunction(() => (window as unknown as { clicks: number }).clicks === 1);
    expect(page.url()).toBe(`${shopUrl}checkout?variant=decoupled`);
    // The shop has added the product to the cart; now it starts the checkout.
    await page.evaluate(() => {
      const window_ = window as unknown as { button: { initCheckout: (config: object) => void }; config: object };
      window_.button.initCheckout({ createCheckoutSessionConfig: window_.config });
    });
    await page.waitForURL(/\/checkout\/select\?/);
    expect((await client.getCheckoutSession(sessionIdOf(page))).statusDetails.state).toBe("Open");
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("checks the button's options and the change action as Amazon's script does", async () => {
    const { page } = await openPage("checkout");
    const errors = await page.evaluate(() => {
      const pay = (window as unknown as { amazon: { Pay: { renderButton: (selector: string, options: object) => unknown; bindChangeAction: (selector: string, options: object) => void } } }).amazon.Pay;
      const attempt = (run: () => unknown) => {
        try {
          run();
          return "";
        } catch (error) {
          return String(error);
        }
      };
      const valid = { merchantId: "M", ledgerCurrency: "EUR", placement: "Cart" };
      return [
        attempt(() => pay.renderButton("#amazon-pay", { ...valid, placement: "Basket" })),
        attempt(() => pay.renderButton("#amazon-pay", { ...valid, ledgerCurrency: "CHF" })),
        attempt(() => pay.renderButton("#amazon-pay", { ...valid, merchantId: "" })),
        attempt(() => pay.renderButton("#amazon-pay", { ...valid, productType: "SignIn" })),
        attempt(() => pay.renderButton("#amazon-pay", { ...valid, createCheckoutSessionConfig: { payloadJSON: "{}" } })),
        attempt(() => pay.renderButton("#nowhere", valid)),
        attempt(() => pay.bindChangeAction("#amazon-pay", { amazonCheckoutSessionId: "x", changeAction: "changeColor" })),
      ];
    });
    expect(errors).toEqual([
      expect.stringContaining("placement must be one of"),
      expect.stringContaining("ledgerCurrency must be one of"),
      expect.stringContaining("merchantId is required"),
      expect.stringContaining("signInConfig is required"),
      expect.stringContaining("createCheckoutSessionConfig.signature is required"),
      expect.stringContaining("no element matches #nowhere"),
      expect.stringContaining("changeAction must be one of"),
    ]);
    await page.context().close();
  });

  it("Sign in with Amazon returns a buyer token that GET buyers resolves; signout is recorded", async () => {
    const { page, offline } = await openPage("login");
    const signouts = await page.evaluate(() => {
      const window_ = window as unknown as { amazon: { Pay: { signout: () => void } }; __fakes: { amazonPay: { signouts: number } } };
      window_.amazon.Pay.signout();
      return window_.__fakes.amazonPay.signouts;
    });
    expect(signouts).toBe(1);
    await page.getByRole("button", { name: "Sign in with Amazon" }).click();
    await page.waitForURL(/\/signin\?signInId=/);
    await expectHostedPage(page);
    await page.getByLabel("Max Mustermann (max@example.test)").check();
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await page.waitForURL(new RegExp(`^${shopUrl}signed-in\\?buyerToken=`));
    const token = new URL(page.url()).searchParams.get("buyerToken")!;
    expect(await client.getBuyer(token)).toMatchObject({ buyerId: "amzn1.account.TESTDOUBLEBUYER0000000001", name: "Max Mustermann", email: "max@example.test" });

    // Cancel goes back to the page the button was on, with no token.
    await page.goto(`${shopUrl}login`);
    await page.getByRole("button", { name: "Sign in with Amazon" }).click();
    await page.waitForURL(/\/signin\?signInId=/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${shopUrl}login`);
    expect(offline).toEqual([]);
    await page.context().close();
  });
});

describe("the double's button endpoints over plain HTTP", () => {
  const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), redirect: "manual" as const });
  const signed = (payload: object, overrides: Record<string, string> = {}) => {
    const payloadJSON = JSON.stringify(payload);
    return { payloadJSON, signature: signPayload(payloadJSON, keys.privateKey), algorithm: AMAZON_PAY_ALGORITHM, publicKeyId: PUBLIC_KEY_ID, ...overrides };
  };
  const checkoutPayload = () => ({ webCheckoutDetails: { checkoutReviewReturnUrl: `${shopUrl}review` }, storeId: STORE_ID });

  it("serves checkout.js as a test double", async () => {
    const response = await fetch(double.checkoutScriptUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("x-test-double")).toBe("amazon-pay");
    expect(await response.text()).toContain("amazon.Pay");
  });

  it("refuses a tampered sign-in payload, another merchant's key id, another algorithm and a payload Amazon would refuse", async () => {
    const before = double.checkoutSessionCount();
    const signIn = signed({ signInReturnUrl: `${shopUrl}signed-in`, storeId: STORE_ID });
    const tampered = await fetch(`${double.url}/signin/start`, form({ ...signIn, payloadJSON: signIn.payloadJSON.replace("signed-in", "elsewhere") }));
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("signature does not match");
    const otherKey = await fetch(`${double.url}/checkout/start`, form(signed(checkoutPayload(), { publicKeyId: "SANDBOX-SOMEONEELSE" })));
    expect(otherKey.status).toBe(400);
    expect(await otherKey.text()).toContain("is not registered");
    const otherAlgorithm = await fetch(`${double.url}/checkout/start`, form(signed(checkoutPayload(), { algorithm: "AMZN-PAY-RSASSA-PSS" })));
    expect(otherAlgorithm.status).toBe(400);
    const noStore = await fetch(`${double.url}/checkout/start`, form(signed({ webCheckoutDetails: { checkoutReviewReturnUrl: `${shopUrl}review` } })));
    expect(noStore.status).toBe(400);
    expect(await noStore.text()).toContain("MissingParameterValue");
    expect(double.checkoutSessionCount()).toBe(before);
  });

  it("asks for no shipping address for PayOnly, refuses the payment page before the session is ready, and has no page for an unknown session", async () => {
    const started = await fetch(`${double.url}/checkout/start`, form({ ...signed(checkoutPayload()), productType: "PayOnly" }));
    expect(started.status).toBe(303);
    const select = await fetch(new URL(started.headers.get("location")!, double.url));
    const html = await select.text();
    expect(html).toContain("Payment method");
    expect(html).not.toContain("Shipping address");
    // amazonPayRedirectUrl's page before the session is ready: nothing to pay, nothing changed.
    const processing = await fetch(`${double.url}/checkout/processing?amazonCheckoutSessionId=${new URL(started.headers.get("location")!, double.url).searchParams.get("amazonCheckoutSessionId")}`, form({ action: "cancel" }));
    expect(processing.status).toBe(422);
    expect(await processing.text()).toContain("BuyerNotAssociated");
    const unknown = await fetch(`${double.url}/checkout/select?amazonCheckoutSessionId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });
});
