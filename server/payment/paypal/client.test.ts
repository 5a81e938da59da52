import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger";
import { createPayPalClient, PAYPAL_API, PayPalApiError, type OrderRequest, type PayPalClientConfig } from "./client";
import { NO_ANSWER, scriptedServer, tokenReply, unprocessable, type Script, type ScriptedServer } from "./scripted-server.test-support";

const ORDER = {
  id: "5O190127TN364715T",
  status: "APPROVED",
  intent: "CAPTURE",
  payment_source: { paypal: { email_address: "buyer@example.com", account_id: "QYR5Z8XDVJNXQ", name: { given_name: "Ada", surname: "Lovelace" } } },
  purchase_units: [{ reference_id: "default", amount: { currency_code: "EUR", value: "10.00" } }],
  links: [{ href: "https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T", rel: "self", method: "GET" }],
};

const ORDER_REQUEST: OrderRequest = {
  intent: "CAPTURE",
  purchase_units: [{ amount: { currency_code: "EUR", value: "10.00" } }],
};

let server: ScriptedServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

/** A server that hands out tokens and answers every API call with `api`. */
async function start(api: Script): Promise<ScriptedServer> {
  server = await scriptedServer((request, received) => (request.path === "/v1/oauth2/token" ? tokenReply(received) : api(request, received)));
  return server;
}

function client(url: string, extra: Partial<PayPalClientConfig> = {}) {
  return createPayPalClient({ baseUrl: url, clientId: "client-id", clientSecret: "very-secret", ...extra });
}

describe("PayPal client: OAuth token", () => {
  it("asks for a token with Basic auth and grant_type=client_credentials, then calls with the Bearer token", async () => {
    const paypal = await start(() => ({ status: 200, body: ORDER }));
    await client(paypal.url).getOrder(ORDER.id);

    const [tokenCall, apiCall] = paypal.received;
    expect(tokenCall!.method).toBe("POST");
    expect(tokenCall!.path).toBe("/v1/oauth2/token");
    expect(tokenCall!.headers.authorization).toBe(`Basic ${Buffer.from("client-id:very-secret").toString("base64")}`);
    expect(tokenCall!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(new URLSearchParams(tokenCall!.body).get("grant_type")).toBe("client_credentials");
    expect(apiCall!.headers.authorization).toBe("Bearer token-1");
  });

  it("fetches the token once for 10 concurrent calls, and reuses it afterwards", async () => {
    const paypal = await start(() => ({ status: 200, body: ORDER }));
    const paypalClient = client(paypal.url);
    await Promise.all(Array.from({ length: 10 }, () => paypalClient.getOrder(ORDER.id)));
    await paypalClient.getOrder(ORDER.id);
    expect(paypal.tokenRequests()).toHaveLength(1);
    expect(paypal.calls()).toHaveLength(11);
    expect(new Set(paypal.received.slice(1).map((r) => r.headers.authorization))).toEqual(new Set(["Bearer token-1"]));
  });

  it("fetches a new token once the old one has (nearly) expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
    const paypal = await start(() => ({ status: 200, body: ORDER }));
    const paypalClient = client(paypal.url);
    await paypalClient.getOrder(ORDER.id);
    vi.setSystemTime(new Date("2026-11-26T18:58:00Z")); // 8 h 58 min of a 9 h token: still good
    await paypalClient.getOrder(ORDER.id);
    expect(paypal.tokenRequests()).toHaveLength(1);
    vi.setSystemTime(new Date("2026-11-26T18:59:30Z")); // within the last minute: renewed
    await paypalClient.getOrder(ORDER.id);
    expect(paypal.tokenRequests()).toHaveLength(2);
    expect(paypal.received.at(-1)!.headers.authorization).toBe("Bearer token-2");
  });

  it("drops the token on a 401 and retries the call once with a new one", async () => {
    const paypal = await start((request) =>
      request.headers.authorization === "Bearer token-1"
        ? { status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } }
        : { status: 200, body: ORDER },
    );
    const order = await client(paypal.url).getOrder(ORDER.id);
    expect(order.id).toBe(ORDER.id);
    expect(paypal.tokenRequests()).toHaveLength(2);
    expect(paypal.calls()).toEqual([`GET /v2/checkout/orders/${ORDER.id}`, `GET /v2/checkout/orders/${ORDER.id}`]);
  });

  it("gives up after the one retry when PayPal keeps answering 401", async () => {
    const paypal = await start(() => ({ status: 401, body: { error: "invalid_token", error_description: "no" } }));
    const error = await client(paypal.url).getOrder(ORDER.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect((error as PayPalApiError).status).toBe(401);
    expect((error as PayPalApiError).name).toBe("invalid_token");
    expect(paypal.calls()).toHaveLength(2);
  });

  it("reports refused credentials as PayPalApiError and never logs secrets or tokens", async () => {
    const lines: string[] = [];
    const logger = createLogger("debug", (line) => lines.push(line));
    const refusing = await scriptedServer((request) =>
      request.path === "/v1/oauth2/token"
        ? { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } }
        : { status: 200, body: ORDER },
    );
    const error = await client(refusing.url, { logger }).getOrder(ORDER.id).catch((e: unknown) => e);
    await refusing.close();
    expect(error).toBeInstanceOf(PayPalApiError);
    expect((error as PayPalApiError).name).toBe("invalid_client");
    expect((error as PayPalApiError).status).toBe(401);
    expect(refusing.calls()).toEqual([]);

    const ok = await start(() => ({ status: 200, body: ORDER }));
    await client(ok.url, { logger }).getOrder(ORDER.id);
    expect(lines.length).toBeGreaterThan(0);
    const basic = Buffer.from("client-id:very-secret").toString("base64");
    for (const line of lines) {
      expect(line).not.toContain("very-secret");
      expect(line).not.toContain(basic);
      expect(line).not.toContain("token-1");
    }
  });
});

