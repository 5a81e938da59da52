import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../kernel/b2b-permissions";
import { DEMO_B2B_COMPANIES, DEMO_B2B_PASSWORD, ensureDemoB2b } from "../../seed/demo-b2b";
import { createCartService } from "../cart/service";
import { productVariant } from "../catalog/tables";
import { createCustomerService, type CustomerService } from "../customer/service";
import { customer, session } from "../customer/tables";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createOrderService } from "../order/service";
import type { OrderService } from "../order/service-types";
import { customerOrder } from "../order/tables";
import { loadSalesChannel } from "../services";
import { singleUnitVariantId } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { hashToken, newToken } from "../visitor";
import { ordersFilterOf, type B2bService } from "./api";
import { INVITATION_TTL_HOURS } from "./schemas";
import { createB2bService } from "./service";
import { b2bEmployee, b2bEmployeeSession, b2bRole } from "./tables";

/*
 * The B2B domain (issue 23) on both databases: the demo companies, employee logins and sessions,
 * invitations (single use, expiring, unguessable), deactivation and deletion ending sessions, roles
 * closed under their dependencies, every object confined to its company, and orders recording and
 * scoping the employee.
 */

const [NORTHWIND, SOUTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0], (typeof DEMO_B2B_COMPANIES)[0]];
const APP_URL = "http://shop.test";

