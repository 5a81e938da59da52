import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, routeNames, type RouteName } from "../../kernel/route-names";
import { DEMO_B2B_COMPANIES, DEMO_B2B_PASSWORD, ensureDemoB2b } from "../../seed/demo-b2b";
import type { createApp } from "../app";
import { b2bPendingOrder } from "../b2b/approvals/tables";
import { paymentMethod } from "../cart/tables";
import { customerOrder } from "../order/tables";
import { paymentTransaction } from "../payment/tables";
import type { AppServices } from "../services";
import { bulkVariant } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";

/*
 * The approval journey through the app (issue 24, CONTRACT §6): the confirm page says that the rule holds
 * the order and Submit order sends it for approval (no order); the pending orders page lets the reviewer
 * approve (the order is placed) or decline; roles, companies and bad input are refused on the server.
 */

const [NORTHWIND, SOUTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0], (typeof DEMO_B2B_COMPANIES)[1]];
const BASE = "http://shop.test";
const MARA = "mara.lind@northwind.example";
const JONAS = "jonas.weber@northwind.example";

describe.each(availableBackends())("approvals through the app on %s", (backend) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  let counter = 0;

  const path = (name: RouteName) => buildPath(routeNames[name]);
  const page = (url: string, cookie: string) => app.request(BASE + url, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
  const post = (url: string, form: Record<string, string>, cookie: string) =>
    app.request(BASE + url, {
      method: "POST",
      headers: { Accept: "text/html", Cookie: cookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  async function loginCookie(email: string) {
    const result = await services.customers.login({ email, password: DEMO_B2B_PASSWORD }, { clientIp: `198.51.100.${(++counter % 250) + 1}` });
    if (!result.ok) throw new Error(`login of ${email} failed`);
    return `${SESSION_COOKIE}=${result.sessionToken}`;
  }

  /** Mara's session with a cart of about 800 EUR paid by invoice (or `method`), and the confirm form's fields. */
  async function maraAtConfirm(method = "invoice") {
    const variant = await bulkVariant(services.db);
    const added = await services.cart.addLineItem(undefined, { variantId: variant.id, quantity: Math.ceil(80_000 / variant.gross) });
    const [chosen] = await services.db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, method));
    const configured = await services.cart.configure(added.token, { paymentMethodId: chosen!.id });
    const cookie = `${await loginCookie(MARA)}; ${CART_COOKIE}=${added.token}`;
    const { revision, totals } = configured.result.cart;
    return { cookie, form: { intent: "order", revision: String(revision), expectedGrossTotal: String(totals.grossTotal), tos: "on" } };
  }

  async function requested() {
    const mara = await maraAtConfirm();
    const response = await post(path("frontend.checkout.confirm.page"), mara.form, mara.cookie);
    expect(response.status).toBe(303);
    const number = /^\/account\/pending-orders\?requested=(\d+)$/.exec(response.headers.get("location") ?? "")?.[1];
    expect(number).toBeDefined();
    const [row] = await services.db.select().from(b2bPendingOrder).where(eq(b2bPendingOrder.number, Number(number)));
    return { ...mara, pending: row! };
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // With the payment providers' doubles: a held order must not reach them.
    testApp = await createTestApp(database, { env: { APP_URL: BASE }, payments: true });
    ({ app, services } = testApp);
    await ensureDemoB2b(services.db);
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
  });

  it("says on the confirm page that the rule holds the order, and Submit order sends it for approval: no order", async () => {
    const mara = await maraAtConfirm();
    const confirm = await (await page(path("frontend.checkout.confirm.page"), mara.cookie)).text();
    expect(confirm).toContain("This order needs approval (Orders above 500 EUR)");
    const ordersBefore = (await services.db.select({ id: customerOrder.id }).from(customerOrder)).length;
    const response = await post(path("frontend.checkout.confirm.page"), mara.form, mara.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/account\/pending-orders\?requested=\d+$/);
    expect((await services.db.select({ id: customerOrder.id }).from(customerOrder)).length).toBe(ordersBefore);
    const list = await (await page(`${response.headers.get("location")}`, mara.cookie)).text();
    expect(list).toContain("waits for approval");
    expect(list).toContain("Mara Lind");
    // Mara may not decide: no buttons for her.
    expect(list).not.toMatch(/>Approve</);
  });

  it("takes no provider payment for a held order: the confirm page offers none, PayPal and Amazon Pay refuse", async () => {
    const mara = await maraAtConfirm("paypal");
    const confirm = await (await page(path("frontend.checkout.confirm.page"), mara.cookie)).text();
    expect(confirm).toContain(">Invoice<");
    expect(confirm).not.toContain(">PayPal<");
    expect(confirm).not.toContain(">Amazon Pay<");
    const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE, Cookie: mara.cookie };
    const transactionsBefore = (await services.db.select({ id: paymentTransaction.id }).from(paymentTransaction)).length;
    const paypal = await app.request(BASE + path("frontend.paypal.create_order"), { method: "POST", headers: xhr, body: new URLSearchParams({ product: "spb" }) });
    expect(paypal.status).toBe(409);
    expect(await paypal.text()).toContain("needs approval first");
    const amazon = await app.request(BASE + path("frontend.amazon-pay.checkout-config"), { method: "POST", headers: xhr });
    expect(amazon.status).toBe(409);
    expect((await services.db.select({ id: paymentTransaction.id }).from(paymentTransaction)).length).toBe(transactionsBefore);
    // Submitting with the provider's method chosen sends nothing for approval either: the method must be chosen again.
    const submitted = await post(path("frontend.checkout.confirm.page"), mara.form, mara.cookie);
    expect(submitted.status).toBe(409);
  });

  it("lets Jonas approve: the order is placed for Mara; Mara and another company may not decide", async () => {
    const { pending } = await requested();
    const form = { intent: "approve", pendingOrderId: pending.id };
    const mara = await loginCookie(MARA);
    const maraTry = await post(path("frontend.account.pending-orders.page"), form, mara);
    expect(maraTry.status).toBe(403);
    expect(await maraTry.text()).toContain("role does not allow");
    const southwind = await post(path("frontend.account.pending-orders.page"), form, await loginCookie(SOUTHWIND.partner.email));
    expect(southwind.status).toBe(404);
    const [still] = await services.db.select({ status: b2bPendingOrder.status }).from(b2bPendingOrder).where(eq(b2bPendingOrder.id, pending.id));
    expect(still!.status).toBe("pending");

    const jonas = await loginCookie(JONAS);
    const approved = await post(path("frontend.account.pending-orders.page"), form, jonas);
    expect(approved.status).toBe(303);
    const orderNumber = /order=([^&]+)$/.exec(approved.headers.get("location") ?? "")?.[1];
    const [order] = await services.db.select().from(customerOrder).where(eq(customerOrder.orderNumber, orderNumber!));
    expect(order).toMatchObject({ employeeName: "Mara Lind", grossTotal: pending.totalGross });
    const again = await post(path("frontend.account.pending-orders.page"), form, jonas);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("decided meanwhile");
  });

  it("declines with a reason; a missing reason and a malformed form get 400 with a sentence", async () => {
    const { pending } = await requested();
    const partner = await loginCookie(NORTHWIND.partner.email);
    const pendingPage = path("frontend.account.pending-orders.page");
    const empty = await post(pendingPage, { intent: "decline", pendingOrderId: pending.id, reason: " " }, partner);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please fill in this field");
    const malformed = await post(pendingPage, { intent: "cancel", pendingOrderId: pending.id }, partner);
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("This form is not complete");
    expect((await post(pendingPage, { intent: "approve", pendingOrderId: "nope" }, partner)).status).toBe(404);
    const declined = await post(pendingPage, { intent: "decline", pendingOrderId: pending.id, reason: "Not this month." }, partner);
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe(`${pendingPage}?declined=${pending.number}`);
    const list = await (await page(pendingPage, await loginCookie(MARA))).text();
    expect(list).toContain("Not this month.");
  });
});