describe("PayPal client: requests", () => {
  it("creates an order with PayPal-Request-Id, Partner-Attribution-Id, Client-Metadata-Id, Prefer and a JSON body", async () => {
    const paypal = await start(() => ({ status: 201, body: { ...ORDER, status: "CREATED" } }));
    const order = await client(`${paypal.url}/`, { partnerAttributionId: "Vitrine_Cart_PPCP" }).createOrder(ORDER_REQUEST, {
      requestId: "tx-1-1732600000",
      clientMetadataId: "fraudnet-session-1",
      headers: { "PayPal-Mock-Response": '{"mock_application_codes":"INSTRUMENT_DECLINED"}' },
    });
    expect(order.status).toBe("CREATED");
    expect(order.payment_source?.paypal?.email_address).toBe("buyer@example.com");

    const request = paypal.received.at(-1)!;
    expect(`${request.method} ${request.path}`).toBe("POST /v2/checkout/orders");
    expect(request.headers["paypal-request-id"]).toBe("tx-1-1732600000");
    expect(request.headers["paypal-partner-attribution-id"]).toBe("Vitrine_Cart_PPCP");
    expect(request.headers["paypal-client-metadata-id"]).toBe("fraudnet-session-1");
    expect(request.headers["paypal-mock-response"]).toBe('{"mock_application_codes":"INSTRUMENT_DECLINED"}');
    expect(request.headers.prefer).toBe("return=representation");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual(ORDER_REQUEST);
  });

  it("sends no Partner-Attribution-Id when none is configured", async () => {
    const paypal = await start(() => ({ status: 200, body: ORDER }));
    await client(paypal.url).getOrder(ORDER.id);
    expect(paypal.received.at(-1)!.headers["paypal-partner-attribution-id"]).toBeUndefined();
  });

  it("patches, captures, authorizes, captures and voids an authorization, and refunds on PayPal's paths", async () => {
    const capture = { id: "3C679366HH908993F", status: "COMPLETED", final_capture: true, amount: { currency_code: "EUR", value: "10.00" } };
    const paypal = await start((request) => {
      if (request.method === "PATCH") return { status: 204 };
      if (request.path.endsWith("/void")) return { status: 204 };
      if (request.path.startsWith("/v2/payments/authorizations/")) return { status: 201, body: capture };
      if (request.path.endsWith("/refund")) return { status: 201, body: { id: "1JU08902781691411", status: "COMPLETED", amount: { currency_code: "EUR", value: "2.50" } } };
      return { status: 201, body: { ...ORDER, status: "COMPLETED", purchase_units: [{ payments: { captures: [capture] } }] } };
    });
    const paypalClient = client(paypal.url);
    await paypalClient.patchOrder(ORDER.id, [{ op: "add", path: "/purchase_units/@reference_id=='default'/invoice_id", value: "10001" }]);
    const captured = await paypalClient.captureOrder(ORDER.id, { requestId: "cap-1" });
    await paypalClient.authorizeOrder(ORDER.id, { requestId: "auth-1" });
    const authCapture = await paypalClient.captureAuthorization("0VF52814937998046", { requestId: "cap-2", amount: { currency_code: "EUR", value: "5.00" } });
    await paypalClient.voidAuthorization("0VF52814937998046");
    const refund = await paypalClient.refundCapture(capture.id, { requestId: "ref-1", amount: { currency_code: "EUR", value: "2.50" }, invoiceId: "10001", noteToPayer: "Sorry" });

    expect(captured.purchase_units?.[0]?.payments?.captures?.[0]?.id).toBe(capture.id);
    expect(authCapture.status).toBe("COMPLETED");
    expect(refund.id).toBe("1JU08902781691411");
    expect(paypal.calls()).toEqual([
      `PATCH /v2/checkout/orders/${ORDER.id}`,
      `POST /v2/checkout/orders/${ORDER.id}/capture`,
      `POST /v2/checkout/orders/${ORDER.id}/authorize`,
      "POST /v2/payments/authorizations/0VF52814937998046/capture",
      "POST /v2/payments/authorizations/0VF52814937998046/void",
      `POST /v2/payments/captures/${capture.id}/refund`,
    ]);
    const api = paypal.received.filter((r) => r.path !== "/v1/oauth2/token");
    expect(JSON.parse(api[0]!.body)).toEqual([{ op: "add", path: "/purchase_units/@reference_id=='default'/invoice_id", value: "10001" }]);
    expect(api.map((r) => r.headers["paypal-request-id"])).toEqual([undefined, "cap-1", "auth-1", "cap-2", undefined, "ref-1"]);
    expect(JSON.parse(api[3]!.body)).toEqual({ final_capture: true, amount: { currency_code: "EUR", value: "5.00" } });
    expect(JSON.parse(api[5]!.body)).toEqual({ amount: { currency_code: "EUR", value: "2.50" }, invoice_id: "10001", note_to_payer: "Sorry" });
  });

  it("escapes ids in paths", async () => {
    const paypal = await start(() => ({ status: 200, body: ORDER }));
    await client(paypal.url).getOrder("../v1/oauth2/token");
    expect(paypal.calls()).toEqual(["GET /v2/checkout/orders/..%2Fv1%2Foauth2%2Ftoken"]);
  });
});

