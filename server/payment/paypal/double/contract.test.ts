import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertRequest, assertResponse } from "./openapi-validator";
import { startPayPalDouble, type PayPalDouble } from "./server";
import { fetchToken, orderRequest, paypalClient, type Answer } from "./test-client";

/*
 * The double against PayPal's published contract: every answer below is validated against the response
 * schema the OpenAPI documents give for that operation and status, and every request body the test sends
 * against the request schema, so neither side drifts from PayPal's documents.
 */

const ORDERS = "/v2/checkout/orders";
const ORDER = "/v2/checkout/orders/{id}";
const WEBHOOK_ID = "8PT597110X687430LKGECATA";

let double: PayPalDouble;
let call: ReturnType<typeof paypalClient>;
let webhookServer: Server;
const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];

/** Sends `body` after checking it against the document's request schema. */
async function send(document: "orders" | "payments" | "webhooks", method: string, template: string, path: string, body?: unknown, headers?: Record<string, string>) {
  if (body !== undefined) assertRequest(document, template, method, body);
  return call(method, path, body, headers);
}

function valid(document: "orders" | "payments" | "webhooks", template: string, method: string, answer: Answer): Answer {
  assertResponse(document, template, method, answer.status, answer.body);
  expect(answer.headers.get("x-test-double")).toBe("paypal");
  return answer;
}

