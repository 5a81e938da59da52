import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../../chromium";
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startPayPalDouble, type PayPalDouble } from "./server";
import { fetchToken, orderRequest, paypalClient } from "./test-client";

/*
 * The SDK stand-in in a real browser, loaded the way the storefront loads PayPal's SDK: @paypal/paypal-js
 * `loadScript` with `sdkBaseUrl` pointing at the double. The page's server creates orders through the
 * double's REST API, as the shop does; nothing leaves 127.0.0.1.
 */

const LOADER = readFileSync(new URL("../../../../node_modules/@paypal/paypal-js/dist/iife/paypal-js.min.js", import.meta.url), "utf8");
const AXE = readFileSync(new URL("../../../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

let double: PayPalDouble;
let call: ReturnType<typeof paypalClient>;
let pageServer: Server;
let pageUrl: string;
let browser: Browser;

function testPage(doubleUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout with the PayPal double</title></head>
<body><main>
<h1>Checkout</h1>
<section aria-label="PayPal"><div id="buttons"></div></section>
<section aria-label="Pay Later offer"><div id="messages"></div></section>
<section aria-label="Card payment"><div id="number"></div><div id="expiry"></div><div id="cvv"></div><div id="name"></div></section>
</main>
<script src="/paypal-js.js"></script>
<script>
window.events = [];
async function createOrder() {
  const response = await fetch("/create-order", { method: "POST" });
  return (await response.json()).id;
}
window.ready = (async () => {
  const paypal = await window.paypalLoadScript({
    clientId: ${JSON.stringify(DOUBLE_CLIENT_ID)},
    sdkBaseUrl: ${JSON.stringify(`${doubleUrl}/sdk/js`)},
    components: "buttons,messages,card-fields,funding-eligibility,googlepay,applepay",
    currency: "EUR",
  });
  window.sdk = paypal;
  await paypal.Buttons({
    style: { color: "gold", height: 40 },
    createOrder,
    onApprove: async (data) => { window.events.push({ type: "approve", data }); },
    onCancel: (data) => { window.events.push({ type: "cancel", data }); },
    onError: (error) => { window.events.push({ type: "error", message: String(error) }); },
  }).render("#buttons");
  await paypal.Messages({ amount: 100, currency: "EUR", style: { layout: "text" } }).render("#messages");
  window.cardFields = paypal.CardFields({
    createOrder,
    onApprove: (data) => { window.events.push({ type: "card-approve", data }); },
    onError: (error) => { window.events.push({ type: "card-error", message: String(error) }); },
  });
  await window.cardFields.NumberField({}).render("#number");
  await window.cardFields.ExpiryField({}).render("#expiry");
  await window.cardFields.CVVField({}).render("#cvv");
  await window.cardFields.NameField({}).render("#name");
})();
</script></body></html>`;
}

beforeAll(async () => {
  double = await startPayPalDouble({ clientId: DOUBLE_CLIENT_ID, clientSecret: DOUBLE_CLIENT_SECRET });
  call = paypalClient(double.url, (await fetchToken(double.url, DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET)).body.access_token);
  const html = testPage(double.url);
  pageServer = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/paypal-js.js") {
        response.writeHead(200, { "Content-Type": "application/javascript" }).end(LOADER);
      } else if (request.url === "/create-order" && request.method === "POST") {
        void call("POST", "/v2/checkout/orders", orderRequest()).then((answer) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: answer.body.id })));
      } else {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
      }
    });
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => pageServer.close(() => resolve()));
  await double.close();
});

/** A fresh page with the widgets rendered; `offline` collects every request that tried to leave 127.0.0.1. */
async function openPage(): Promise<{ page: Page; offline: string[] }> {
  const context = await browser.newContext();
  const offline: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1") return route.continue();
    offline.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready);
  return { page, offline };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's event log
type Events = { type: string; data?: any; message?: string }[];
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: Events }).events);

describe("PayPal SDK stand-in in Chromium", () => {
  it("approves through the dialog: onApprove gets the order id and the order is APPROVED; the dialog passes axe", async () => {
    const { page, offline } = await openPage();
    const button = page.getByRole("button", { name: "Pay with PayPal" });
    await expect(button.isVisible()).resolves.toBe(true);
    await button.click();
    const dialog = page.getByRole("dialog", { name: "PayPal test double" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Test double: no real payment");
    expect(await dialog.textContent()).toContain("€104.85");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve payment");

    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
      return (await axe.run(document)).violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
    });
    expect(violations).toEqual([]);

    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForFunction(() => (window as unknown as { events: Events }).events.some((event) => event.type === "approve"));
    const approval = (await events(page)).find((event) => event.type === "approve")!;
    expect(approval.data).toMatchObject({ orderID: expect.stringMatching(/^[A-Z0-9]{17}$/), payerID: expect.any(String), facilitatorAccessToken: expect.any(String), paymentSource: "paypal" });
    const order = await call("GET", `/v2/checkout/orders/${approval.data.orderID}`);
    expect(order.body.status).toBe("APPROVED");
    expect(await dialog.count()).toBe(0);
    expect(offline).toEqual([]);
    await page.context().close();
  });

  it("cancels: onCancel gets the order id, the order is unchanged, Escape cancels and the focus returns", async () => {
    const { page } = await openPage();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForFunction(() => (window as unknown as { events: Events }).events.some((event) => event.type === "cancel"));
    const cancel = (await events(page)).find((event) => event.type === "cancel")!;
    expect((await call("GET", `/v2/checkout/orders/${cancel.data.orderID}`)).body.status).toBe("CREATED");

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("dialog", { name: "PayPal test double" }).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => (window as unknown as { events: Events }).events.filter((event) => event.type === "cancel").length === 2);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pay with PayPal");
    await page.context().close();
  });

  it("renders named card fields, reports an empty form invalid, and approves 4111 1111 1111 1111", async () => {
    const { page } = await openPage();
    for (const name of ["Card number", "Expiry date", "Security code", "Name on card"]) {
      await expect(page.getByRole("textbox", { name }).isVisible()).resolves.toBe(true);
    }
    const empty = await page.evaluate(() => (window as unknown as { cardFields: { getState: () => Promise<{ isFormValid: boolean; errors: string[] }> } }).cardFields.getState());
    expect(empty.isFormValid).toBe(false);
    expect(empty.errors).toEqual(expect.arrayContaining(["INVALID_NUMBER", "INVALID_EXPIRY", "INVALID_CVV"]));

    const year = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
    await page.getByRole("textbox", { name: "Card number" }).fill("4111 1111 1111 1111");
    await page.getByRole("textbox", { name: "Expiry date" }).fill(`12/${year}`);
    await page.getByRole("textbox", { name: "Security code" }).fill("123");
    await page.getByRole("textbox", { name: "Name on card" }).fill("Erika Mustermann");
    const filled = await page.evaluate(() => (window as unknown as { cardFields: { getState: () => Promise<{ isFormValid: boolean }> } }).cardFields.getState());
    expect(filled.isFormValid).toBe(true);
    // Like PayPal's iframes, the fields never belong to the page's form: a card number is never posted with it.
    const named = await page.evaluate(() => Array.from(document.querySelectorAll("[data-card-field] input")).filter((input) => input.hasAttribute("name")).length);
    expect(named).toBe(0);
    await page.evaluate(() => (window as unknown as { cardFields: { submit: () => Promise<void> } }).cardFields.submit());
    const approval = (await events(page)).find((event) => event.type === "card-approve")!;
    expect(approval.data).toMatchObject({ orderID: expect.any(String), liabilityShift: "POSSIBLE" });
    const order = await call("GET", `/v2/checkout/orders/${approval.data.orderID}`);
    expect(order.body).toMatchObject({ status: "APPROVED", payment_source: { card: { last_digits: "1111", brand: "VISA" } } });
    await page.context().close();
  });

  it("shows the Pay Later instalments, and Venmo is not eligible for EUR", async () => {
    const { page } = await openPage();
    const text = await page.locator("#messages").textContent();
    expect(text).toContain("Pay in 3 interest-free payments of €33.33 with PayPal. Learn more");
    const eligibility = await page.evaluate(() => {
      const sdk = (window as unknown as { sdk: { isFundingEligible: (source: string) => boolean; Buttons: (options: object) => { isEligible: () => boolean } } }).sdk;
      return { venmo: sdk.isFundingEligible("venmo"), venmoButton: sdk.Buttons({ fundingSource: "venmo" }).isEligible(), paylater: sdk.isFundingEligible("paylater"), sepa: sdk.isFundingEligible("sepa"), applepay: sdk.isFundingEligible("applepay") };
    });
    expect(eligibility).toEqual({ venmo: false, venmoButton: false, paylater: true, sepa: true, applepay: false });

    // A second SDK under its own namespace, as the loader asks with data-namespace.
    const namespaced = await page.evaluate(async (doubleUrl) => {
      const load = (window as unknown as { paypalLoadScript: (options: object) => Promise<unknown> }).paypalLoadScript;
      await load({ clientId: "test-double-client", sdkBaseUrl: `${doubleUrl}/sdk/js`, currency: "USD", dataNamespace: "paypalUsd" });
      const sdk = (window as unknown as { paypalUsd?: { isFundingEligible: (source: string) => boolean } }).paypalUsd;
      return { loaded: sdk !== undefined, venmo: sdk?.isFundingEligible("venmo") };
    }, double.url);
    expect(namespaced).toEqual({ loaded: true, venmo: true });
    await page.context().close();
  });

  it("declines at capture when the buyer chooses Decline payment", async () => {
    const { page } = await openPage();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.waitForFunction(() => (window as unknown as { events: Events }).events.some((event) => event.type === "approve"));
    const approval = (await events(page)).find((event) => event.type === "approve")!;
    const capture = await call("POST", `/v2/checkout/orders/${approval.data.orderID}/capture`, {});
    expect(capture.status).toBe(422);
    expect(capture.body.details[0].issue).toBe("INSTRUMENT_DECLINED");
    await page.context().close();
  });

  it("stops at onClick while the buttons are disabled, and shows Google Pay through pay.js and Googlepay()", async () => {
    const { page } = await openPage();
    await page.evaluate(async () => {
      const sdk = (window as unknown as { sdk: { Buttons: (options: object) => { render: (container: string) => Promise<void> } } }).sdk;
      const log = (window as unknown as { events: Events }).events;
      const holder = document.createElement("div");
      holder.id = "paylater";
      document.querySelector("main")!.append(holder);
      await sdk
        .Buttons({
          fundingSource: "paylater",
          onInit: (_data: unknown, actions: { disable: () => Promise<void> }) => void actions.disable(),
          onClick: () => void log.push({ type: "click" }),
          createOrder: () => {
            log.push({ type: "create" });
            return Promise.resolve("NEVER");
          },
        })
        .render("#paylater");
    });
    const payLater = page.getByRole("button", { name: "Pay Later" });
    expect(await payLater.getAttribute("aria-disabled")).toBe("true");
    // aria-disabled, as a disabled PayPal button still answers clicks with onClick: Playwright must be told to click.
    await payLater.click({ force: true });
    await page.waitForFunction(() => (window as unknown as { events: Events }).events.some((event) => event.type === "click"));
    expect((await events(page)).map((event) => event.type)).not.toContain("create");

    await page.addScriptTag({ url: `${double.url}/google/pay.js` });
    const orderId = await page.evaluate(() => fetch("/create-order", { method: "POST" }).then((response) => response.json()).then((body: { id: string }) => body.id));
    const googlePay = await page.evaluate(async (id) => {
      type Client = { isReadyToPay: (request: object) => Promise<{ result: boolean }>; createButton: (options: object) => HTMLElement; loadPaymentData: (request: object) => Promise<{ paymentMethodData: unknown }> };
      const google = (window as unknown as { google: { payments: { api: { PaymentsClient: new (options: object) => Client } } } }).google;
      const sdk = (window as unknown as { sdk: { Googlepay: () => { config: () => Promise<{ isEligible: boolean; allowedPaymentMethods: object[] }>; confirmOrder: (request: object) => Promise<{ status: string }> } } }).sdk;
      const googlepay = sdk.Googlepay();
      const config = await googlepay.config();
      const client = new google.payments.api.PaymentsClient({ environment: "TEST" });
      const ready = await client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: config.allowedPaymentMethods });
      document.querySelector("main")!.append(client.createButton({ onClick: () => undefined }));
      const paymentData = await client.loadPaymentData({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: config.allowedPaymentMethods });
      const confirmed = await googlepay.confirmOrder({ orderId: id, paymentMethodData: paymentData.paymentMethodData });
      return { eligible: config.isEligible, ready: ready.result, status: confirmed.status };
    }, orderId);
    expect(googlePay).toEqual({ eligible: true, ready: true, status: "APPROVED" });
    await expect(page.getByRole("button", { name: "Google Pay" }).isVisible()).resolves.toBe(true);
    const order = await call("GET", `/v2/checkout/orders/${orderId}`);
    expect(order.body).toMatchObject({ status: "APPROVED", payment_source: { google_pay: { card: { last_digits: "1111" } } } });
    await page.context().close();
  });
});
