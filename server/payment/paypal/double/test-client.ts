/** A plain `fetch` client for the double's tests: what an adapter sends, nothing more. */

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read PayPal's answers freely
  body: any;
}

export async function fetchToken(baseUrl: string, clientId: string, clientSecret: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export function paypalClient(baseUrl: string, accessToken: string | null) {
  return async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}

/** An order as the shop builds it: two items, shipping, a discount, 2 decimals, a breakdown that adds up. */
export function orderRequest(overrides: { intent?: "CAPTURE" | "AUTHORIZE"; invoiceId?: string; value?: string } = {}) {
  return {
    intent: overrides.intent ?? "CAPTURE",
    purchase_units: [
      {
        reference_id: "default",
        ...(overrides.invoiceId ? { invoice_id: overrides.invoiceId } : {}),
        custom_id: "transaction-1",
        amount: {
          currency_code: "EUR",
          value: overrides.value ?? "104.85",
          breakdown: {
            item_total: { currency_code: "EUR", value: "99.90" },
            shipping: { currency_code: "EUR", value: "4.95" },
            tax_total: { currency_code: "EUR", value: "0.00" },
            discount: { currency_code: "EUR", value: "0.00" },
          },
        },
        items: [
          { name: "Linen shirt", unit_amount: { currency_code: "EUR", value: "39.95" }, quantity: "2", sku: "SHIRT-1", category: "PHYSICAL_GOODS" },
          { name: "Belt", unit_amount: { currency_code: "EUR", value: "20.00" }, quantity: "1", sku: "BELT-1", category: "PHYSICAL_GOODS" },
        ],
      },
    ],
  };
}
