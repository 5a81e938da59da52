import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startPayPalDouble, type PayPalDouble } from "./server";
import { fetchToken, orderRequest, paypalClient } from "./test-client";

/* The double's behaviour beyond the schemas: idempotency, the sandbox's switches, amounts, webhooks. */

const ORDERS = "/v2/checkout/orders";
let double: PayPalDouble;
let call: ReturnType<typeof paypalClient>;
let webhookServer: Server;
const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  webhookServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhook`;
  double = await startPayPalDouble({ clientId: DOUBLE_CLIENT_ID, clientSecret: DOUBLE_CLIENT_SECRET, webhook: { url, id: "WEBHOOK1" } });
  call = paypalClient(double.url, (await fetchToken(double.url, DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET)).body.access_token);
});

afterAll(async () => {
  await double.close();
  await new Promise<void>((resolve) => webhookServer.close(() => resolve()));
});

async function approvedOrder(body: object = orderRequest()): Promise<string> {
  const created = await call("POST", ORDERS, body);
  expect(created.status).toBe(201);
  double.approve(created.body.id);
  return created.body.id;
}

describe("PayPal double: idempotency (PayPal-Request-Id)", () => {
  it("answers a repeated create with the very same order and creates nothing new", async () => {
    const headers = { "PayPal-Request-Id": "idem-create-1", Prefer: "return=representation" };
    const first = await call("POST", ORDERS, orderRequest(), headers);
    const second = await call("POST", ORDERS, orderRequest({ value: "1.00" }), headers);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    const other = await call("POST", ORDERS, orderRequest(), { ...headers, "PayPal-Request-Id": "idem-create-2" });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it("captures once among 20 concurrent captures with one request id, all answered alike", async () => {
    const id = await approvedOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", `${ORDERS}/${id}/capture`, {}, { "PayPal-Request-Id": "idem-capture-1" })));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    const captureIds = new Set(answers.map((answer) => answer.body.purchase_units[0].payments.captures[0].id));
    expect(captureIds.size).toBe(1);
    const order = await call("GET", `${ORDERS}/${id}`);
    expect(order.body.purchase_units[0].payments.captures).toHaveLength(1);

    const otherId = await call("POST", `${ORDERS}/${id}/capture`, {}, { "PayPal-Request-Id": "idem-capture-2" });
    expect(otherId.status).toBe(422);
    expect(otherId.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");
    const noId = await call("POST", `${ORDERS}/${id}/capture`, {});
    expect(noId.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");
  });

  it("keeps request ids apart per endpoint", async () => {
    const id = await approvedOrder();
    const created = await call("POST", ORDERS, orderRequest(), { "PayPal-Request-Id": "shared-id" });
    const captured = await call("POST", `${ORDERS}/${id}/capture`, {}, { "PayPal-Request-Id": "shared-id" });
    expect(created.status).toBe(201);
    expect(captured.status).toBe(201);
    expect(captured.body.id).toBe(id);
  });
});

describe("PayPal double: the sandbox's negative testing (PayPal-Mock-Response)", () => {
  it.each(["INSTRUMENT_DECLINED", "DUPLICATE_INVOICE_ID", "TRANSACTION_REFUSED", "PAYER_ACTION_REQUIRED"])("answers %s on capture", async (code) => {
    const id = await approvedOrder();
    const answer = await call("POST", `${ORDERS}/${id}/capture`, {}, { "PayPal-Mock-Response": JSON.stringify({ mock_application_codes: code }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: code }] });
    const order = await call("GET", `${ORDERS}/${id}`);
    expect(order.body.status).toBe("APPROVED");
  });

  it.each(["PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED", "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"])("answers %s on create", async (code) => {
    const answer = await call("POST", ORDERS, orderRequest(), { "PayPal-Mock-Response": JSON.stringify({ mock_application_codes: code }) });
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].issue).toBe(code);
  });
});

describe("PayPal double: declines, invoices and amounts", () => {
  it("declines at capture what the buyer approved with a declining instrument", async () => {
    const created = await call("POST", ORDERS, orderRequest());
    double.decline(created.body.id);
    const answer = await call("POST", `${ORDERS}/${created.body.id}/capture`, {});
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].issue).toBe("INSTRUMENT_DECLINED");
    expect(answer.body.links).toContainEqual(expect.objectContaining({ rel: "redirect" }));
  });

  it("refuses a second completed order with the same invoice id", async () => {
    const first = await approvedOrder(orderRequest({ invoiceId: "INV-1" }));
    expect((await call("POST", `${ORDERS}/${first}/capture`, {})).status).toBe(201);
    const second = await approvedOrder(orderRequest({ invoiceId: "INV-1" }));
    const duplicate = await call("POST", `${ORDERS}/${second}/capture`, {});
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.details[0].issue).toBe("DUPLICATE_INVOICE_ID");
    // What SwagPayPal does next: remove the invoice id and capture again.
    const removed = await call("PATCH", `${ORDERS}/${second}`, [{ op: "remove", path: "/purchase_units/@reference_id=='default'/invoice_id" }]);
    expect(removed.status).toBe(204);
    expect((await call("POST", `${ORDERS}/${second}/capture`, {})).status).toBe(201);
  });

  it("checks the breakdown and the items to the cent", async () => {
    const wrongTotal = await call("POST", ORDERS, orderRequest({ value: "104.84" }));
    expect(wrongTotal.status).toBe(422);
    expect(wrongTotal.body.details[0]).toMatchObject({ issue: "AMOUNT_MISMATCH", field: "/purchase_units/0/amount/value" });

    const items = orderRequest();
    items.purchase_units[0]!.items[0]!.quantity = "3";
    const wrongItems = await call("POST", ORDERS, items);
    expect(wrongItems.status).toBe(422);
    expect(wrongItems.body.details[0].issue).toBe("ITEM_TOTAL_MISMATCH");

    const precise = await call("POST", ORDERS, orderRequest({ value: "104.850" }));
    expect(precise.status).toBe(422);
    expect(precise.body.details[0].issue).toBe("DECIMAL_PRECISION");

    const amountPatch = await call("POST", ORDERS, orderRequest());
    const patched = await call("PATCH", `${ORDERS}/${amountPatch.body.id}`, [
      {
        op: "replace",
        path: "/purchase_units/@reference_id=='default'/amount",
        value: { currency_code: "EUR", value: "109.85", breakdown: { item_total: { currency_code: "EUR", value: "99.90" }, shipping: { currency_code: "EUR", value: "9.95" } } },
      },
    ]);
    expect(patched.status).toBe(204);
    const badPatch = await call("PATCH", `${ORDERS}/${amountPatch.body.id}`, [
      { op: "replace", path: "/purchase_units/@reference_id=='default'/amount", value: { currency_code: "EUR", value: "5.00", breakdown: { item_total: { currency_code: "EUR", value: "4.00" } } } },
    ]);
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.details[0].issue).toBe("AMOUNT_MISMATCH");
  });

  it("answers a malformed body with 400 and a body over 1 MB with 413", async () => {
    const malformed = await fetch(`${double.url}${ORDERS}`, { method: "POST", headers: { Authorization: (await tokenHeader()), "Content-Type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { details: { issue: string }[] }).details[0]!.issue).toBe("MALFORMED_REQUEST_JSON");
    const huge = await fetch(`${double.url}${ORDERS}`, { method: "POST", headers: { Authorization: await tokenHeader(), "Content-Type": "application/json" }, body: JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) }) });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("x-test-double")).toBe("paypal");
  });

  it("answers unknown paths with a PayPal-shaped 404 and preflights with CORS", async () => {
    const unknown = await call("GET", "/v2/nothing/here");
    expect(unknown.status).toBe(404);
    expect(unknown.body.name).toBe("RESOURCE_NOT_FOUND");
    const preflight = await fetch(`${double.url}/buyer/orders/X/approve`, { method: "OPTIONS", headers: { Origin: "http://example.test", "Access-Control-Request-Method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("records what the shop sent", async () => {
    await call("POST", ORDERS, orderRequest(), { "PayPal-Request-Id": "recorded-1" });
    const last = double.received.filter((request) => request.path === ORDERS).at(-1)!;
    expect(last).toMatchObject({ method: "POST", headers: { "paypal-request-id": "recorded-1" }, body: { intent: "CAPTURE" } });
  });
});

describe("PayPal double: buyer side", () => {
  it("approves with a card, and declines PayPal's declining test card at capture", async () => {
    const good = await call("POST", ORDERS, orderRequest());
    const card = await fetch(`${double.url}/buyer/orders/${good.body.id}/card`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ number: "4111111111111111", expiry: "12/99", securityCode: "123", name: "Erika Mustermann" }) });
    expect(card.status).toBe(200);
    expect((await call("POST", `${ORDERS}/${good.body.id}/capture`, {})).status).toBe(201);

    const bad = await call("POST", ORDERS, orderRequest());
    await fetch(`${double.url}/buyer/orders/${bad.body.id}/card`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ number: "4000000000000002", expiry: "12/99", securityCode: "123", name: "Erika Mustermann" }) });
    const declined = await call("POST", `${ORDERS}/${bad.body.id}/capture`, {});
    expect(declined.body.details[0].issue).toBe("INSTRUMENT_DECLINED");

    const invalid = await call("POST", ORDERS, orderRequest());
    const typo = await fetch(`${double.url}/buyer/orders/${invalid.body.id}/card`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ number: "4111111111111112", expiry: "12/99", securityCode: "123", name: "E" }) });
    expect(typo.status).toBe(422);
  });

  it("leaves an order as it was when the buyer cancels, and voids on request", async () => {
    const created = await call("POST", ORDERS, orderRequest());
    const cancelled = await fetch(`${double.url}/buyer/orders/${created.body.id}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(204);
    expect((await call("GET", `${ORDERS}/${created.body.id}`)).body.status).toBe("CREATED");
    double.voidOrder(created.body.id);
    expect((await call("GET", `${ORDERS}/${created.body.id}`)).body.status).toBe("VOIDED");
  });

  it("serves the approve link as a page with the three choices", async () => {
    const created = await call("POST", ORDERS, orderRequest());
    const approve = created.body.links.find((link: { rel: string }) => link.rel === "approve");
    const page = await fetch(approve.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["PayPal test double", "Test double: no real payment", "Approve payment", "Decline payment", "Cancel payment", "104.85 EUR"]) expect(html).toContain(text);
  });

  it("serves the SDK stand-in only for the known client id", async () => {
    const sdk = await fetch(`${double.url}/sdk/js?client-id=${DOUBLE_CLIENT_ID}&components=buttons&currency=EUR`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get("content-type")).toContain("application/javascript");
    expect(await sdk.text()).toContain("Test double: no real payment");
    expect((await fetch(`${double.url}/sdk/js?components=buttons`)).status).toBe(400);
    expect((await fetch(`${double.url}/sdk/js?client-id=someone-else`)).status).toBe(400);
  });
});

