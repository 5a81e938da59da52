import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createApp } from "../app";
import { productVariant } from "../catalog/tables";
import { country, customer, customerAddress } from "../customer/tables";
import { operatorAudit } from "../operator/tables";
import { OPERATOR_COOKIE } from "../operator/service";
import { paymentTransaction } from "../payment/tables";
import { loadSalesChannel, type AppServices } from "../services";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";

const BASE = "http://shop.test";
const OPERATOR_EMAIL = "orders-operator@vitrine.example";
const OPERATOR_PASSWORD = "orders-operator-password";

describe.each(availableBackends())("the console's order pages on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  let operatorCookie: string;
  let buyerId: string;
  let variantId: string;

  let counter = 0;
  const newIp = () => `198.51.100.${(++counter % 250) + 1}`;

  function request(url: string, { cookie, body }: { cookie?: string; body?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": newIp() };
    if (cookie) headers.Cookie = cookie;
    if (!body) return app.request(BASE + url, { headers, redirect: "manual" });
    return app.request(BASE + url, {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { ...headers, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
  }

  /** An invoice order of the buyer, its built-in payment marked paid as the shop does on receiving the money. */
  async function paidOrder(quantity = 1) {
    const change = await services.cart.addLineItem(undefined, { variantId, quantity });
    const placed = await services.orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId: buyerId });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const [transaction] = await services.db.select().from(paymentTransaction).where(eq(paymentTransaction.orderId, placed.orderId));
    expect(transaction).toMatchObject({ method: "invoice", provider: "manual", state: "open" });
    expect(await services.payments.operations.capture(transaction!.id)).toMatchObject({ ok: true, state: "paid" });
    return { orderId: placed.orderId, orderNumber: placed.orderNumber, transactionId: transaction!.id, amount: transaction!.amountGross };
  }

  const transactionOf = async (id: string) => (await services.db.select().from(paymentTransaction).where(eq(paymentTransaction.id, id)))[0]!;
  const refundAudits = (orderNumber: string) =>
    services.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, "order.refund"), eq(operatorAudit.subject, orderNumber)));
  const major = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
  const orderPath = (orderId: string) => `/admin/orders/${orderId}`;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const testApp = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } });
    app = testApp.app;
    services = testApp.services;
    variantId = await singleUnitVariantId(services.db);
    await services.db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));

    const [germany] = await services.db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
    const [buyer] = await services.db
      .insert(customer)
      .values({ salesChannelId: (await loadSalesChannel(services.db)).id, email: "ida.buyer@example.com", guest: true, firstName: "Ida", lastName: "Buyer" })
      .returning({ id: customer.id });
    const [address] = await services.db
      .insert(customerAddress)
      .values({ customerId: buyer!.id, firstName: "Ida", lastName: "Buyer", street: "Refund Way 7", zipcode: "10115", city: "Berlin", countryId: germany!.id })
      .returning({ id: customerAddress.id });
    await services.db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, buyer!.id));
    buyerId = buyer!.id;

    expect((await services.operators.upsert(OPERATOR_EMAIL, OPERATOR_PASSWORD)).ok).toBe(true);
    const login = await request("/admin/login", { body: { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD } });
    expect(login.status).toBe(303);
    const token = new RegExp(`${OPERATOR_COOKIE}=([^;]+)`).exec(login.headers.get("set-cookie") ?? "")?.[1];
    expect(token).toBeTruthy();
    operatorCookie = `${OPERATOR_COOKIE}=${token}`;
  }, 120_000);
  afterAll(async () => database?.close());

  it("lists and searches the orders and shows one with its payments to an operator, privately", async () => {
    const order = await paidOrder(2);
    const list = await request("/admin/orders", { cookie: operatorCookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(list.headers.get("x-robots-tag")).toContain("noindex");
    const listHtml = await list.text();
    expect(listHtml).toContain("Search orders");
    expect(listHtml).toContain(order.orderNumber);
    expect(listHtml).toContain("Ida Buyer");
    expect(listHtml).toContain("<td>Paid");
    expect(listHtml).toContain(`href="${orderPath(order.orderId)}"`);

    const searched = await request(`/admin/orders?search=${order.orderNumber}&page=1`, { cookie: operatorCookie });
    expect(searched.status).toBe(200);
    expect(await searched.text()).toContain(order.orderNumber);
    const none = await request("/admin/orders?search=nobody-at-all", { cookie: operatorCookie });
    expect(await none.text()).toContain("No order matches");
    // Nonsense pages fall back, never fail.
    for (const query of ["?page=abc", "?page=-3", "?page=0", "?page=1.5", "?page=99999999999", "?search=%25_%5C&page=2", `?search=${"x".repeat(500)}`]) {
      expect((await request(`/admin/orders${query}`, { cookie: operatorCookie })).status, query).toBe(200);
    }

    const detail = await request(orderPath(order.orderId), { cookie: operatorCookie });
    expect(detail.status).toBe(200);
    expect(detail.headers.get("cache-control")).toContain("no-store");
    const html = await detail.text();
    expect(html).toContain(`Order ${order.orderNumber}`);
    expect(html).toContain("Refund Way 7");
    expect(html).toContain("Payments</h2>");
    expect(html).toContain("<strong>Paid</strong>");
    expect(html).toContain("Refund amount");
    expect(html).toContain(`value="${major(order.amount)}"`);

    expect((await request(orderPath("00000000-0000-4000-8000-000000000000"), { cookie: operatorCookie })).status).toBe(404);
    expect((await request(orderPath("not-an-id"), { cookie: operatorCookie })).status).toBe(404);
  });

  it("refunds an invoice payment in full: the payment is Refunded and the refund is in the audit log", async () => {
    const order = await paidOrder();
    const response = await request(orderPath(order.orderId), { cookie: operatorCookie, body: { transactionId: order.transactionId, amount: major(order.amount) } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("Its status is now Refunded.");
    expect(html).toContain("<strong>Refunded</strong>");
    expect(await transactionOf(order.transactionId)).toMatchObject({ state: "refunded", refundedGross: order.amount });
    const audits = await refundAudits(order.orderNumber);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operatorEmail: OPERATOR_EMAIL, details: { transactionId: order.transactionId, amount: major(order.amount) } });

    // Nothing is left to refund: the page offers no refund any more, a second one is refused.
    const page = await (await request(orderPath(order.orderId), { cookie: operatorCookie })).text();
    expect(page).not.toContain("Refund amount");
    const again = await request(orderPath(order.orderId), { cookie: operatorCookie, body: { transactionId: order.transactionId, amount: "0.01" } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await refundAudits(order.orderNumber)).toHaveLength(1);
  });

  it("refunds a part: Partially refunded, then the rest: Refunded", async () => {
    const order = await paidOrder(3);
    const part = 100;
    const first = await request(orderPath(order.orderId), { cookie: operatorCookie, body: { transactionId: order.transactionId, amount: "1" } });
    expect(first.status).toBe(200);
    const firstHtml = await first.text();
    expect(firstHtml).toContain("Its status is now Partially refunded.");
    expect(firstHtml).toContain("<strong>Partially refunded</strong>");
    expect(await transactionOf(order.transactionId)).toMatchObject({ state: "partially_refunded", refundedGross: part });

    const page = await (await request(orderPath(order.orderId), { cookie: operatorCookie })).text();
    expect(page).toContain(`value="${major(order.amount - part)}"`);

    const rest = await request(orderPath(order.orderId), { cookie: operatorCookie, body: { transactionId: order.transactionId, amount: major(order.amount - part) } });
    expect(rest.status).toBe(200);
    expect(await transactionOf(order.transactionId)).toMatchObject({ state: "refunded", refundedGross: order.amount });
    expect(await refundAudits(order.orderNumber)).toHaveLength(2);
  });

  it("marks an invoice payment paid when the money arrived (audited), and nothing twice", async () => {
    const change = await services.cart.addLineItem(undefined, { variantId, quantity: 1 });
    const placed = await services.orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId: buyerId });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const [transaction] = await services.db.select().from(paymentTransaction).where(eq(paymentTransaction.orderId, placed.orderId));
    expect(transaction!.state).toBe("open");
    const page = await request(orderPath(placed.orderId), { cookie: operatorCookie });
    expect(await page.text()).toContain("Mark as paid");
    const marked = await request(orderPath(placed.orderId), { cookie: operatorCookie, body: { intent: "capture", transactionId: transaction!.id } });
    expect(marked.status).toBe(200);
    expect((await transactionOf(transaction!.id)).state).toBe("paid");
    const audited = await services.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, "order.capture"), eq(operatorAudit.subject, placed.orderNumber)));
    expect(audited).toHaveLength(1);
    const again = await request(orderPath(placed.orderId), { cookie: operatorCookie, body: { intent: "capture", transactionId: transaction!.id } });
    expect(again.status).toBe(409);
    expect((await transactionOf(transaction!.id)).state).toBe("paid");
  });

  it("refuses more than is left, malformed amounts and another order's payment, changing nothing", async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    const refused = async (body: Record<string, string>, path = orderPath(order.orderId)) => {
      const response = await request(path, { cookie: operatorCookie, body });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      return response.text();
    };
    const tooMuch = await refused({ transactionId: order.transactionId, amount: major(order.amount + 1) });
    expect(tooMuch).toContain('role="alert"');
    expect(tooMuch).toContain("can still be refunded");
    for (const amount of ["0", "0.00", "-1", "1.234", "1,50", "abc", "", " ", "1e3", "0x10", "99999999999"]) {
      await refused({ transactionId: order.transactionId, amount });
    }
    await refused({ transactionId: "not-a-uuid", amount: "1.00" });
    await refused({ amount: "1.00" });
    // The other order's payment is not refunded through this order's page.
    const foreign = await refused({ transactionId: other.transactionId, amount: "1.00" });
    expect(foreign).toContain("does not belong to this order");

    for (const id of [order.transactionId, other.transactionId]) expect(await transactionOf(id)).toMatchObject({ state: "paid", refundedGross: 0 });
    expect(await refundAudits(order.orderNumber)).toHaveLength(0);
    expect(await refundAudits(other.orderNumber)).toHaveLength(0);
    // An unknown order is 404.
    expect((await request(orderPath("00000000-0000-4000-8000-000000000000"), { cookie: operatorCookie, body: { transactionId: order.transactionId, amount: "1.00" } })).status).toBe(404);
    expect(await transactionOf(order.transactionId)).toMatchObject({ state: "paid", refundedGross: 0 });
  });

  it("is not reachable without an operator session, not even with a customer's", async () => {
    const order = await paidOrder();
    const registration = await request("/account/register", {
      body: registrationFormFields(`orders-customer-${Date.now()}@example.com`, (await services.customers.countries()).find((c) => c.iso === "DE")!.id),
    });
    expect(registration.status).toBe(303);
    const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(registration.headers.get("set-cookie") ?? "")?.[1];
    expect(session).toBeTruthy();

    for (const cookie of [undefined, `${SESSION_COOKIE}=${session}`, `${OPERATOR_COOKIE}=${"x".repeat(43)}`]) {
      for (const path of ["/admin/orders", `/admin/orders?search=${order.orderNumber}`, orderPath(order.orderId)]) {
        const page = await request(path, { cookie });
        expect([302, 303], `${path} ${cookie}`).toContain(page.status);
        expect(page.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      const post = await request(orderPath(order.orderId), { cookie, body: { transactionId: order.transactionId, amount: major(order.amount) } });
      expect(post.status, String(cookie)).toBe(401);
    }
    expect(await transactionOf(order.transactionId)).toMatchObject({ state: "paid", refundedGross: 0 });
    expect(await refundAudits(order.orderNumber)).toHaveLength(0);
  });
});
