import { afterEach, describe, expect, it } from "vitest";
import { createPayPalClient, PayPalApiError } from "./client";
import { CARD_3DS_REJECTED, finalizeOrder, type FinalizeInput } from "./execute";
import { scriptedServer, tokenReply, unprocessable, type ReceivedRequest, type ScriptedReply, type ScriptedServer } from "./scripted-server.test-support";

const ORDER_ID = "8MC585209K746392H";
const UNIT = "/purchase_units/@reference_id=='default'";

type Source = Record<string, unknown>;

function order(status: string, options: { source?: Source; captures?: unknown[]; authorizations?: unknown[] } = {}) {
  return {
    id: ORDER_ID,
    status,
    intent: "CAPTURE",
    payment_source: options.source ?? { paypal: { email_address: "buyer@example.com" } },
    purchase_units: [
      {
        reference_id: "default",
        amount: { currency_code: "EUR", value: "24.99" },
        payments: { captures: options.captures ?? [], authorizations: options.authorizations ?? [] },
      },
    ],
  };
}

const capture = (status: string, id = "2GG279541U471931P", reason?: string) => ({
  id,
  status,
  ...(reason ? { status_details: { reason } } : {}),
  amount: { currency_code: "EUR", value: "24.99" },
  final_capture: true,
});

/**
 * PayPal as far as finishing an order goes: GET answers `current`, PATCH is accepted, and each
 * capture or authorize takes the next scripted answer.
 */
async function paypalWith(current: (received: ReceivedRequest[]) => object, settleAnswers: ScriptedReply[]) {
  return scriptedServer((request: ReceivedRequest, received) => {
    if (request.path === "/v1/oauth2/token") return tokenReply(received);
    if (request.method === "GET") return { status: 200, body: current(received) };
    if (request.method === "PATCH") return { status: 204 };
    return settleAnswers.shift() ?? { status: 500, body: "unscripted" };
  });
}

const input: FinalizeInput = { paypalOrderId: ORDER_ID, intent: "CAPTURE", invoiceId: "10042", customId: "tx-7", requestId: "tx-7-capture", force3ds: false };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientFor(paypal: ScriptedServer) {
  server = paypal;
  return createPayPalClient({ baseUrl: paypal.url, clientId: "id", clientSecret: "secret" });
}

function patchBodies(paypal: ScriptedServer): unknown[] {
  return paypal.received.filter((r) => r.method === "PATCH").map((r) => JSON.parse(r.body) as unknown);
}

