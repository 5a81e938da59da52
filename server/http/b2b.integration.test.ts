import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, routeNames, type RouteName } from "../../kernel/route-names";
import { DEMO_B2B_COMPANIES, DEMO_B2B_PASSWORD, ensureDemoB2b } from "../../seed/demo-b2b";
import type { createApp } from "../app";
import { b2bEmployee, b2bRole } from "../b2b/tables";
import { productVariant } from "../catalog/tables";
import { customer } from "../customer/tables";
import type { AppServices } from "../services";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";

/*
 * The B2B pages and calls through the whole app (issue 23): each answers 403 to a role without its
 * permission (and to customers who are no business partner), 404 to another company's ids with
 * nothing changed, 4xx with a sentence to bad input; deactivation over the spec's call ends the
 * employee's session; the CSRF rules hold for the two calls.
 */

const BASE = "http://shop.test";
const [NORTHWIND, SOUTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0], (typeof DEMO_B2B_COMPANIES)[0]];

interface Call {
  label: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** A form for POST (a page's action). */
  form?: Record<string, string>;
  /** The storefront's own script (X-Requested-With), as the employee dialogs call. */
  xhr?: boolean;
}

describe.each(availableBackends())("the B2B pages and calls on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  const ids = { northwind: "", southwind: "", mara: "", jonas: "", lena: "", buyer: "", approver: "", southRole: "", northRule: "" };
  let counter = 0;

  function call({ method, path, form, xhr }: Omit<Call, "label">, cookie?: string, { origin = BASE }: { origin?: string | null } = {}) {
    const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": `203.0.113.${(++counter % 250) + 1}` };
    if (cookie) headers.Cookie = cookie;
    if (xhr) Object.assign(headers, { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" });
    if (method !== "GET" && origin) headers.Origin = origin;
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    return app.request(BASE + path, { method, headers, body: form ? new URLSearchParams(form) : undefined, redirect: "manual" });
  }

  async function loginCookie(email: string, password = DEMO_B2B_PASSWORD) {
    const result = await services.customers.login({ email, password }, { clientIp: `198.51.100.${(++counter % 250) + 1}` });
    if (!result.ok) throw new Error(`login of ${email} failed`);
    return `${SESSION_COOKIE}=${result.sessionToken}`;
  }

  const path = (name: RouteName, params?: Record<string, string>) => buildPath(routeNames[name], params);
  const employee = async (id: string) => (await services.db.select().from(b2bEmployee).where(eq(b2bEmployee.id, id)))[0];
  const roleRows = async (partnerId: string) => services.db.select().from(b2bRole).where(eq(b2bRole.partnerId, partnerId)).orderBy(b2bRole.name);

  /** Every B2B page, action and call, with the ids given (valid input otherwise). */
  function everyCall(employeeId: string, roleId: string, approvalRuleId = ids.northRule): (Call & { permission: string })[] {
    const employees = path("frontend.account.employees.page");
    const roles = path("frontend.account.roles.page");
    const rules = path("frontend.account.approval-rules.page");
    const pending = path("frontend.account.pending-orders.page");
    const rule = { name: `Rule ${counter}`, appliesToRoleId: roleId, totalAbove: "100", reviewerRoleId: roleId, priority: "1" };
    return [
      { label: "employees page", permission: "employee.read", method: "GET", path: employees },
      { label: "invite", permission: "employee.create", method: "POST", path: employees, form: { intent: "invite", firstName: "Eve", lastName: "Spy", email: `eve${counter}@example.com`, roleId } },
      { label: "deactivate (form)", permission: "employee.edit", method: "POST", path: employees, form: { intent: "deactivate", employeeId } },
      { label: "reactivate", permission: "employee.edit", method: "POST", path: employees, form: { intent: "reactivate", employeeId } },
      { label: "assign role", permission: "employee.edit", method: "POST", path: employees, form: { intent: "assign-role", employeeId, roleId } },
      { label: "delete (form)", permission: "employee.delete", method: "POST", path: employees, form: { intent: "delete", employeeId } },
      { label: "deactivate call", permission: "employee.edit", method: "GET", path: path("frontend.account.employee.deactivate", { employeeId }), xhr: true },
      { label: "delete call", permission: "employee.delete", method: "DELETE", path: path("frontend.account.employee.delete", { employeeId }), xhr: true },
      { label: "roles page", permission: "role.read", method: "GET", path: roles },
      { label: "delete role", permission: "role.delete", method: "POST", path: roles, form: { intent: "delete", roleId } },
      { label: "new role page", permission: "role.create", method: "GET", path: path("frontend.account.role.create.page") },
      { label: "create role", permission: "role.create", method: "POST", path: path("frontend.account.role.create.page"), form: { intent: "save", name: `Role ${counter}` } },
      { label: "role page", permission: "role.read", method: "GET", path: path("frontend.account.role.edit.page", { roleId }) },
      { label: "save role", permission: "role.edit", method: "POST", path: path("frontend.account.role.edit.page", { roleId }), form: { intent: "save", name: "Renamed", isDefault: "1" } },
      { label: "approval rules page", permission: "approval_rule.read", method: "GET", path: rules },
      { label: "add rule", permission: "approval_rule.create", method: "POST", path: rules, form: { ...rule, intent: "save" } },
      { label: "edit rule", permission: "approval_rule.update", method: "POST", path: rules, form: { ...rule, intent: "save", ruleId: approvalRuleId } },
      { label: "delete rule", permission: "approval_rule.delete", method: "POST", path: rules, form: { intent: "delete", ruleId: approvalRuleId } },
      { label: "approve", permission: "pending_order.approve_decline", method: "POST", path: pending, form: { intent: "approve", pendingOrderId: approvalRuleId } },
      { label: "decline", permission: "pending_order.approve_decline", method: "POST", path: pending, form: { intent: "decline", pendingOrderId: approvalRuleId, reason: "No." } },
    ];
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
    await ensureDemoB2b(services.db);
    const partner = async (email: string) => (await services.db.select({ id: customer.id }).from(customer).where(eq(customer.email, email)))[0]!.id;
    const employeeId = async (email: string) => (await services.db.select({ id: b2bEmployee.id }).from(b2bEmployee).where(eq(b2bEmployee.email, email)))[0]!.id;
    ids.northwind = await partner(NORTHWIND.partner.email);
    ids.southwind = await partner(SOUTHWIND.partner.email);
    ids.mara = await employeeId("mara.lind@northwind.example");
    ids.jonas = await employeeId("jonas.weber@northwind.example");
    ids.lena = await employeeId("lena.ost@southwind.example");
    const northRoles = await roleRows(ids.northwind);
    ids.approver = northRoles.find((r) => r.name === "Approver")!.id;
    ids.buyer = northRoles.find((r) => r.name === "Buyer")!.id;
    ids.southRole = (await roleRows(ids.southwind))[0]!.id;
    ids.northRule = (await services.approvals.rules(ids.northwind))[0]!.id;
  }, 120_000);
  afterAll(async () => database?.close());

  it("refuses every page, action and call to a role without its permission (403), changing nothing", async () => {
    // Mara's role (Buyer) holds quote.request only; Lena's (Purchaser) also employee.read.
    const mara = await loginCookie("mara.lind@northwind.example");
    const lena = await loginCookie("lena.ost@southwind.example");
    const beforeEmployees = await services.b2b.employees(ids.northwind);
    const beforeRoles = await roleRows(ids.northwind);
    for (const c of everyCall(ids.jonas, ids.approver)) {
      const response = await call(c, mara);
      expect(response.status, c.label).toBe(403);
      const text = await response.text();
      expect(text, c.label).toMatch(c.xhr ? /"success":false.*role does not allow/ : /role does not allow/);
    }
    for (const c of everyCall(ids.lena, ids.southRole)) {
      const response = await call(c, lena);
      expect(response.status, `${c.label} (Lena)`).toBe(c.label === "employees page" ? 200 : 403);
    }
    expect(await services.b2b.employees(ids.northwind)).toEqual(beforeEmployees);
    expect(await roleRows(ids.northwind)).toEqual(beforeRoles);
  });

  it("tells the header's account menu which company pages the login may open", async () => {
    const session = async (cookie: string) => (await call({ method: "GET", path: path("frontend.account.session") }, cookie)).json();
    expect(await session(await loginCookie(NORTHWIND.partner.email))).toEqual({
      loggedIn: true,
      guest: false,
      firstName: "Nora",
      employee: false,
      b2bPages: [
        "frontend.account.employees.page",
        "frontend.account.roles.page",
        "frontend.account.quotes.page",
        "frontend.b2b.quick-order.page",
        "frontend.account.approval-rules.page",
        "frontend.account.pending-orders.page",
      ],
    });
    expect(await session(await loginCookie("mara.lind@northwind.example"))).toEqual({
      loggedIn: true,
      guest: false,
      firstName: "Mara",
      employee: true,
      b2bPages: ["frontend.account.quotes.page", "frontend.b2b.quick-order.page", "frontend.account.pending-orders.page"],
    });
    expect(await session(await loginCookie("lena.ost@southwind.example"))).toMatchObject({
      employee: true,
      b2bPages: ["frontend.account.employees.page", "frontend.account.quotes.page", "frontend.b2b.quick-order.page", "frontend.account.pending-orders.page"],
    });
  });

  it("refuses customers who are no business partner (403) and visitors who are not logged in (login page, 401)", async () => {
    const germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    const registered = await call({ method: "POST", path: "/account/register", form: { ...registrationFormFields(`plain-${Date.now()}@example.com`, germanyId), intent: "register" } });
    expect(registered.status).toBe(303);
    const plain = `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(registered.headers.get("set-cookie") ?? "")![1]}`;
    for (const c of everyCall(ids.jonas, ids.approver)) {
      const refused = await call(c, plain);
      expect(refused.status, c.label).toBe(403);
      expect(await refused.text(), c.label).toContain("business customers");
      const anonymous = await call(c);
      if (c.xhr) expect(anonymous.status, c.label).toBe(401);
      else {
        expect([302, 303], c.label).toContain(anonymous.status);
        expect(anonymous.headers.get("location"), c.label).toMatch(/^\/account\/login\?redirectTo=/);
      }
    }
  });

  it("answers another company's ids with 404 (a role of another company with 400), changing nothing", async () => {
    const partner = await loginCookie(NORTHWIND.partner.email);
    const lenaBefore = await employee(ids.lena);
    const southRolesBefore = await roleRows(ids.southwind);
    const rulesBefore = await services.approvals.rules(ids.northwind);
    // Southwind has no approval rule or pending order: an id that is nobody's stands for another company's.
    for (const c of everyCall(ids.lena, ids.southRole, crypto.randomUUID())) {
      if (["employees page", "roles page", "new role page", "create role", "approval rules page"].includes(c.label)) continue;
      const response = await call(c, partner);
      // A Southwind role offered for a Northwind invitation or rule is a form error, not an object access.
      const expected = c.label === "invite" || c.label === "add rule" ? 400 : 404;
      expect(response.status, c.label).toBe(expected);
    }
    expect(await employee(ids.lena)).toEqual(lenaBefore);
    expect(await roleRows(ids.southwind)).toEqual(southRolesBefore);
    expect(await services.approvals.rules(ids.northwind)).toEqual(rulesBefore);
    const page = await (await call({ method: "GET", path: path("frontend.account.employees.page") }, partner)).text();
    expect(page).toContain("Mara");
    expect(page).not.toContain("Lena");
  });

  it("answers bad input with 400 and a sentence", async () => {
    const partner = await loginCookie(NORTHWIND.partner.email);
    const employees = path("frontend.account.employees.page");
    const cases: [Omit<Call, "label">, RegExp][] = [
      [{ method: "POST", path: employees, form: { intent: "deactivate", employeeId: "nope" } }, /not complete/],
      [{ method: "POST", path: employees, form: { intent: "promote", employeeId: ids.mara } }, /not complete/],
      [{ method: "GET", path: path("frontend.account.employee.deactivate", { employeeId: "nope" }), xhr: true }, /not an employee id/],
      [{ method: "POST", path: path("frontend.account.role.create.page"), form: { intent: "save", name: "Half", permissions: "employee.edit" } }, /Some permissions need others/],
      [{ method: "POST", path: path("frontend.account.role.create.page"), form: { intent: "save", name: "", permissions: "employee.read" } }, /Please fill in this field/],
      [{ method: "POST", path: employees, form: { intent: "invite", firstName: "", lastName: "Kraft", email: "not-an-email", roleId: ids.buyer } }, /Please enter a valid email address/],
    ];
    for (const [c, message] of cases) {
      const response = await call(c, partner);
      expect(response.status, c.path).toBe(400);
      expect(await response.text(), c.path).toMatch(message);
    }
    expect((await roleRows(ids.northwind)).map((r) => r.name)).toEqual(["Approver", "Buyer"]);
  });

  it("keeps the state-changing calls to our own scripts and pages (CSRF)", async () => {
    const partner = await loginCookie(NORTHWIND.partner.email);
    const deactivate = path("frontend.account.employee.deactivate", { employeeId: ids.mara });
    // A link or an image on another site cannot send X-Requested-With.
    expect((await call({ method: "GET", path: deactivate }, partner)).status).toBe(403);
    // A DELETE from another origin is refused before anything is looked at.
    expect((await call({ method: "DELETE", path: path("frontend.account.employee.delete", { employeeId: ids.mara }), xhr: true }, partner, { origin: "https://evil.example" })).status).toBe(403);
    expect((await employee(ids.mara))!.active).toBe(true);
  });

  it("deactivates over the spec's call: the employee's session ends and their login is refused; the page confirms", async () => {
    const partner = await loginCookie(NORTHWIND.partner.email);
    const jonas = await loginCookie("jonas.weber@northwind.example");
    expect((await call({ method: "GET", path: "/account" }, jonas)).status).toBe(200);
    const response = await call({ method: "GET", path: path("frontend.account.employee.deactivate", { employeeId: ids.jonas }), xhr: true }, partner);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, firstName: "Jonas", lastName: "Weber" });
    expect((await call({ method: "GET", path: "/account" }, jonas)).status).toBe(302);
    await expect(loginCookie("jonas.weber@northwind.example")).rejects.toThrow();
    const page = await call({ method: "GET", path: `${path("frontend.account.employees.page")}?deactivate=true&firstName=Jonas&lastName=Weber` }, partner);
    expect(await page.text()).toMatch(/Jonas Weber has been deactivated/);
    // The partner lets him in again.
    const back = await call({ method: "POST", path: path("frontend.account.employees.page"), form: { intent: "reactivate", employeeId: ids.jonas } }, partner);
    expect(back.status).toBe(303);
    expect((await employee(ids.jonas))!.active).toBe(true);
  });