describe("PayPal client: failures", () => {
  it("turns a 422 with details into PayPalApiError with name, issues and debug id", async () => {
    const paypal = await start(() => unprocessable("INSTRUMENT_DECLINED"));
    const error = await client(paypal.url).captureOrder(ORDER.id, { requestId: "cap-1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalApiError);
    const apiError = error as PayPalApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.name).toBe("UNPROCESSABLE_ENTITY");
    expect(apiError.issues).toEqual(["INSTRUMENT_DECLINED"]);
    expect(apiError.hasIssue("INSTRUMENT_DECLINED")).toBe(true);
    expect(apiError.debugId).toBe("dbg-422");
    expect(apiError.message).toContain("INSTRUMENT_DECLINED");
    expect(apiError.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY" });
  });

  it("turns a non-JSON 500 into PayPalApiError keeping the text", async () => {
    const paypal = await start(() => ({ status: 500, body: "<html><body>Internal Server Error</body></html>", headers: { "PayPal-Debug-Id": "dbg-500" } }));
    const error = (await client(paypal.url).getOrder(ORDER.id).catch((e: unknown) => e)) as PayPalApiError;
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error.status).toBe(500);
    expect(error.name).toBe("HTTP_500");
    expect(error.issues).toEqual([]);
    expect(error.debugId).toBe("dbg-500");
    expect(error.body).toContain("Internal Server Error");
  });

  it("gives up on a call that does not answer in time", async () => {
    const paypal = await start(() => NO_ANSWER);
    const error = (await client(paypal.url, { timeoutMs: 200 }).getOrder(ORDER.id).catch((e: unknown) => e)) as PayPalApiError;
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error.name).toBe("TIMEOUT");
    expect(error.status).toBe(0);
  });

  it("reports an unreachable host", async () => {
    const error = (await client("http://127.0.0.1:1").getOrder(ORDER.id).catch((e: unknown) => e)) as PayPalApiError;
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error.name).toBe("UNREACHABLE");
  });

  it("refuses an answer without the fields we read", async () => {
    const paypal = await start(() => ({ status: 200, body: { id: ORDER.id, status: "SOMETHING_NEW" } }));
    const error = (await client(paypal.url).getOrder(ORDER.id).catch((e: unknown) => e)) as PayPalApiError;
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error.name).toBe("INVALID_RESPONSE");
    expect(error.message).toContain("status");
  });

  it("keeps the fields it does not check", async () => {
    const paypal = await start(() => ({ status: 200, body: { ...ORDER, create_time: "2026-11-26T10:00:00Z", processing_instruction: "NO_INSTRUCTION" } }));
    const order = await client(paypal.url).getOrder(ORDER.id);
    expect(order.create_time).toBe("2026-11-26T10:00:00Z");
    expect(order.links?.[0]?.rel).toBe("self");
  });
});