describe("PayPal double: Pay upon invoice completing by itself", () => {
  it("moves a PUI order to COMPLETED after puiCompleteAfterMs", async () => {
    const auto = await startPayPalDouble({ clientId: "pui", clientSecret: "pui-secret", puiCompleteAfterMs: 0 });
    try {
      const client = paypalClient(auto.url, (await fetchToken(auto.url, "pui", "pui-secret")).body.access_token);
      const created = await client(
        "POST",
        ORDERS,
        {
          intent: "CAPTURE",
          processing_instruction: "ORDER_COMPLETE_ON_PAYMENT_APPROVAL",
          purchase_units: [{ amount: { currency_code: "EUR", value: "20.00" } }],
          payment_source: {
            pay_upon_invoice: {
              name: { given_name: "Erika", surname: "Mustermann" },
              email: "buyer@example.com",
              birth_date: "1990-01-01",
              phone: { national_number: "15123456789", country_code: "49" },
              billing_address: { address_line_1: "Heidestraße 17", admin_area_2: "Berlin", postal_code: "10557", country_code: "DE" },
            },
          },
        },
        { "PayPal-Request-Id": "pui-auto-1", "PayPal-Client-Metadata-Id": "fraudnet-1" },
      );
      expect(created.body.status).toBe("PENDING_APPROVAL");
      await vi.waitFor(async () => expect((await client("GET", `${ORDERS}/${created.body.id}`)).body.status).toBe("COMPLETED"));
    } finally {
      await auto.close();
    }
  });
});

