import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { contactMessage } from "../contact/tables";
import type { FormAlert } from "../forms/alerts";
import { createLogger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { loadSalesChannel, type AppServices } from "../services";
import { createContactService } from "../contact/service";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createTestApp } from "../testing/test-app";

const BASE = "http://shop.test";
describe.each(availableBackends())("contact form (frontend.form.contact.page) on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // The captcha has its own tests (captcha.integration.test.ts); these are about the contact form.
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE }, settings: { "captcha.contact": false } }));
  });
  afterAll(async () => database?.close());

  let counter = 0;
  const valid = (overrides: Record<string, string> = {}) => ({
    salutation: "mrs",
    firstName: "Erika",
    lastName: "Musterfrau",
    email: `erika${++counter}-${backend}@example.com`,
    subject: "Where is my parcel?",
    comment: "I ordered a week ago and the parcel has not arrived yet.",
    ...overrides,
  });
  const xhr = { "X-Requested-With": "XMLHttpRequest" };
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(BASE + "/contact", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, ...headers },
    });
  /** The request a form arrives with, for the service's captcha check (the contact captcha is off here). */
  const formPost = () => new Request(BASE + "/contact", { method: "POST" });
  const storedFor = (email: string) =>
    services.db.select().from(contactMessage).where(eq(contactMessage.email, email)).orderBy(desc(contactMessage.createdAt));

  describe("AJAX (X-Requested-With)", () => {
    it("answers a success alert as JSON and stores the message", async () => {
      const fields = valid({ firstName: "  Erika  " });
      const response = await post(fields, xhr);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const alerts = (await response.json()) as FormAlert[];
      expect(alerts).toEqual([{ type: "success", alert: expect.stringContaining("Thank you for your message") }]);
      const [row] = await storedFor(fields.email);
      expect(row).toMatchObject({ salutation: "mrs", firstName: "Erika", lastName: "Musterfrau", subject: "Where is my parcel?" });
    });

    it("answers a danger alert with the field errors for invalid input, in the shopper's language, and stores nothing", async () => {
      const fields = valid({ firstName: "   ", email: "erika@localhost", comment: "too short" });
      const response = await post(fields, { ...xhr, "Accept-Language": "de-DE" });
      expect(response.status).toBe(400);
      const [alert, ...rest] = (await response.json()) as FormAlert[];
      expect(rest).toEqual([]);
      expect(alert).toMatchObject({ type: "danger", errors: { firstName: "required", email: "email-invalid", comment: "too-short" } });
      expect(alert!.alert).toContain("markierten Felder");
      expect(await storedFor(fields.email)).toEqual([]);
    });

    it.each([
      ["firstName", 101],
      ["subject", 151],
      ["comment", 5001],
      ["email", 300],
    ])("refuses an oversized %s with 400 and a message, never 500", async (field, length) => {
      const response = await post(valid({ [field]: "x".repeat(length) }), xhr);
      expect(response.status).toBe(400);
      const [alert] = (await response.json()) as FormAlert[];
      expect(alert!.alert.length).toBeGreaterThan(10);
      expect(alert!.errors?.[field]).toBe("too-long");
    });

    it("refuses an unknown salutation and a body over the size limit with a 4xx and a sentence", async () => {
      const unknown = await post(valid({ salutation: "king" }), xhr);
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as FormAlert[])[0]!.errors).toEqual({ salutation: "invalid" });
      const huge = await post(valid({ comment: "x".repeat(1024 * 1024 + 10) }), xhr);
      expect(huge.status).toBe(413);
      expect(await huge.text()).toContain("too large");
    });

    it("refuses a post from another site", async () => {
      const response = await post(valid(), { ...xhr, Origin: "https://evil.example" });
      expect(response.status).toBe(403);
    });
  });

  describe("plain form post (no JavaScript)", () => {
    it("renders the page with the confirmation, privately", async () => {
      const fields = valid();
      const response = await post(fields, { Accept: "text/html" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.text()).toContain("Thank you for your message");
      expect(await storedFor(fields.email)).toHaveLength(1);
    });

    it("renders the page with the errors and the values as typed", async () => {
      const response = await post(valid({ email: "not an email", subject: "Broken <b>zip</b>" }), { Accept: "text/html" });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter a valid email address.");
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain("Broken &lt;b&gt;zip&lt;/b&gt;");
    });

    it("goes on to a redirectTo of this shop: a path or a route name with its parameters", async () => {
      const path = await post({ ...valid(), redirectTo: "/account/order?x=1" }, { Accept: "text/html" });
      expect(path.status).toBe(303);
      expect(path.headers.get("location")).toBe("/account/order?x=1");
      const named = await post({ ...valid(), redirectTo: "frontend.detail.page", "redirectParameters[productId]": "abc", "redirectParameters[tab]": "reviews" });
      expect(named.headers.get("location")).toBe("/detail/abc?tab=reviews");
    });

    it.each([
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "data:text/html,hello",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "http:evil.example",
    ])("refuses redirectTo %j and shows the confirmation instead", async (target) => {
      const fields = valid();
      const response = await post({ ...fields, redirectTo: target }, { Accept: "text/html" });
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("Thank you for your message");
      const forwarded = await post({ ...valid(), forwardTo: target }, { Accept: "text/html" });
      expect(forwarded.headers.get("location")).toBeNull();
    });
  });

  it("keeps the message when the mail cannot be sent, and logs why", async () => {
    const logged: string[] = [];
    const logger = createLogger("error", (line) => logged.push(line));
    const failingMailer: Mailer = { send: () => Promise.reject(new Error("SMTP server down")) };
    const contact = createContactService({
      db: services.db,
      channel: await loadSalesChannel(services.db),
      captcha: services.captcha,
      mailer: failingMailer,
      logger,
      shopAddress: "shop@example.com",
    });
    const fields = valid();
    expect((await contact.submit(fields, formPost())).ok).toBe(true);
    expect(await storedFor(fields.email)).toHaveLength(1);
    expect(logged.join("\n")).toContain("SMTP server down");
  });

  it("mails the message to the shop with the shopper as the reply address", async () => {
    const sent: { to: string; replyTo?: string; text: string }[] = [];
    const contact = createContactService({
      db: services.db,
      channel: await loadSalesChannel(services.db),
      captcha: services.captcha,
      mailer: { send: async (mail) => (sent.push(mail), "ok") },
      logger: createLogger("silent"),
      shopAddress: "Vitrine <shop@example.com>",
    });
    const fields = valid();
    await contact.submit(fields, formPost());
    expect(sent).toEqual([expect.objectContaining({ to: "Vitrine <shop@example.com>", replyTo: fields.email })]);
    expect(sent[0]!.text).toContain(fields.comment);
  });
});
