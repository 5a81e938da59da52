import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, routeNames, type RouteName } from "../../kernel/route-names";
import type { createApp } from "../app";
import { operator, operatorAudit, operatorSession } from "../operator/tables";
import { OPERATOR_COOKIE } from "../operator/service";
import { review } from "../reviews/tables";
import type { AppServices } from "../services";
import { registrationFormFields } from "../testing/fixtures";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { hashToken, SESSION_COOKIE } from "../visitor";
import { THROTTLE_RULES } from "../customer/throttle";

/*
 * The operator console's guard (issue 22): every page and action under /admin refused without an
 * operator session, and with a customer's session; CSRF refused; logins rotate the session and are
 * limited like customers'; every operator action in the audit log.
 */

const BASE = "http://shop.test";
const EMAIL = "guard-operator@vitrine.example";
const PASSWORD = "guard-operator-password";
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** Every console route but the login, with a path to request and, for those with an action, a valid-looking form. */
const GUARDED: { name: RouteName; params?: Record<string, string>; form?: Record<string, string> }[] = [
  { name: "admin.home.page" },
  { name: "admin.reviews.page", form: { intent: "approve", reviewId: SOME_ID } },
  { name: "admin.orders.page" },
  { name: "admin.order.page", params: { orderId: SOME_ID }, form: { transactionId: SOME_ID, amount: "1.00" } },
  { name: "admin.audit.page" },
  { name: "admin.visitors.page" },
  { name: "admin.quotes.page" },
  { name: "admin.quote.page", params: { quoteId: SOME_ID }, form: { intent: "reply", validUntil: "2030-01-01" } },
  { name: "admin.finish-text.page", form: { text: "Thank you!" } },
  { name: "admin.eligibility.page", form: { intent: "approve", orderId: SOME_ID } },
  { name: "admin.blacklist.page", form: { intent: "add", word: "Guarded", appliesTo: "name" } },
];