  it("closes the company's profile to employees and shows each employee the orders their role allows", async () => {
    const mara = await loginCookie("mara.lind@northwind.example");
    expect((await call({ method: "GET", path: "/account/profile" }, mara)).status).toBe(403);
    const post = await call({ method: "POST", path: "/account/profile", form: { intent: "email", email: "taken-over@example.com", emailConfirmation: "taken-over@example.com", password: DEMO_B2B_PASSWORD } }, mara);
    expect(post.status).toBe(403);
    expect((await services.db.select().from(customer).where(eq(customer.id, ids.northwind)))[0]!.email).toBe(NORTHWIND.partner.email);

    // One order by the partner: Mara (Buyer) does not see it, Jonas (Approver: order.read.all) does.
    const variantId = await singleUnitVariantId(services.db);
    await services.db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));
    const change = await services.cart.addLineItem(undefined, { variantId, quantity: 1 });
    const placed = await services.orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId: ids.northwind });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const detail = path("frontend.account.order.single.page", { orderNumber: placed.orderNumber });
    expect((await call({ method: "GET", path: detail }, mara)).status).toBe(404);
    expect(await (await call({ method: "GET", path: "/account/order" }, mara)).text()).not.toContain(placed.orderNumber);
    const jonas = await loginCookie("jonas.weber@northwind.example");
    expect((await call({ method: "GET", path: detail }, jonas)).status).toBe(200);
    // Southwind's partner never sees Northwind's order.
    expect((await call({ method: "GET", path: detail }, await loginCookie(SOUTHWIND.partner.email))).status).toBe(404);
  });

  it("activates an invited employee through the mailed page, once", async () => {
    const partner = await loginCookie(NORTHWIND.partner.email);
    const invited = await call({ method: "POST", path: path("frontend.account.employees.page"), form: { intent: "invite", firstName: "Ida", lastName: "Kraft", email: "ida.kraft@northwind.example", roleId: ids.buyer } }, partner);
    expect(invited.status).toBe(200);
    const row = (await services.db.select().from(b2bEmployee).where(eq(b2bEmployee.email, "ida.kraft@northwind.example")))[0]!;
    expect(row).toMatchObject({ active: false, passwordHash: null, roleId: ids.buyer });
    // The token is only in the mail; a guess shows the expired/invalid page, not a form.
    const guess = await call({ method: "GET", path: path("frontend.account.employee.invitation.page", { token: "A".repeat(43) }) });
    expect(guess.status).toBe(200);
    const html = await guess.text();
    expect(html).toMatch(/<h1[^>]*>Activate your account/);
    expect(html).toContain("This invitation link does not work any more");
    expect(html).not.toMatch(/<input[^>]*type="password"/);
  });
});
