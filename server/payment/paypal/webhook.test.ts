import { describe, expect, it } from "vitest";
import type { PayPalClient } from "./client";
import { verifyWebhook, webhookTransition, WebhookEventSchema, type PayPalWebhookEvent } from "./webhook";

const ORDER_ID = "5O190127TN364715T";
const CAPTURE_ID = "42311647XV020574X";
const AUTHORIZATION_ID = "0VF52814937998046";

function event(eventType: string, resource: Record<string, unknown>): PayPalWebhookEvent {
  return WebhookEventSchema.parse({
    id: "WH-58D329510W468432D-8HN650336L201105X",
    create_time: "2026-11-26T10:00:00.000Z",
    resource_type: "capture",
    event_type: eventType,
    summary: "Payment completed",
    resource_version: "2.0",
    resource,
    links: [{ href: "https://api-m.paypal.com/v1/notifications/webhooks-events/WH-58D3", rel: "self", method: "GET" }],
  });
}

const captureResource = (status: string) => ({
  id: CAPTURE_ID,
  status,
  amount: { currency_code: "EUR", value: "24.99" },
  custom_id: "tx-7",
  invoice_id: "10042",
  final_capture: true,
  supplementary_data: { related_ids: { order_id: ORDER_ID } },
  links: [
    { href: `https://api-m.paypal.com/v2/payments/captures/${CAPTURE_ID}`, rel: "self", method: "GET" },
    { href: `https://api-m.paypal.com/v2/payments/captures/${CAPTURE_ID}/refund`, rel: "refund", method: "POST" },
    { href: `https://api-m.paypal.com/v2/checkout/orders/${ORDER_ID}`, rel: "up", method: "GET" },
  ],
});

const refundResource = (refunded: string) => ({
  id: "1JU08902781691411",
  status: "COMPLETED",
  amount: { currency_code: "EUR", value: "10.00" },
  custom_id: "tx-7",
  seller_payable_breakdown: { gross_amount: { currency_code: "EUR", value: "10.00" }, total_refunded_amount: { currency_code: "EUR", value: refunded } },
  links: [
    { href: "https://api-m.paypal.com/v2/payments/refunds/1JU08902781691411", rel: "self", method: "GET" },
    { href: `https://api-m.paypal.com/v2/payments/captures/${CAPTURE_ID}`, rel: "up", method: "GET" },
  ],
});

const authorizationResource = (status: string) => ({
  id: AUTHORIZATION_ID,
  status,
  amount: { currency_code: "EUR", value: "24.99" },
  custom_id: "tx-7",
  supplementary_data: { related_ids: { order_id: ORDER_ID } },
  links: [{ href: `https://api-m.paypal.com/v2/payments/authorizations/${AUTHORIZATION_ID}`, rel: "self", method: "GET" }],
});