describe.each(availableBackends())("B2B on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let b2b: B2bService;
  let customers: CustomerService;
  let orders: OrderService;
  let carts: ReturnType<typeof createCartService>;
  let mailDir: string;
  let clock = Date.now();
  let northwind: string;
  let southwind: string;
  let variantId: string;

  const partnerId = async (email: string) => (await db.select({ id: customer.id }).from(customer).where(eq(customer.email, email)))[0]!.id;
  const employeeByEmail = async (email: string) => (await db.select().from(b2bEmployee).where(eq(b2bEmployee.email, email)))[0]!;
  const login = (email: string, password = DEMO_B2B_PASSWORD) => customers.login({ email, password }, { clientIp: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

  /** The invitation link of the newest mail to `email`. */
  function invitationToken(email: string): string {
    const files = readdirSync(mailDir).sort();
    // Quoted-printable: soft line breaks joined, `=3D` back to `=`.
    const mails = files
      .map((file) => readFileSync(path.join(mailDir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((text) => text.includes(`To: ${email}`));
    const token = /\/account\/employees\/invitation\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1) ?? "")?.[1];
    if (!token) throw new Error(`no invitation mail to ${email}`);
    return token;
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    const logger = createLogger("silent");
    mailDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-b2b-mail-"));
    const mailer = createMailer({ mailDir, from: "Shop <shop@test>", logger });
    b2b = createB2bService({ db, channel, mailer, logger, appUrl: APP_URL, now: () => new Date(clock) });
    customers = createCustomerService(db, channel);
    carts = createCartService(db, channel);
    orders = createOrderService({ db, channel, cart: carts, mailer, logger });
    expect(await ensureDemoB2b(db)).toBe(true);
    northwind = await partnerId(NORTHWIND.partner.email);
    southwind = await partnerId(SOUTHWIND.partner.email);
    variantId = await singleUnitVariantId(db);
    await db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));
  }, 120_000);
  afterAll(async () => database?.close());

  describe("the demo companies (CONTRACT §6)", () => {
    it("are created once, with their roles, default role and employees", async () => {
      expect(await ensureDemoB2b(db)).toBe(false);
      const roles = await b2b.roles(northwind);
      expect(roles.map((r) => [r.name, r.isDefault, r.permissions.length, r.employeeCount])).toEqual([
        ["Approver", false, 7, 1],
        ["Buyer", true, 1, 1],
      ]);
      expect(roles.find((r) => r.name === "Buyer")!.permissions).toEqual(["quote.request"]);
      const employees = await b2b.employees(northwind);
      expect(employees.map((e) => [`${e.firstName} ${e.lastName}`, e.email, e.roleName, e.status])).toEqual([
        ["Mara Lind", "mara.lind@northwind.example", "Buyer", "active"],
        ["Jonas Weber", "jonas.weber@northwind.example", "Approver", "active"],
      ]);
      expect((await b2b.employees(southwind)).map((e) => e.email)).toEqual(["lena.ost@southwind.example"]);
    });

    it("give the partner every permission and an employee their role's", async () => {
      expect((await b2b.actorOf(northwind, null))!.permissions).toEqual(PERMISSIONS);
      const jonas = await employeeByEmail("jonas.weber@northwind.example");
      const actor = await b2b.actorOf(northwind, jonas.id);
      expect(actor).toMatchObject({ partnerId: northwind, employee: { firstName: "Jonas", lastName: "Weber" } });
      expect(actor!.permissions).toContain("order.read.all");
      expect(actor!.permissions).not.toContain("employee.read");
      // An employee never acts for another company, and an ordinary customer is no business partner.
      expect(await b2b.actorOf(southwind, jonas.id)).toBeNull();
      const [plain] = await db.insert(customer).values({ salesChannelId: (await loadSalesChannel(db)).id, email: "plain@example.com", firstName: "P", lastName: "Lain" }).returning();
      expect(await b2b.actorOf(plain!.id, null)).toBeNull();
    });
  });

  describe("employee logins", () => {
    it("log in with their own password and act for the partner's account", async () => {
      const result = await login("mara.lind@northwind.example");
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.customer.id).toBe(northwind);
      const view = await customers.fromSession(result.sessionToken);
      expect(view).toMatchObject({ id: northwind, email: NORTHWIND.partner.email, employee: { firstName: "Mara", email: "mara.lind@northwind.example" } });
      expect((await login("mara.lind@northwind.example", "wrong-password")).ok).toBe(false);
      // The partner's own login is the customer's, without an employee.
      const partner = await login(NORTHWIND.partner.email);
      expect(partner.ok && (await customers.fromSession(partner.sessionToken))!.employee).toBeNull();
    });

    it("keep emails unique across customer accounts and employees", async () => {
      const channelCountries = await customers.countries();
      const registration = await customers.register(
        {
          email: "mara.lind@northwind.example",
          password: "long-enough-password",
          passwordConfirmation: "long-enough-password",
          salutation: "mrs",
          firstName: "Mara",
          lastName: "Lind",
          billingAddress: { street: "Weg 1", zipcode: "10115", city: "Berlin", countryId: channelCountries[0]!.id },
        },
        { clientIp: "198.51.100.200" },
      );
      expect(registration).toMatchObject({ ok: false, errors: { email: "email-taken" } });
      const roleId = (await b2b.roleOptions(northwind))[0]!.id;
      for (const email of [SOUTHWIND.partner.email, "lena.ost@southwind.example"]) {
        expect(await b2b.invite(northwind, { firstName: "A", lastName: "B", email, roleId }, { locale: "en" })).toEqual({ ok: false, errors: { email: "email-taken" } });
      }
    });
  });

  describe("invitations", () => {
    let roleId: string;
    beforeAll(async () => {
      roleId = (await b2b.roleOptions(northwind)).find((r) => r.isDefault)!.id;
    });

    it("refuse bad input with a code per field, and another company's role", async () => {
      expect(await b2b.invite(northwind, { firstName: "", lastName: "x".repeat(101), email: "nope", roleId: "admin" }, { locale: "en" })).toEqual({
        ok: false,
        errors: { firstName: "required", lastName: "too-long", email: "email-invalid", roleId: "role-unknown" },
      });
      const southRole = (await b2b.roleOptions(southwind))[0]!.id;
      expect(await b2b.invite(northwind, { firstName: "Eve", lastName: "Spy", email: "eve@northwind.example", roleId: southRole }, { locale: "en" })).toEqual({
        ok: false,
        errors: { roleId: "role-unknown" },
      });
      expect(await db.select().from(b2bEmployee).where(eq(b2bEmployee.email, "eve@northwind.example"))).toEqual([]);
    });

    it("mail a single-use link that sets the password and activates the employee", async () => {
      const invited = await b2b.invite(northwind, { firstName: "Ida", lastName: "Kraft", email: "Ida.Kraft@Northwind.example", roleId }, { locale: "en" });
      expect(invited).toMatchObject({ ok: true, value: { email: "ida.kraft@northwind.example", status: "invited", roleName: "Buyer" } });
      const token = invitationToken("ida.kraft@northwind.example");
      // Only the hash is stored.
      expect((await employeeByEmail("ida.kraft@northwind.example")).invitationTokenHash).toBe(hashToken(token));
      expect(await b2b.invitation(token)).toEqual({ firstName: "Ida", lastName: "Kraft", email: "ida.kraft@northwind.example", company: NORTHWIND.company, reset: false });
      // An invited employee cannot log in yet.
      expect((await login("ida.kraft@northwind.example", "")).ok).toBe(false);

      expect(await b2b.activate(token, { password: "short", passwordConfirmation: "short" })).toEqual({ ok: false, errors: { password: "password-too-short" } });
      expect(await b2b.activate(token, { password: "ida-password-1", passwordConfirmation: "ida-password-2" })).toEqual({
        ok: false,
        errors: { passwordConfirmation: "confirmation-mismatch" },
      });
      expect(await b2b.activate(token, { password: "ida-password-1", passwordConfirmation: "ida-password-1" })).toEqual({ ok: true, value: { email: "ida.kraft@northwind.example" } });
      // Used up: the link shows nothing and sets nothing.
      expect(await b2b.invitation(token)).toBeNull();
      expect(await b2b.activate(token, { password: "hijacked-password", passwordConfirmation: "hijacked-password" })).toBeNull();
      expect((await login("ida.kraft@northwind.example", "ida-password-1")).ok).toBe(true);
      expect((await login("ida.kraft@northwind.example", "hijacked-password")).ok).toBe(false);
    });

    it(`expire after ${INVITATION_TTL_HOURS} hours`, async () => {
      await b2b.invite(northwind, { firstName: "Otto", lastName: "Late", email: "otto.late@northwind.example", roleId }, { locale: "de" });
      const token = invitationToken("otto.late@northwind.example");
      // In the partner's language (the mail's file is named after its subject).
      expect(readdirSync(mailDir).filter((file) => file.includes("Northwind-Trading-GmbH-hat-Sie-eingeladen"))).toHaveLength(1);
      const sent = clock;
      try {
        clock = sent + INVITATION_TTL_HOURS * 3_600_000 - 60_000;
        expect(await b2b.invitation(token)).not.toBeNull();
        clock = sent + INVITATION_TTL_HOURS * 3_600_000 + 1;
        expect(await b2b.invitation(token)).toBeNull();
        expect(await b2b.activate(token, { password: "otto-password", passwordConfirmation: "otto-password" })).toBeNull();
      } finally {
        clock = sent;
      }
      expect((await employeeByEmail("otto.late@northwind.example")).passwordHash).toBeNull();
    });

    it("also set a new password for an active employee who forgot theirs, ending their sessions", async () => {
      const roleId = (await b2b.roleOptions(northwind))[0]!.id;
      await b2b.invite(northwind, { firstName: "Fred", lastName: "Forget", email: "fred.forget@northwind.example", roleId }, { locale: "en" });
      await b2b.activate(invitationToken("fred.forget@northwind.example"), { password: "fred-password-1", passwordConfirmation: "fred-password-1" });
      const session = await login("fred.forget@northwind.example", "fred-password-1");
      if (!session.ok) throw new Error("login failed");
      const mails = () => readdirSync(mailDir).length;
      const before = mails();
      // Unknown, malformed and customers' emails send nothing here (the customers' reset has its own mail).
      for (const email of ["nobody@northwind.example", "not an email", NORTHWIND.partner.email]) await b2b.requestPasswordReset(email, { locale: "en" });
      expect(mails()).toBe(before);

      await b2b.requestPasswordReset("  Fred.Forget@Northwind.example ", { locale: "en" });
      expect(mails()).toBe(before + 1);
      const token = invitationToken("fred.forget@northwind.example");
      expect(await b2b.invitation(token)).toMatchObject({ firstName: "Fred", reset: true });
      expect(await b2b.activate(token, { password: "fred-password-2", passwordConfirmation: "fred-password-2" })).toEqual({ ok: true, value: { email: "fred.forget@northwind.example" } });
      expect(await customers.fromSession(session.sessionToken)).toBeNull();
      expect((await login("fred.forget@northwind.example", "fred-password-1")).ok).toBe(false);
      expect((await login("fred.forget@northwind.example", "fred-password-2")).ok).toBe(true);

      // A deactivated employee gets no link: they stay out until the company lets them in again.
      const fred = await employeeByEmail("fred.forget@northwind.example");
      await b2b.deactivate(northwind, fred.id);
      const count = mails();
      await b2b.requestPasswordReset("fred.forget@northwind.example", { locale: "en" });
      expect(mails()).toBe(count);
      expect((await employeeByEmail("fred.forget@northwind.example")).invitationTokenHash).toBeNull();
    });

    it("cannot be guessed: unknown and malformed tokens show and set nothing", async () => {
      for (const token of [newToken(), "x", "' or 1=1 --", "a".repeat(43) + "/"]) {
        expect(await b2b.invitation(token)).toBeNull();
        expect(await b2b.activate(token, { password: "guess-password", passwordConfirmation: "guess-password" })).toBeNull();
      }
    });
  });

  describe("deactivation and deletion", () => {
    it("deactivation ends the employee's sessions and refuses their login; reactivation lets them in again", async () => {
      const first = await login("jonas.weber@northwind.example");
      const second = await login("jonas.weber@northwind.example");
      if (!first.ok || !second.ok) throw new Error("login failed");
      const jonas = await employeeByEmail("jonas.weber@northwind.example");
      expect(await b2b.deactivate(northwind, jonas.id)).toMatchObject({ firstName: "Jonas", lastName: "Weber", status: "inactive" });
      expect(await customers.fromSession(first.sessionToken)).toBeNull();
      expect(await customers.fromSession(second.sessionToken)).toBeNull();
      expect(await db.select().from(session).where(eq(session.tokenHash, hashToken(first.sessionToken)))).toEqual([]);
      expect((await login("jonas.weber@northwind.example")).ok).toBe(false);
      expect(await b2b.actorOf(northwind, jonas.id)).toBeNull();

      expect(await b2b.reactivate(northwind, jonas.id, { locale: "en" })).toMatchObject({ status: "active" });
      expect((await login("jonas.weber@northwind.example")).ok).toBe(true);
    });

    it("deletion ends the sessions too: an employee's session never turns into the partner's", async () => {
      const roleId = (await b2b.roleOptions(northwind))[0]!.id;
      const invited = await b2b.invite(northwind, { firstName: "Tim", lastName: "Temp", email: "tim.temp@northwind.example", roleId }, { locale: "en" });
      if (!invited.ok) throw new Error("invite failed");
      await b2b.activate(invitationToken("tim.temp@northwind.example"), { password: "tim-password", passwordConfirmation: "tim-password" });
      const tim = await login("tim.temp@northwind.example", "tim-password");
      if (!tim.ok) throw new Error("login failed");
      expect(await b2b.remove(northwind, invited.value.id)).toBe(true);
      expect(await customers.fromSession(tim.sessionToken)).toBeNull();
      expect(await db.select().from(b2bEmployeeSession).where(eq(b2bEmployeeSession.employeeId, invited.value.id))).toEqual([]);
      expect(await b2b.remove(northwind, invited.value.id)).toBe(false);
    });
  });

  describe("roles", () => {
    it("refuse a permission set that is not closed under its dependencies, and unknown permissions", async () => {
      expect(await b2b.saveRole(northwind, null, { name: "Editors", isDefault: false, permissions: ["employee.edit"] })).toEqual({
        ok: false,
        errors: { permissions: "permissions-not-closed" },
      });
      expect(await b2b.saveRole(northwind, null, { name: "Editors", isDefault: false, permissions: ["employee.read", "root.everything"] })).toEqual({
        ok: false,
        errors: { permissions: "invalid" },
      });
      expect(await b2b.saveRole(northwind, null, { name: "", isDefault: false, permissions: [] })).toEqual({ ok: false, errors: { name: "required" } });
      expect(await db.select().from(b2bRole).where(eq(b2bRole.name, "Editors"))).toEqual([]);
    });

    it("save a closed set, make a role the default, and refuse a name the company already uses", async () => {
      const saved = await b2b.saveRole(northwind, null, { name: "Team leads", isDefault: true, permissions: ["employee.read", "employee.edit"] });
      expect(saved).toMatchObject({ ok: true, value: { name: "Team leads", isDefault: true, permissions: ["employee.read", "employee.edit"], employeeCount: 0 } });
      expect((await b2b.roleOptions(northwind))[0]).toMatchObject({ name: "Team leads", isDefault: true });
      expect(await b2b.saveRole(northwind, null, { name: "team LEADS", isDefault: false, permissions: [] })).toEqual({ ok: false, errors: { name: "name-taken" } });
      // Another company may use the same name.
      const south = await b2b.saveRole(southwind, null, { name: "Team leads", isDefault: false, permissions: [] });
      if (!saved?.ok || !south?.ok) throw new Error("not saved");
      // Unchecking the default keeps no default; deleting the role leaves its employees without one.
      expect(await b2b.saveRole(northwind, saved.value.id, { name: "Team leads", isDefault: false, permissions: [] })).toMatchObject({ ok: true, value: { isDefault: false } });
      expect((await b2b.roleOptions(northwind)).some((r) => r.isDefault)).toBe(false);
      expect(await b2b.deleteRole(northwind, saved.value.id)).toBe(true);
      expect(await b2b.deleteRole(southwind, south.value.id)).toBe(true);
    });
  });

  describe("one company's objects are out of another's reach", () => {
    it("Northwind can neither read nor change Southwind's employees and roles", async () => {
      const lena = await employeeByEmail("lena.ost@southwind.example");
      const [southRole] = await b2b.roles(southwind);
      const northRole = (await b2b.roleOptions(northwind))[0]!.id;
      expect(await b2b.role(northwind, southRole!.id)).toBeNull();
      expect(await b2b.deactivate(northwind, lena.id)).toBeNull();
      expect(await b2b.reactivate(northwind, lena.id, { locale: "en" })).toBeNull();
      expect(await b2b.assignRole(northwind, lena.id, northRole)).toBeNull();
      expect(await b2b.remove(northwind, lena.id)).toBe(false);
      expect(await b2b.saveRole(northwind, southRole!.id, { name: "Taken over", isDefault: true, permissions: [...PERMISSIONS] })).toBeNull();
      expect(await b2b.deleteRole(northwind, southRole!.id)).toBe(false);
      // Southwind's employee cannot be given a Southwind role through Northwind either, nor a Northwind employee a Southwind role.
      const mara = await employeeByEmail("mara.lind@northwind.example");
      expect(await b2b.assignRole(northwind, mara.id, southRole!.id)).toEqual({ ok: false, errors: { roleId: "role-unknown" } });
      // Nothing changed.
      expect(await employeeByEmail("lena.ost@southwind.example")).toEqual(lena);
      expect(await b2b.roles(southwind)).toEqual([southRole]);
      expect((await employeeByEmail("mara.lind@northwind.example")).roleId).toBe(mara.roleId);
    });
  });

  describe("orders", () => {
    async function orderAs(sessionToken: string) {
      const view = (await customers.fromSession(sessionToken))!;
      const change = await carts.addLineItem(undefined, { variantId, quantity: 1 });
      await carts.confirmedBy(change.token, view.employee?.id ?? null);
      const placed = await orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId: view.id });
      if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
      return placed;
    }

    it("record the employee who placed them; employees see their own unless their role shows all", async () => {
      const mara = await login("mara.lind@northwind.example");
      const jonas = await login("jonas.weber@northwind.example");
      const partner = await login(NORTHWIND.partner.email);
      if (!mara.ok || !jonas.ok || !partner.ok) throw new Error("login failed");
      const byMara = await orderAs(mara.sessionToken);
      const byPartner = await orderAs(partner.sessionToken);
      const [row] = await db.select().from(customerOrder).where(eq(customerOrder.id, byMara.orderId));
      expect(row).toMatchObject({ customerId: northwind, employeeName: "Mara Lind" });
      expect((await orders.findForCustomer(byMara.orderId, northwind))!.placedBy).toBe("Mara Lind");
      expect((await orders.findForCustomer(byPartner.orderId, northwind))!.placedBy).toBeNull();

      const numbersFor = async (token: string) => {
        const view = (await customers.fromSession(token))!;
        return (await orders.listForCustomer(view.id, 1, await ordersFilterOf(b2b, view))).orders.map((o) => o.orderNumber).sort();
      };
      // Mara (Buyer) sees only hers; Jonas (Approver: order.read.all) and the partner see both.
      expect(await numbersFor(mara.sessionToken)).toEqual([byMara.orderNumber]);
      expect(await numbersFor(jonas.sessionToken)).toEqual([byMara.orderNumber, byPartner.orderNumber].sort());
      expect(await numbersFor(partner.sessionToken)).toEqual([byMara.orderNumber, byPartner.orderNumber].sort());
      const maraView = (await customers.fromSession(mara.sessionToken))!;
      expect(await orders.findByNumberForCustomer(byPartner.orderNumber, northwind, await ordersFilterOf(b2b, maraView))).toBeNull();
      // Another company's employee never reaches them.
      const lena = await login("lena.ost@southwind.example");
      if (!lena.ok) throw new Error("login failed");
      expect(await numbersFor(lena.sessionToken)).toEqual([]);
    });
  });
});