beforeAll(async () => {
  webhookServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/paypal/webhook`;
  double = await startPayPalDouble({ clientId: "contract-client", clientSecret: "contract-secret", webhook: { url: webhookUrl, id: WEBHOOK_ID } });
  const token = await fetchToken(double.url, "contract-client", "contract-secret");
  call = paypalClient(double.url, token.body.access_token);
});

afterAll(async () => {
  await double.close();
  await new Promise<void>((resolve) => webhookServer.close(() => resolve()));
});

describe("PayPal double against PayPal's OpenAPI documents", () => {
  it("has a validator that refuses what the documents do not allow", () => {
    expect(() => assertResponse("orders", ORDER, "get", 200, { id: "X", status: "PAID" })).toThrow(/status/);
    expect(() => assertResponse("orders", ORDERS, "post", 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "AMOUNT_MISMATCH", description: "not PayPal's words" }] })).toThrow();
    expect(() => assertRequest("orders", ORDERS, "post", { purchase_units: [] })).toThrow(/intent/);
  });

  it("issues an OAuth token for the client's credentials and refuses others", async () => {
    const token = await fetchToken(double.url, "contract-client", "contract-secret");
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: "Bearer", app_id: expect.any(String), expires_in: expect.any(Number), nonce: expect.any(String), scope: expect.any(String) });
    expect(token.body.access_token).toMatch(/^\S{20,}$/);
    const wrong = await fetchToken(double.url, "contract-client", "not-the-secret");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: "invalid_client", error_description: expect.any(String) });
  });

  it("creates, reads, patches, approves and captures an order, then refunds part and the rest", async () => {
    const created = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, orderRequest(), { Prefer: "return=representation", "PayPal-Request-Id": "contract-create-1" }));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("CREATED");
    expect(created.body.links).toContainEqual(expect.objectContaining({ rel: "approve", method: "GET" }));
    const id: string = created.body.id;

    const minimal = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, orderRequest()));
    expect(Object.keys(minimal.body).sort()).toEqual(["id", "links", "status"]);

    const read = valid("orders", ORDER, "get", await call("GET", `${ORDERS}/${id}`));
    expect(read.body.purchase_units[0].amount.value).toBe("104.85");

    const patch = [
      { op: "add", path: "/purchase_units/@reference_id=='default'/invoice_id", value: "contract-10001" },
      { op: "replace", path: "/purchase_units/@reference_id=='default'/custom_id", value: "transaction-2" },
    ];
    const patched = await send("orders", "PATCH", ORDER, `${ORDERS}/${id}`, patch);
    expect(patched.status).toBe(204);

    const approved = await fetch(`${double.url}/buyer/orders/${id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ fundingSource: "paypal" }) });
    expect(approved.status).toBe(200);
    const afterApproval = valid("orders", ORDER, "get", await call("GET", `${ORDERS}/${id}`));
    expect(afterApproval.body).toMatchObject({ status: "APPROVED", payer: { email_address: "buyer@example.com" }, purchase_units: [{ invoice_id: "contract-10001", custom_id: "transaction-2" }] });

    const captured = valid("orders", `${ORDER}/capture`, "post", await send("orders", "POST", `${ORDER}/capture`, `${ORDERS}/${id}/capture`, {}, { "PayPal-Request-Id": "contract-capture-1" }));
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe("COMPLETED");
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: "COMPLETED", final_capture: true, amount: { value: "104.85", currency_code: "EUR" }, seller_protection: { status: "ELIGIBLE" } });

    const captureRead = valid("payments", "/v2/payments/captures/{capture_id}", "get", await call("GET", `/v2/payments/captures/${capture.id}`));
    expect(captureRead.body.id).toBe(capture.id);

    const refundPath = "/v2/payments/captures/{capture_id}/refund";
    const partial = valid("payments", refundPath, "post", await send("payments", "POST", refundPath, `/v2/payments/captures/${capture.id}/refund`, { amount: { value: "10.00", currency_code: "EUR" }, note_to_payer: "Belt returned" }, { Prefer: "return=representation" }));
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ status: "COMPLETED", amount: { value: "10.00" } });
    const partlyRefunded = valid("payments", "/v2/payments/captures/{capture_id}", "get", await call("GET", `/v2/payments/captures/${capture.id}`));
    expect(partlyRefunded.body.status).toBe("PARTIALLY_REFUNDED");

    const tooMuch = valid("payments", refundPath, "post", await send("payments", "POST", refundPath, `/v2/payments/captures/${capture.id}/refund`, { amount: { value: "100.00", currency_code: "EUR" } }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe("REFUND_AMOUNT_EXCEEDED");

    const rest = valid("payments", refundPath, "post", await send("payments", "POST", refundPath, `/v2/payments/captures/${capture.id}/refund`, {}));
    expect(rest.status).toBe(201);
    const restRead = valid("payments", "/v2/payments/refunds/{refund_id}", "get", await call("GET", `/v2/payments/refunds/${rest.body.id}`));
    expect(restRead.body.amount).toEqual({ currency_code: "EUR", value: "94.85" });
    const fullyRefunded = valid("payments", "/v2/payments/captures/{capture_id}", "get", await call("GET", `/v2/payments/captures/${capture.id}`));
    expect(fullyRefunded.body.status).toBe("REFUNDED");

    const again = valid("payments", refundPath, "post", await send("payments", "POST", refundPath, `/v2/payments/captures/${capture.id}/refund`, {}));
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe("CAPTURE_FULLY_REFUNDED");
  });

  it("authorizes, captures part of the authorization, and voids another", async () => {
    const authorizePath = `${ORDER}/authorize`;
    const first = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, orderRequest({ intent: "AUTHORIZE" })));
    double.approve(first.body.id);
    const authorized = valid("orders", authorizePath, "post", await send("orders", "POST", authorizePath, `${ORDERS}/${first.body.id}/authorize`, {}));
    expect(authorized.status).toBe(201);
    const authorization = authorized.body.purchase_units[0].payments.authorizations[0];
    expect(authorization.status).toBe("CREATED");

    const authorizationPath = "/v2/payments/authorizations/{authorization_id}";
    valid("payments", authorizationPath, "get", await call("GET", `/v2/payments/authorizations/${authorization.id}`));
    const capturePath = `${authorizationPath}/capture`;
    const capture = valid("payments", capturePath, "post", await send("payments", "POST", capturePath, `/v2/payments/authorizations/${authorization.id}/capture`, { amount: { value: "50.00", currency_code: "EUR" }, final_capture: false }, { Prefer: "return=representation" }));
    expect(capture.status).toBe(201);
    expect(capture.body).toMatchObject({ status: "COMPLETED", final_capture: false, amount: { value: "50.00" } });
    const partly = valid("payments", authorizationPath, "get", await call("GET", `/v2/payments/authorizations/${authorization.id}`));
    expect(partly.body.status).toBe("PARTIALLY_CAPTURED");
    const tooMuch = valid("payments", capturePath, "post", await send("payments", "POST", capturePath, `/v2/payments/authorizations/${authorization.id}/capture`, { amount: { value: "60.00", currency_code: "EUR" } }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe("MAX_CAPTURE_AMOUNT_EXCEEDED");

    const second = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, orderRequest({ intent: "AUTHORIZE" })));
    double.approve(second.body.id);
    const secondAuthorized = valid("orders", authorizePath, "post", await call("POST", `${ORDERS}/${second.body.id}/authorize`, {}));
    const secondId = secondAuthorized.body.purchase_units[0].payments.authorizations[0].id;
    const voidPath = `${authorizationPath}/void`;
    const voided = valid("payments", voidPath, "post", await call("POST", `/v2/payments/authorizations/${secondId}/void`, undefined, { Prefer: "return=representation" }));
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe("VOIDED");
    const voidedTwice = valid("payments", voidPath, "post", await call("POST", `/v2/payments/authorizations/${secondId}/void`));
    expect(voidedTwice.status).toBe(422);
    expect(voidedTwice.body.details[0].issue).toBe("PREVIOUSLY_VOIDED");
  });

  it("takes a Pay upon invoice order and completes it with the bank details to pay to", async () => {
    const body = {
      intent: "CAPTURE",
      processing_instruction: "ORDER_COMPLETE_ON_PAYMENT_APPROVAL",
      purchase_units: [{ amount: { currency_code: "EUR", value: "59.90" }, invoice_id: "contract-pui-1" }],
      payment_source: {
        pay_upon_invoice: {
          name: { given_name: "Erika", surname: "Mustermann" },
          email: "buyer@example.com",
          birth_date: "1990-01-01",
          phone: { national_number: "15123456789", country_code: "49" },
          billing_address: { address_line_1: "Heidestraße 17", admin_area_2: "Berlin", postal_code: "10557", country_code: "DE" },
          experience_context: { locale: "de-DE", brand_name: "Vitrine", customer_service_instructions: ["Customer service phone is +49 30 1234567."] },
        },
      },
    };
    const headers = { "PayPal-Request-Id": "contract-pui-request", "PayPal-Client-Metadata-Id": "fraudnet-session-1", Prefer: "return=representation" };
    const created = await send("orders", "POST", ORDERS, ORDERS, body, headers);
    expect(created.status).toBe(201);
    // PayPal's Pay upon invoice guide documents PENDING_APPROVAL, which the document's order_status enum lacks:
    // everything else of the answer is checked against the schema.
    expect(created.body.status).toBe("PENDING_APPROVAL");
    assertResponse("orders", ORDERS, "post", 201, { ...created.body, status: "CREATED" });

    const withoutMetadata = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, body, { "PayPal-Request-Id": "contract-pui-2" }));
    expect(withoutMetadata.status).toBe(400);

    double.completePui(created.body.id);
    const completed = valid("orders", ORDER, "get", await call("GET", `${ORDERS}/${created.body.id}`));
    expect(completed.body.status).toBe("COMPLETED");
    expect(completed.body.payment_source.pay_upon_invoice.deposit_bank_details).toMatchObject({ iban: expect.stringMatching(/^DE\d{20}$/), bic: expect.any(String), bank_name: expect.any(String) });
    expect(completed.body.payment_source.pay_upon_invoice.payment_reference).toEqual(expect.any(String));
    expect(completed.body.purchase_units[0].payments.captures[0].status).toBe("COMPLETED");
  });

  it("answers errors in PayPal's shapes: 400, 401, 404, 422", async () => {
    const missingIntent = valid("orders", ORDERS, "post", await call("POST", ORDERS, { purchase_units: orderRequest().purchase_units }));
    expect(missingIntent.status).toBe(400);
    expect(missingIntent.body).toMatchObject({ name: "INVALID_REQUEST", details: [{ issue: "MISSING_REQUIRED_PARAMETER", field: "/intent" }] });

    const anonymous = await paypalClient(double.url, null)("GET", `${ORDERS}/5O190127TN364715T`);
    valid("orders", ORDER, "get", anonymous);
    expect(anonymous.status).toBe(401);
    const badToken = await paypalClient(double.url, "A21AAnot-a-token")("GET", `${ORDERS}/5O190127TN364715T`);
    expect(badToken.status).toBe(401);

    const unknown = valid("orders", ORDER, "get", await call("GET", `${ORDERS}/5O190127TN364715T`));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    const unknownCapture = valid("payments", "/v2/payments/captures/{capture_id}", "get", await call("GET", "/v2/payments/captures/0VF52814937998046"));
    expect(unknownCapture.status).toBe(404);

    const mismatch = orderRequest({ value: "104.86" });
    const notAdding = valid("orders", ORDERS, "post", await send("orders", "POST", ORDERS, ORDERS, mismatch));
    expect(notAdding.status).toBe(422);
    expect(notAdding.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "AMOUNT_MISMATCH" }] });

    const created = valid("orders", ORDERS, "post", await call("POST", ORDERS, orderRequest()));
    const notApproved = valid("orders", `${ORDER}/capture`, "post", await call("POST", `${ORDERS}/${created.body.id}/capture`, {}));
    expect(notApproved.status).toBe(422);
    expect(notApproved.body.details[0].issue).toBe("ORDER_NOT_APPROVED");

    const badPatch = valid("orders", ORDER, "patch", await send("orders", "PATCH", ORDER, `${ORDERS}/${created.body.id}`, [{ op: "replace", path: "/purchase_units/@reference_id=='nope'/invoice_id", value: "x" }]));
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.details[0].issue).toBe("REFERENCE_ID_NOT_FOUND");
  });

  it("confirms a card payment source and reports 3-D Secure on the capture", async () => {
    const created = valid("orders", ORDERS, "post", await call("POST", ORDERS, orderRequest()));
    const confirmPath = `${ORDER}/confirm-payment-source`;
    const source = { payment_source: { card: { number: "4111111111111111", expiry: "2099-12", security_code: "123", name: "Erika Mustermann" } } };
    const confirmed = valid("orders", confirmPath, "post", await send("orders", "POST", confirmPath, `${ORDERS}/${created.body.id}/confirm-payment-source`, source));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("APPROVED");
    const captured = valid("orders", `${ORDER}/capture`, "post", await call("POST", `${ORDERS}/${created.body.id}/capture`, {}));
    expect(captured.body.payment_source.card).toMatchObject({ last_digits: "1111", brand: "VISA", authentication_result: { liability_shift: "POSSIBLE", three_d_secure: { enrollment_status: "Y", authentication_status: "Y" } } });
  });

  it("verifies the signature of a webhook it sent, and only that", async () => {
    const resource = { id: "0VF52814937998046", status: "COMPLETED", amount: { currency_code: "EUR", value: "104.85" } };
    const delivered = await double.sendWebhook("PAYMENT.CAPTURE.COMPLETED", resource);
    expect(delivered.status).toBe(200);
    const delivery = deliveries.at(-1)!;
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ id: expect.stringMatching(/^WH-/), event_version: "1.0", resource_type: "capture", event_type: "PAYMENT.CAPTURE.COMPLETED", resource });
    const verifyPath = "/v1/notifications/verify-webhook-signature";
    const request = {
      auth_algo: String(delivery.headers["paypal-auth-algo"]),
      cert_url: String(delivery.headers["paypal-cert-url"]),
      transmission_id: String(delivery.headers["paypal-transmission-id"]),
      transmission_sig: String(delivery.headers["paypal-transmission-sig"]),
      transmission_time: String(delivery.headers["paypal-transmission-time"]),
      webhook_id: WEBHOOK_ID,
      webhook_event: event,
    };
    const verified = valid("webhooks", verifyPath, "post", await send("webhooks", "POST", verifyPath, verifyPath, request));
    expect(verified.body).toEqual({ verification_status: "SUCCESS" });
    const forged = valid("webhooks", verifyPath, "post", await send("webhooks", "POST", verifyPath, verifyPath, { ...request, webhook_event: { ...event, resource: { ...resource, amount: { currency_code: "EUR", value: "0.01" } } } }));
    expect(forged.body).toEqual({ verification_status: "FAILURE" });
  });
});
