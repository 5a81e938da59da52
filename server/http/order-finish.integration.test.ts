import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FINISH_TEXT } from "../../kernel/finish-text";
import type { createApp } from "../app";
import { loadSalesChannel, type AppServices } from "../services";
import { country, customer, customerAddress } from "../customer/tables";
import { startCustomerSession } from "../customer/sessions";
import { singleUnitVariantId } from "../testing/fixtures";
import { consoleClient } from "../testing/console-client";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";

/*
 * Issue 26 point 3: the finish page's thank-you text. The endpoint answers only for the caller's own
 * order (customer account or guest session); the console's Finish text page saves it (operators only).
 */

const BASE = "http://shop.test";
const OPERATOR_EMAIL = "finish-text-operator@vitrine.example";
const OPERATOR_PASSWORD = "finish-text-operator-password";

describe.each(availableBackends())("the order-finish text on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  /** Grace has an account; Ada checked out as a guest. */
  const shoppers: Record<"grace" | "ada", { cookie: string; orderId: string; orderNumber: string }> = {} as never;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE } }));
    const db = services.db;
    const channel = await loadSalesChannel(db);
    const [germany] = await db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
    const variantId = await singleUnitVariantId(db);
    for (const [key, firstName, guest] of [["grace", "Grace", false], ["ada", "Ada", true]] as const) {
      const [buyer] = await db
        .insert(customer)
        .values({ salesChannelId: channel.id, email: `${key}-finish-${backend}@example.com`, guest, firstName, lastName: "Tester" })
        .returning({ id: customer.id });
      const [address] = await db
        .insert(customerAddress)
        .values({ customerId: buyer!.id, firstName, lastName: "Tester", street: "Main St 1", zipcode: "10115", city: "Berlin", countryId: germany!.id })
        .returning({ id: customerAddress.id });
      await db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, buyer!.id));
      const cart = await services.cart.addLineItem(undefined, { variantId, quantity: 1 });
      const placed = await services.orders.place({ cartToken: cart.token, revision: cart.result.cart.revision, customerId: buyer!.id });
      if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
      const token = await startCustomerSession(db, buyer!.id, { previousToken: undefined, at: new Date() });
      shoppers[key] = { cookie: `${SESSION_COOKIE}=${token}`, orderId: placed.orderId, orderNumber: placed.orderNumber };
    }
    expect((await services.operators.upsert(OPERATOR_EMAIL, OPERATOR_PASSWORD)).ok).toBe(true);
  }, 120_000);
  afterAll(async () => database?.close());

  const finishText = (body: unknown, { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {}) =>
    app.request(`${BASE}/checkout/finish/text`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: {
        "Content-Type": "application/json",
        "X-Requested-With": "XMLHttpRequest",
        Origin: BASE,
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
    });
  const messageOf = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;

  const { request: consoleRequest, operatorCookie } = consoleClient(() => app, BASE, { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD });

  it("answers the demo text with the first name and the order number filled, for a customer's own order and a guest's", async () => {
    for (const [name, shopper] of [["Grace", shoppers.grace], ["Ada", shoppers.ada]] as const) {
      const response = await finishText({ orderId: shopper.orderId }, { cookie: shopper.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const { text } = (await response.json()) as { text: string };
      expect(text).toBe(DEMO_FINISH_TEXT.replaceAll("{firstName}", name).replaceAll("{orderNumber}", shopper.orderNumber));
      expect(text).toContain(`Thank you, ${name}!`);
      expect(text).not.toContain("{");
    }
  });

  it("answers 404 for another customer's order, without a session and for an unknown id, with the same message", async () => {
    const answers = [
      await finishText({ orderId: shoppers.ada.orderId }, { cookie: shoppers.grace.cookie }),
      await finishText({ orderId: shoppers.grace.orderId }, { cookie: shoppers.ada.cookie }),
      await finishText({ orderId: shoppers.grace.orderId }),
      await finishText({ orderId: "00000000-0000-4000-8000-000000000000" }, { cookie: shoppers.grace.cookie }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ errors: [{ status: 404, message: "This order does not exist or does not belong to you." }] });
      expect(body).not.toMatch(/Grace|Ada|Thank you/);
    }
  });

  it("refuses a bad body with a sentence (400), a body that is not JSON (415) and a call not from the shop's scripts (403)", async () => {
    const { cookie, orderId } = shoppers.grace;
    const noId = await finishText({}, { cookie });
    expect(noId.status).toBe(400);
    expect(await messageOf(noId)).toBe("The request is not valid: orderId: must be an order id.");
    const badId = await finishText({ orderId: "1' or 1=1" }, { cookie });
    expect(badId.status).toBe(400);
    expect(await messageOf(badId)).toBe("The request is not valid: orderId: must be an order id.");
    const notObject = await finishText([orderId], { cookie });
    expect(notObject.status).toBe(400);
    expect(await messageOf(notObject)).toContain('must be a JSON object like {"orderId": "…"}');
    const broken = await finishText("{", { cookie });
    expect(broken.status).toBe(400);
    expect(await messageOf(broken)).toBe("The request body is not valid JSON.");
    const form = await finishText(`orderId=${orderId}`, { cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const foreign = await app.request(`${BASE}/checkout/finish/text`, {
      method: "POST",
      body: JSON.stringify({ orderId }),
      headers: { "Content-Type": "application/json", Origin: BASE, Cookie: cookie },
    });
    expect(foreign.status).toBe(403);
  });

  it("lets only an operator save the text: without an operator session the page leads to the login and a save answers 401", async () => {
    const page = await consoleRequest("/admin/finish-text");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/finish-text")}`);
    for (const cookie of [undefined, shoppers.grace.cookie]) {
      const save = await consoleRequest("/admin/finish-text", { cookie, form: { text: "Hacked {firstName}" } });
      expect(save.status).toBe(401);
    }
    const { text } = (await (await finishText({ orderId: shoppers.grace.orderId }, { cookie: shoppers.grace.cookie })).json()) as { text: string };
    expect(text).not.toContain("Hacked");
  });

  it("saves the operator's text normalised as plain text, fills it per order, and refuses control characters and an overlong text", async () => {
    const cookie = await operatorCookie();
    const page = await consoleRequest("/admin/finish-text", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Finish text");
    expect(html).toContain(">Save<");

    const typed = "  Dear {firstName},\r\n\r\n\r\n\r\nthanks for order {orderNumber}!   \r\n<script>alert(1)</script> <b>{unknown}</b>  ";
    const saved = await consoleRequest("/admin/finish-text", { cookie, form: { text: typed } });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("The text is saved");
    expect(await services.settings.get("orderFinish.text")).toBe("Dear {firstName},\n\nthanks for order {orderNumber}!\n<script>alert(1)</script> <b>{unknown}</b>");
    const { orderId, orderNumber } = shoppers.ada;
    const answer = (await (await finishText({ orderId }, { cookie: shoppers.ada.cookie })).json()) as { text: string };
    // Plain text: the page shows markup as typed (React escapes it); unknown placeholders stay as they are.
    expect(answer.text).toBe(`Dear Ada,\n\nthanks for order ${orderNumber}!\n<script>alert(1)</script> <b>{unknown}</b>`);

    const control = await consoleRequest("/admin/finish-text", { cookie, form: { text: "Bell\u0007" } });
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("control characters");
    const long = await consoleRequest("/admin/finish-text", { cookie, form: { text: "x".repeat(4001) } });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("too long");
    expect(await services.settings.get("orderFinish.text")).toContain("Dear {firstName}");

    // An empty text: the endpoint answers an empty text (the page shows no message).
    expect((await consoleRequest("/admin/finish-text", { cookie, form: { text: "  \n " } })).status).toBe(200);
    expect(await (await finishText({ orderId }, { cookie: shoppers.ada.cookie })).json()).toEqual({ text: "" });
  });
});