describe("PayPal double: webhooks", () => {
  it("delivers PayPal's envelope with transmission headers, verifiable once and not when forged", async () => {
    const resource = { id: "8MC585209K746392H", status: "COMPLETED" };
    const { status } = await double.sendWebhook("CHECKOUT.ORDER.APPROVED", resource);
    expect(status).toBe(204);
    const delivery = deliveries.at(-1)!;
    for (const name of ["paypal-transmission-id", "paypal-transmission-time", "paypal-transmission-sig", "paypal-cert-url", "paypal-auth-algo"]) expect(delivery.headers[name]).toEqual(expect.any(String));
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ event_type: "CHECKOUT.ORDER.APPROVED", resource_type: "checkout-order", summary: expect.any(String), links: expect.any(Array), create_time: expect.any(String) });
    const request = {
      auth_algo: delivery.headers["paypal-auth-algo"],
      cert_url: delivery.headers["paypal-cert-url"],
      transmission_id: delivery.headers["paypal-transmission-id"],
      transmission_sig: delivery.headers["paypal-transmission-sig"],
      transmission_time: delivery.headers["paypal-transmission-time"],
      webhook_id: "WEBHOOK1",
      webhook_event: event,
    };
    expect((await call("POST", "/v1/notifications/verify-webhook-signature", request)).body.verification_status).toBe("SUCCESS");
    expect((await call("POST", "/v1/notifications/verify-webhook-signature", { ...request, webhook_id: "OTHERWEBHOOK" })).body.verification_status).toBe("FAILURE");
    expect((await call("POST", "/v1/notifications/verify-webhook-signature", { ...request, transmission_sig: "Zm9yZ2Vk" })).body.verification_status).toBe("FAILURE");
    expect((await call("POST", "/v1/notifications/verify-webhook-signature", { webhook_id: "WEBHOOK1" })).status).toBe(400);
  });
});

async function tokenHeader(): Promise<string> {
  return `Bearer ${(await fetchToken(double.url, DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET)).body.access_token}`;
}
