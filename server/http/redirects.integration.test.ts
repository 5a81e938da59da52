import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { type AppServices } from "../services";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";
import { createTestApp } from "../testing/test-app";

/*
 * Every route that takes a redirect target (spec §3 "redirect parameters"), sent targets whose dot
 * segments end at `//evil.example` once the browser resolves them (issue 17): the answer's Location (or
 * the login form's hidden field) stays on this shop, a path with one leading `/`.
 */

const BASE = "http://shop.test";
const DOT_SEGMENT_TARGETS = [
  "/..//evil.example/phish",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E//evil.example",
  "/%252e%252e//evil.example",
];

/** A Location (or a form's target) that the browser follows to a page of this shop. */
function expectOnOurShop(location: string | null | undefined, label: string) {
  expect(location, label).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, BASE).origin, label).toBe(BASE);
}

describe.each(availableBackends())("redirect targets stay on this shop on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let countryId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // One proxy in front: each request comes from its own X-Forwarded-For address, so no attempt limit trips.
    ({ app, services } = await createTestApp(database, {
      env: { APP_URL: BASE, TRUST_PROXY: "1" },
      settings: { "captcha.contact": false, "captcha.registration": false },
    }));
    countryId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  });
  afterAll(async () => database?.close());

  let counter = 0;
  const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
  const uniqueEmail = () => `redirect-${backend}-${++counter}-${Date.now()}@example.com`;

  const get = (url: string, cookie?: string) =>
    app.request(BASE + url, { headers: { Accept: "text/html", "X-Forwarded-For": newIp(), ...(cookie && { Cookie: cookie }) } });
  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    app.request(BASE + url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: BASE,
        "X-Forwarded-For": newIp(),
        ...(cookie && { Cookie: cookie }),
      },
    });

  /** A customer account with a password, and the cookie of its session. */
  async function account() {
    const email = uniqueEmail();
    const response = await post("/account/register", registrationFormFields(email, countryId));
    expect(response.status).toBe(303);
    const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")![1]!;
    return { email, cookie: `${SESSION_COOKIE}=${token}` };
  }

  /** The value of the login or registration form's hidden `redirectTo`, or undefined without one. */
  const hiddenRedirectTo = (html: string) =>
    /<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

  describe.each(DOT_SEGMENT_TARGETS)("%s", (target) => {
    it("POST /language answers a Location on this shop", async () => {
      const response = await post("/language", { language: "en", redirectTo: target });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    });

    it("GET /account/login sends a logged-in customer on within this shop", async () => {
      const { cookie } = await account();
      const response = await get(`/account/login?redirectTo=${encodeURIComponent(target)}`, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/account");
    });

    it("GET /account/login gives a guest's login form a target on this shop", async () => {
      const response = await get(`/account/login?redirectTo=${encodeURIComponent(target)}`);
      expect(response.status).toBe(200);
      expect(hiddenRedirectTo(await response.text())).toBe("/account");
    });

    it("POST /account/login answers a Location on this shop", async () => {
      const { email } = await account();
      const response = await post("/account/login", { intent: "login", email, password: "correct horse", redirectTo: target });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/account");
    });

    it("GET /account/register sends a logged-in customer on, and gives a guest's form a target, on this shop", async () => {
      const { cookie } = await account();
      const loggedIn = await get(`/account/register?redirectTo=${encodeURIComponent(target)}`, cookie);
      expect(loggedIn.status).toBe(302);
      expect(loggedIn.headers.get("location")).toBe("/account");
      const guest = await get(`/account/register?redirectTo=${encodeURIComponent(target)}`);
      expect(guest.status).toBe(200);
      expect(hiddenRedirectTo(await guest.text())).toBe("/account");
    });

    it("POST /account/register answers a Location on this shop", async () => {
      const response = await post("/account/register", { ...registrationFormFields(uniqueEmail(), countryId), redirectTo: target });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/account");
    });

    it("POST /account/logout goes home whatever it is sent", async () => {
      const { cookie } = await account();
      const response = await post("/account/logout", { redirectTo: target, forwardTo: target }, cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    });

    it("POST /contact ignores the target as redirectTo and as forwardTo", async () => {
      const fields = {
        salutation: "mrs",
        firstName: "Erika",
        lastName: "Musterfrau",
        subject: "Where is my parcel?",
        comment: "I ordered a week ago and the parcel has not arrived yet.",
      };
      for (const name of ["redirectTo", "forwardTo"]) {
        const response = await post("/contact", { ...fields, email: uniqueEmail(), [name]: target });
        expect(response.status, name).toBe(200);
        expect(response.headers.get("location"), name).toBeNull();
        expect(await response.text()).toContain("Thank you for your message");
      }
    });

    it("a login that add-after-login's path leads to stays on this shop", async () => {
      const { email } = await account();
      // Up and out of add-after-login, then the target's own trick.
      const redirectTo = `/wishlist/add-after-login/../..${target}`;
      const response = await post("/account/login", { intent: "login", email, password: "correct horse", redirectTo });
      expect(response.status).toBe(303);
      expectOnOurShop(response.headers.get("location"), redirectTo);
    });

    it("POST /checkout/line-item/add takes only route names and refuses the target", async () => {
      const variantId = await singleUnitVariantId(services.db);
      const response = await post("/checkout/line-item/add", { variantId, quantity: "1", redirectTo: target });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    });
  });

  it("a guest sent to the login page from add-after-login comes back to a path of this shop", async () => {
    const response = await get("/wishlist/add-after-login/..%2F..%2F%2Fevil.example");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/account/login");
    expectOnOurShop(location.searchParams.get("redirectTo"), "redirectTo");
  });

  it("keeps a target of this shop, normalised as the browser will follow it", async () => {
    const language = await post("/language", { language: "en", redirectTo: "/fashion/a/../footwear/?p=1#list" });
    expect(language.headers.get("location")).toBe("/fashion/footwear/?p=1#list");
    const { email, cookie } = await account();
    const loggedIn = await get(`/account/login?redirectTo=${encodeURIComponent("/account/x/%2e%2e/order?x=1#top")}`, cookie);
    expect(loggedIn.headers.get("location")).toBe("/account/order?x=1#top");
    const guest = await get(`/account/login?redirectTo=${encodeURIComponent("/a/../account/profile")}`);
    expect(hiddenRedirectTo(await guest.text())).toBe("/account/profile");
    const login = await post("/account/login", { intent: "login", email, password: "correct horse", redirectTo: "/a/../account/profile" });
    expect(login.headers.get("location")).toBe("/account/profile");
  });
});