describe("webhookTransition", () => {
  it("PAYMENT.CAPTURE.COMPLETED → paid", () => {
    expect(webhookTransition(event("PAYMENT.CAPTURE.COMPLETED", captureResource("COMPLETED")))).toEqual({ to: "paid", paypalOrderId: ORDER_ID, captureId: CAPTURE_ID, customId: "tx-7" });
  });

  it("finds the order through the 'up' link when related ids are missing", () => {
    const { supplementary_data: _left, ...withoutRelated } = captureResource("COMPLETED");
    expect(webhookTransition(event("PAYMENT.CAPTURE.COMPLETED", withoutRelated))).toMatchObject({ to: "paid", paypalOrderId: ORDER_ID });
  });

  it.each(["PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.DECLINED"])("%s → failed", (type) => {
    expect(webhookTransition(event(type, captureResource("DECLINED")))).toEqual({ to: "failed", paypalOrderId: ORDER_ID, captureId: CAPTURE_ID, customId: "tx-7" });
  });

  it.each(["PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED"])("%s → refunded once the refunds reach the captured amount", (type) => {
    expect(webhookTransition(event(type, refundResource("24.99")), { capturedAmount: "24.99" })).toEqual({
      to: "refunded",
      captureId: CAPTURE_ID,
      refundId: "1JU08902781691411",
      customId: "tx-7",
    });
  });

  it("PAYMENT.CAPTURE.REFUNDED → partially refunded below the captured amount, or when it is not known", () => {
    expect(webhookTransition(event("PAYMENT.CAPTURE.REFUNDED", refundResource("10.00")), { capturedAmount: "24.99" })).toMatchObject({ to: "partially_refunded", captureId: CAPTURE_ID });
    expect(webhookTransition(event("PAYMENT.CAPTURE.REFUNDED", refundResource("24.99")))).toMatchObject({ to: "partially_refunded" });
  });

  it("PAYMENT.AUTHORIZATION.CREATED → authorized, VOIDED → cancelled", () => {
    expect(webhookTransition(event("PAYMENT.AUTHORIZATION.CREATED", authorizationResource("CREATED")))).toEqual({
      to: "authorized",
      paypalOrderId: ORDER_ID,
      authorizationId: AUTHORIZATION_ID,
      customId: "tx-7",
    });
    expect(webhookTransition(event("PAYMENT.AUTHORIZATION.VOIDED", authorizationResource("VOIDED")))).toEqual({
      to: "cancelled",
      paypalOrderId: ORDER_ID,
      authorizationId: AUTHORIZATION_ID,
      customId: "tx-7",
    });
  });

  it("CHECKOUT.ORDER.APPROVED → authorized for Pay upon invoice only", () => {
    const order = (source: Record<string, unknown>) => ({ id: ORDER_ID, status: "APPROVED", intent: "CAPTURE", payment_source: source, purchase_units: [{ reference_id: "default", custom_id: "tx-9" }] });
    expect(webhookTransition(event("CHECKOUT.ORDER.APPROVED", order({ pay_upon_invoice: { birth_date: "1990-01-01" } })))).toEqual({ to: "authorized", paypalOrderId: ORDER_ID, customId: "tx-9" });
    expect(webhookTransition(event("CHECKOUT.ORDER.APPROVED", order({ paypal: { email_address: "buyer@example.com" } })))).toEqual({ ignore: true });
  });

  it("CHECKOUT.PAYMENT-APPROVAL.REVERSED → failed", () => {
    const reversed = { order_id: ORDER_ID, purchase_units: [{ reference_id: "default", custom_id: "tx-9" }], payment_source: { pay_upon_invoice: {} } };
    expect(webhookTransition(event("CHECKOUT.PAYMENT-APPROVAL.REVERSED", reversed))).toEqual({ to: "failed", paypalOrderId: ORDER_ID, customId: "tx-9" });
  });

  it.each(["PAYMENT.CAPTURE.PENDING", "CHECKOUT.ORDER.COMPLETED", "VAULT.PAYMENT-TOKEN.CREATED", "SOMETHING.NEW"])("ignores %s", (type) => {
    expect(webhookTransition(event(type, captureResource("PENDING")))).toEqual({ ignore: true });
  });

  it("ignores a resource of an unexpected shape", () => {
    expect(webhookTransition(event("PAYMENT.CAPTURE.COMPLETED", { id: 42 }))).toEqual({ ignore: true });
  });
});

describe("verifyWebhook", () => {
  const raw = JSON.stringify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource_type: "capture", resource: captureResource("COMPLETED") });
  const headers = { "paypal-transmission-id": "t-1" };

  /** Only verifyWebhookSignature is used; it records what it was asked. */
  function verifier(answer: boolean) {
    const asked: unknown[] = [];
    const client = {
      verifyWebhookSignature: (input: unknown) => {
        asked.push(input);
        return Promise.resolve(answer);
      },
    } as unknown as PayPalClient;
    return { client, asked };
  }

  it("returns the event when PayPal confirms the signature, passing the raw body on", async () => {
    const { client, asked } = verifier(true);
    const result = await verifyWebhook(client, { headers, webhookId: "WH-ID", rawBody: raw });
    expect(result).toMatchObject({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED" });
    expect(asked).toEqual([{ headers, webhookId: "WH-ID", event: raw }]);
  });

  it("returns null when PayPal does not confirm it", async () => {
    expect(await verifyWebhook(verifier(false).client, { headers, webhookId: "WH-ID", rawBody: raw })).toBeNull();
  });

  it("returns null without asking PayPal for a body that is no event", async () => {
    const { client, asked } = verifier(true);
    expect(await verifyWebhook(client, { headers, webhookId: "WH-ID", rawBody: "not json" })).toBeNull();
    expect(await verifyWebhook(client, { headers, webhookId: "WH-ID", rawBody: JSON.stringify({ id: "WH-1" }) })).toBeNull();
    expect(asked).toEqual([]);
  });
});