describe("finalizeOrder", () => {
  it("tags the order with invoice and custom id, captures it, and reports it paid", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) }]);
    const result = await finalizeOrder(clientFor(paypal), input);

    expect(result).toMatchObject({ status: "paid", captureId: "2GG279541U471931P" });
    expect(paypal.calls()).toEqual([`GET /v2/checkout/orders/${ORDER_ID}`, `PATCH /v2/checkout/orders/${ORDER_ID}`, `POST /v2/checkout/orders/${ORDER_ID}/capture`]);
    expect(patchBodies(paypal)).toEqual([
      [
        { op: "add", path: `${UNIT}/invoice_id`, value: "10042" },
        { op: "add", path: `${UNIT}/custom_id`, value: "tx-7" },
      ],
    ]);
    expect(paypal.received.at(-1)!.headers["paypal-request-id"]).toBe("tx-7-capture");
  });

  it("patches only the custom id when no invoice id is sent", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) }]);
    await finalizeOrder(clientFor(paypal), { ...input, invoiceId: undefined });
    expect(patchBodies(paypal)).toEqual([[{ op: "add", path: `${UNIT}/custom_id`, value: "tx-7" }]]);
  });

  it("on DUPLICATE_INVOICE_ID removes the invoice id and captures once more", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [
      unprocessable("DUPLICATE_INVOICE_ID"),
      { status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) },
    ]);
    const result = await finalizeOrder(clientFor(paypal), input);

    expect(result.status).toBe("paid");
    expect(paypal.calls()).toEqual([
      `GET /v2/checkout/orders/${ORDER_ID}`,
      `PATCH /v2/checkout/orders/${ORDER_ID}`,
      `POST /v2/checkout/orders/${ORDER_ID}/capture`,
      `PATCH /v2/checkout/orders/${ORDER_ID}`,
      `POST /v2/checkout/orders/${ORDER_ID}/capture`,
    ]);
    expect(patchBodies(paypal)[1]).toEqual([{ op: "remove", path: `${UNIT}/invoice_id` }]);
    const captureIds = paypal.received.filter((r) => r.path.endsWith("/capture")).map((r) => r.headers["paypal-request-id"]);
    expect(captureIds[0]).toBe("tx-7-capture");
    expect(captureIds[1]).toBe("tx-7-capture-noinv");
  });

  it("throws when the invoice id is refused a second time, after one retry only", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [unprocessable("DUPLICATE_INVOICE_ID"), unprocessable("DUPLICATE_INVOICE_ID")]);
    const error = await finalizeOrder(clientFor(paypal), input).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PayPalApiError);
    expect((error as PayPalApiError).issues).toEqual(["DUPLICATE_INVOICE_ID"]);
    expect(paypal.calls().filter((call) => call.endsWith("/capture"))).toHaveLength(2);
  });

  it("reports the existing capture on ORDER_ALREADY_CAPTURED", async () => {
    // Another tab captured it between our GET and our capture: afterwards the order shows that capture.
    const paypal = await paypalWith(
      (received) =>
        received.some((r) => r.path.endsWith("/capture")) ? order("COMPLETED", { captures: [capture("COMPLETED", "5UB48317LV8547337")] }) : order("APPROVED"),
      [unprocessable("ORDER_ALREADY_CAPTURED")],
    );
    const result = await finalizeOrder(clientFor(paypal), input);

    expect(result).toMatchObject({ status: "paid", captureId: "5UB48317LV8547337" });
    expect(paypal.calls().at(-1)).toBe(`GET /v2/checkout/orders/${ORDER_ID}`);
  });

  it("reports the capture a concurrent finish made when PayPal refuses the PATCH of the completed order", async () => {
    let patched = 0;
    const completed = order("COMPLETED", { captures: [capture("COMPLETED", "9XK01234AB5678901")] });
    server = await scriptedServer((request: ReceivedRequest, received) => {
      if (request.path === "/v1/oauth2/token") return tokenReply(received);
      // Approved when this finish read it; completed by the other one before this one's PATCH.
      if (request.method === "GET") return { status: 200, body: patched ? completed : order("APPROVED") };
      if (request.method === "PATCH") return (patched++, unprocessable("ORDER_ALREADY_COMPLETED"));
      return { status: 500, body: "unscripted" };
    });
    const result = await finalizeOrder(createPayPalClient({ baseUrl: server.url, clientId: "id", clientSecret: "secret" }), input);

    expect(result).toMatchObject({ status: "paid", captureId: "9XK01234AB5678901" });
    expect(server.received.some((r) => r.path.endsWith("/capture"))).toBe(false);
  });

  it("reports an order completed before without patching or capturing again", async () => {
    const paypal = await paypalWith(() => order("COMPLETED", { captures: [capture("COMPLETED")] }), []);
    const result = await finalizeOrder(clientFor(paypal), input);
    expect(result).toMatchObject({ status: "paid", captureId: "2GG279541U471931P" });
    expect(paypal.calls()).toEqual([`GET /v2/checkout/orders/${ORDER_ID}`]);
  });

  it.each(["INSTRUMENT_DECLINED", "TRANSACTION_REFUSED", "PAYER_ACTION_REQUIRED", "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"])("reports %s as declined", async (issue) => {
    const paypal = await paypalWith(() => order("APPROVED"), [unprocessable(issue)]);
    const result = await finalizeOrder(clientFor(paypal), input);
    expect(result).toMatchObject({ status: "declined", issue });
    expect(result.captureId).toBeUndefined();
  });

  it("reports a capture declined by the processor as declined", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { captures: [capture("DECLINED")] }) }]);
    const result = await finalizeOrder(clientFor(paypal), input);
    expect(result).toMatchObject({ status: "declined", issue: "CAPTURE_DECLINED", captureId: "2GG279541U471931P" });
  });

  it("reports a capture PayPal holds back as pending", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { captures: [capture("PENDING", undefined, "PENDING_REVIEW")] }) }]);
    const result = await finalizeOrder(clientFor(paypal), input);
    expect(result).toMatchObject({ status: "pending", captureId: "2GG279541U471931P" });
  });

  it("declines a card whose 3DS result is not accepted, without capturing", async () => {
    const card = { card: { last_digits: "0002", brand: "VISA", authentication_result: { liability_shift: "NO", three_d_secure: { enrollment_status: "Y", authentication_status: "N" } } } };
    const paypal = await paypalWith(() => order("APPROVED", { source: card }), [{ status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) }]);
    const result = await finalizeOrder(clientFor(paypal), input);

    expect(result).toMatchObject({ status: "declined", issue: CARD_3DS_REJECTED });
    expect(paypal.calls()).toEqual([`GET /v2/checkout/orders/${ORDER_ID}`]);
  });

  it("captures a card with liability shift, and refuses one without when 3DS is forced", async () => {
    const shifted = { card: { last_digits: "1111", authentication_result: { liability_shift: "POSSIBLE", three_d_secure: { enrollment_status: "Y", authentication_status: "Y" } } } };
    const bypassed = { card: { last_digits: "1111", authentication_result: { liability_shift: "NO", three_d_secure: { enrollment_status: "B" } } } };
    const paypal = await paypalWith(() => order("APPROVED", { source: shifted }), [{ status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) }]);
    expect((await finalizeOrder(clientFor(paypal), input)).status).toBe("paid");
    await paypal.close();

    const forced = await paypalWith(() => order("APPROVED", { source: bypassed }), []);
    expect(await finalizeOrder(clientFor(forced), { ...input, force3ds: true })).toMatchObject({ status: "declined", issue: CARD_3DS_REJECTED });
    expect(forced.calls()).toEqual([`GET /v2/checkout/orders/${ORDER_ID}`]);
  });

  it("authorizes an AUTHORIZE order and reports the authorization", async () => {
    const authorization = { id: "0AW2184448108334S", status: "CREATED", amount: { currency_code: "EUR", value: "24.99" } };
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { authorizations: [authorization] }) }]);
    const result = await finalizeOrder(clientFor(paypal), { ...input, intent: "AUTHORIZE", requestId: "tx-7-authorize" });

    expect(result).toMatchObject({ status: "authorized", authorizationId: "0AW2184448108334S" });
    expect(paypal.calls().at(-1)).toBe(`POST /v2/checkout/orders/${ORDER_ID}/authorize`);
    expect(paypal.received.at(-1)!.headers["paypal-request-id"]).toBe("tx-7-authorize");
  });

  it("throws the other refusals", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [unprocessable("NOT_ENABLED_FOR_CARD_PROCESSING")]);
    const error = await finalizeOrder(clientFor(paypal), input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect((error as PayPalApiError).issues).toEqual(["NOT_ENABLED_FOR_CARD_PROCESSING"]);
  });

  it("passes extra headers (PayPal-Mock-Response) on to the capture", async () => {
    const paypal = await paypalWith(() => order("APPROVED"), [{ status: 201, body: order("COMPLETED", { captures: [capture("COMPLETED")] }) }]);
    const mock = '{"mock_application_codes":"INSTRUMENT_DECLINED"}';
    await finalizeOrder(clientFor(paypal), { ...input, headers: { "PayPal-Mock-Response": mock } });
    expect(paypal.received.at(-1)!.headers["paypal-mock-response"]).toBe(mock);
  });
});