describe.each(availableBackends())("the operator console's guard on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  let customerCookie: string;

  let counter = 0;
  const newIp = () => `203.0.113.${(++counter % 250) + 1}`;

  function request(path: string, { cookie, body, origin = BASE, ip = newIp() }: { cookie?: string; body?: Record<string, string>; origin?: string | null; ip?: string } = {}) {
    const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": ip };
    if (cookie) headers.Cookie = cookie;
    if (!body) return app.request(BASE + path, { headers, redirect: "manual" });
    if (origin) headers.Origin = origin;
    return app.request(BASE + path, { method: "POST", body: new URLSearchParams(body), headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, redirect: "manual" });
  }

  const tokenOf = (response: Response) => new RegExp(`${OPERATOR_COOKIE}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")?.[1];

  async function logIn(ip?: string) {
    const response = await request("/admin/login", { body: { email: EMAIL, password: PASSWORD, redirectTo: "/admin/orders" }, ip });
    expect(response.status).toBe(303);
    return { response, cookie: `${OPERATOR_COOKIE}=${tokenOf(response)}` };
  }

  const audits = (action: string) => services.db.select().from(operatorAudit).where(eq(operatorAudit.action, action));

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
    expect((await services.operators.upsert(EMAIL, PASSWORD)).ok).toBe(true);
    const germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    const registered = await request("/account/register", { body: { ...registrationFormFields(`guard-customer-${Date.now()}@example.com`, germanyId), intent: "register" } });
    expect(registered.status).toBe(303);
    customerCookie = `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(registered.headers.get("set-cookie") ?? "")![1]}`;
  }, 120_000);
  afterAll(async () => database?.close());

  it.each([
    ["without any session", () => undefined],
    ["with a customer's session", () => customerCookie],
    ["with a made-up operator token", () => `${OPERATOR_COOKIE}=${"A".repeat(43)}`],
  ])("refuses every console page and action %s: pages lead to the login, actions answer 401", async (_label, cookieOf) => {
    const cookie = cookieOf();
    for (const route of GUARDED) {
      const path = buildPath(routeNames[route.name], route.params);
      const page = await request(path, { cookie });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      expect(page.headers.get("cache-control"), path).toContain("no-store");
      if (route.form) {
        const action = await request(path, { cookie, body: route.form });
        expect(action.status, path).toBe(401);
        expect(await action.text(), path).toContain("operator session");
      }
    }
    // React Router's data request (a client-side navigation) is sent to the login as well, with nothing of the page.
    const data = await request("/admin/audit.data", { cookie });
    const body = await data.text();
    expect(body).toContain("/admin/login");
    expect(body).not.toContain("operatorEmail");
  });

  it("logs an operator in with a fresh session (path /admin, HttpOnly, SameSite=Strict), back where they were going", async () => {
    const first = await logIn();
    expect(first.response.headers.get("location")).toBe("/admin/orders");
    const cookie = first.response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/Path=\/admin/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // Logging in again from the same browser drops the previous token.
    const again = await request("/admin/login", { cookie: first.cookie, body: { email: EMAIL, password: PASSWORD } });
    expect(again.status).toBe(303);
    const second = tokenOf(again)!;
    expect(second).not.toBe(first.cookie.split("=")[1]);
    expect((await request("/admin/reviews", { cookie: first.cookie })).status).toBe(302);
    const page = await request("/admin/reviews", { cookie: `${OPERATOR_COOKIE}=${second}` });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(await page.text()).toContain('<meta name="robots" content="noindex"');
    // An outside redirect target is not followed.
    const outside = await request("/admin/login", { body: { email: EMAIL, password: PASSWORD, redirectTo: "//evil.example/admin" } });
    expect(outside.headers.get("location")).toBe("/admin/reviews");
  });

  it("refuses wrong passwords the same way for unknown emails, and locks after repeated failures", async () => {
    const ip = "192.0.2.77";
    const wrong = await request("/admin/login", { body: { email: EMAIL, password: "not the password" }, ip });
    expect(wrong.status).toBe(400);
    expect(tokenOf(wrong)).toBeUndefined();
    const unknown = await request("/admin/login", { body: { email: "nobody@vitrine.example", password: "not the password" }, ip });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("The email address or the password is not right.");
    // A customer's account does not open the console.
    const lockedEmail = "locked-operator@vitrine.example";
    await services.operators.upsert(lockedEmail, "locked-operator-password");
    let last: Response | undefined;
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit; i++) last = await request("/admin/login", { body: { email: lockedEmail, password: `wrong ${i}` } });
    expect(last!.status).toBe(429);
    const evenRight = await request("/admin/login", { body: { email: lockedEmail, password: "locked-operator-password" } });
    expect(evenRight.status).toBe(429);
    expect(tokenOf(evenRight)).toBeUndefined();
  });

  it("refuses a console action posted from another site (CSRF) and without an Origin", async () => {
    const { cookie } = await logIn();
    const [pending] = await services.db.select({ id: review.id }).from(review).where(eq(review.status, "approved")).limit(1);
    for (const origin of ["https://evil.example", null]) {
      const response = await request("/admin/reviews", { cookie, origin, body: { intent: "reject", reviewId: pending!.id } });
      expect(response.status).toBe(403);
    }
    const [after] = await services.db.select({ status: review.status }).from(review).where(eq(review.id, pending!.id));
    expect(after!.status).toBe("approved");
  });

  it("writes every action to the audit log: login, review approval, logout; a deactivated operator's session ends", async () => {
    const before = (await audits("login")).length;
    const { cookie } = await logIn();
    expect((await audits("login")).length).toBe(before + 1);

    const [target] = await services.db.select({ id: review.id }).from(review).limit(1);
    await services.db.update(review).set({ status: "pending" }).where(eq(review.id, target!.id));
    const approved = await request("/admin/reviews", { cookie, body: { intent: "approve", reviewId: target!.id } });
    expect(approved.status).toBe(200);
    const [row] = await services.db.select({ status: review.status }).from(review).where(eq(review.id, target!.id));
    expect(row!.status).toBe("approved");
    const [entry] = await services.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, "review.approve"), eq(operatorAudit.subject, target!.id)));
    expect(entry).toMatchObject({ operatorEmail: EMAIL });

    const log = await request("/admin/audit", { cookie });
    expect(await log.text()).toContain("review.approve");

    const loggedOut = await request("/admin/logout", { cookie, body: {} });
    expect(loggedOut.status).toBe(303);
    expect(loggedOut.headers.get("set-cookie")).toMatch(new RegExp(`${OPERATOR_COOKIE}=;.*Max-Age=0`));
    expect((await request("/admin/reviews", { cookie })).status).toBe(302);
    const [logout] = await audits("logout");
    expect(logout).toMatchObject({ operatorEmail: EMAIL });

    const { cookie: another } = await logIn();
    await services.db.update(operator).set({ active: false }).where(eq(operator.email, EMAIL));
    expect((await request("/admin/reviews", { cookie: another })).status).toBe(302);
    await services.db.update(operator).set({ active: true }).where(eq(operator.email, EMAIL));
    const [stored] = await services.db.select().from(operatorSession).where(eq(operatorSession.tokenHash, hashToken(another.split("=")[1]!)));
    expect(stored).toBeTruthy();
  });
});