describe("PayPal client: webhook signatures", () => {
  const headers = {
    "PAYPAL-AUTH-ALGO": "SHA256withRSA",
    "PAYPAL-CERT-URL": "https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
    "PAYPAL-TRANSMISSION-ID": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
    "PAYPAL-TRANSMISSION-SIG": "lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==",
    "PAYPAL-TRANSMISSION-TIME": "2016-02-18T20:01:35Z",
  };
  // Spacing and key order as PayPal sent them: the event must reach the verify call unchanged.
  const rawEvent = '{"id":"WH-0G2756385H040842W-5Y612302CV158622M","event_type":"PAYMENT.CAPTURE.COMPLETED",  "resource":{"id":"42311647XV020574X","amount":{"value":"10.00","currency_code":"EUR"}}}';

  it("sends the transmission headers, the webhook id and the raw event, and reads SUCCESS", async () => {
    const paypal = await start(() => ({ status: 200, body: { verification_status: "SUCCESS" } }));
    const genuine = await client(paypal.url).verifyWebhookSignature({ headers: new Headers(headers), webhookId: "WH-ID-1", event: rawEvent });
    expect(genuine).toBe(true);
    const request = paypal.received.at(-1)!;
    expect(`${request.method} ${request.path}`).toBe("POST /v1/notifications/verify-webhook-signature");
    expect(request.body).toContain(`"webhook_event":${rawEvent}}`);
    expect(JSON.parse(request.body)).toMatchObject({
      auth_algo: "SHA256withRSA",
      cert_url: headers["PAYPAL-CERT-URL"],
      transmission_id: headers["PAYPAL-TRANSMISSION-ID"],
      transmission_sig: headers["PAYPAL-TRANSMISSION-SIG"],
      transmission_time: "2016-02-18T20:01:35Z",
      webhook_id: "WH-ID-1",
    });
  });

  it("reads FAILURE as not genuine, and does not ask without the transmission headers", async () => {
    const paypal = await start(() => ({ status: 200, body: { verification_status: "FAILURE" } }));
    const paypalClient = client(paypal.url);
    expect(await paypalClient.verifyWebhookSignature({ headers, webhookId: "WH-ID-1", event: rawEvent })).toBe(false);
    expect(paypal.calls()).toHaveLength(1);
    expect(await paypalClient.verifyWebhookSignature({ headers: { "paypal-auth-algo": "SHA256withRSA" }, webhookId: "WH-ID-1", event: rawEvent })).toBe(false);
    expect(await paypalClient.verifyWebhookSignature({ headers, webhookId: "WH-ID-1", event: "not json" })).toBe(false);
    expect(paypal.calls()).toHaveLength(1);
  });
});

describe("PAYPAL_API", () => {
  it("names PayPal's two hosts", () => {
    expect(PAYPAL_API).toEqual({ sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" });
  });
});
