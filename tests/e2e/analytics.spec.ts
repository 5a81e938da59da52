import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { collectConsoleErrors, gotoHydrated, shownProductNumber } from "./support/helpers";
import { SECOND_SHOP_SETTINGS, secondShopURL } from "./support/second-shop";

/**
 * Google Analytics 4 through gtag (issue 6 point 3; spec §4, §5, §7, §9; reference §13). The second
 * shop of the suite has a measurement id, the main shop none. gtag.js is never fetched from Google: the
 * tests answer its URL with a stand-in that counts its runs and writes the cookies gtag.js would, and
 * read `window.dataLayer`. Spec constants: cookies `google-analytics-enabled` and `google-ads-enabled`,
 * the gclid in local storage under `google-analytics-{salesChannelId}-gclid`, Consent Mode v2 keys
 * ad_user_data, ad_storage, ad_personalization and analytics_storage. Every test has a fresh context.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const TRACKING_ID = SECOND_SHOP_SETTINGS["analytics.googleTrackingId"];
const GTAG_URL = `https://www.googletagmanager.com/gtag/js?id=${TRACKING_ID}`;
const CATEGORY = "/home-garden/";
const ALL_DENIED = { ad_user_data: "denied", ad_storage: "denied", ad_personalization: "denied", analytics_storage: "denied" };
const ALL_GRANTED = { ad_user_data: "granted", ad_storage: "granted", ad_personalization: "granted", analytics_storage: "granted" };
const GCLID_KEY = /^google-analytics-[0-9a-f-]{36}-gclid$/;

type Call = [string, ...unknown[]];
interface GaEvent {
  name: string;
  params: { items?: Record<string, unknown>[]; [key: string]: unknown };
}

/** Serves the stand-in for gtag.js and counts its requests; the stand-in writes GA-like cookies. */
async function standInGtag(context: BrowserContext) {
  const requests: string[] = [];
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({
      contentType: "text/javascript",
      body: `window.gtagStandInRuns = (window.gtagStandInRuns || 0) + 1;
document.cookie = "_ga=GA1.1.42.1; path=/"; document.cookie = "_ga_VITRINE01=GS1.1.1; path=/"; document.cookie = "_gid=GA1.1.7; path=/";`,
    });
  });
  return requests;
}

/** What the page has pushed to `dataLayer` (gtag pushes its arguments objects), or null without one. */
const dataLayer = (page: Page) =>
  page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
    return layer ? layer.map((entry) => Array.from(entry)) : null;
  }) as Promise<Call[] | null>;

const gaEvents = async (page: Page): Promise<GaEvent[]> =>
  ((await dataLayer(page)) ?? []).filter((call) => call[0] === "event").map((call) => ({ name: call[1] as string, params: call[2] as GaEvent["params"] }));

/** Waits for the event and returns its last occurrence. */
async function expectEvent(page: Page, name: string): Promise<GaEvent> {
  await expect.poll(async () => (await gaEvents(page)).map((event) => event.name)).toContain(name);
  return (await gaEvents(page)).filter((event) => event.name === name).at(-1)!;
}

/** Opens a page and waits until the analytics module has loaded (it comes after hydration). */
async function openWithAnalytics(page: Page, path: string) {
  const moduleLoaded = page.waitForResponse((response) => /\/assets\/google-analytics-[\w-]+\.js$/.test(response.url()));
  await gotoHydrated(page, path);
  await moduleLoaded;
}

async function consentCookies(context: BrowserContext, baseURL: string, names: string[]) {
  await context.addCookies(["cookie-preference", ...names].map((name) => ({ name, value: "1", url: baseURL })));
}

const gclidEntries = (page: Page) =>
  page.evaluate((pattern) => Object.keys(localStorage).filter((key) => new RegExp(pattern).test(key)).map((key) => [key, localStorage.getItem(key)]), GCLID_KEY.source);

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name);

test.describe("analytics in a shop with a measurement id", () => {
  test.use({ baseURL: secondShopURL() });

  test("before consent only the denied defaults; Accept all loads gtag.js once and tracks the listing without a reload", async ({ page, context }) => {
    const requests = await standInGtag(context);
    const errors = collectConsoleErrors(page);
    const response = await page.request.get(CATEGORY);
    // The policy lets the script's host in, because this shop has a measurement id.
    expect(response.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");

    await openWithAnalytics(page, CATEGORY);
    expect(await dataLayer(page)).toEqual([["consent", "default", ALL_DENIED]]);
    expect(requests).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);

    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept all cookies" }).click();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toBe(GTAG_URL);
    await expect.poll(() => page.evaluate(() => (window as unknown as { gtagStandInRuns?: number }).gtagStandInRuns)).toBe(1);
    const listing = await expectEvent(page, "view_item_list");
    const calls = (await dataLayer(page))!;
    const names = calls.map((call) => (call[0] === "js" ? "js" : `${call[0]} ${String(call[1])}`));
    // The consent comes first, then gtag's start, then the page's event.
    expect(names.slice(0, 4)).toEqual(["consent default", "consent update", "js", `config ${TRACKING_ID}`]);
    expect(calls[1]![2]).toEqual(ALL_GRANTED);
    expect(listing.params.items!.length).toBe(SECOND_SHOP_SETTINGS["listing.pageSize"]);
    for (const item of listing.params.items!) expect(item).toEqual({ item_id: expect.any(String), item_name: expect.any(String) });
    expect(await context.cookies()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "google-analytics-enabled", value: "1" }), expect.objectContaining({ name: "google-ads-enabled", value: "1" })]),
    );

    // The next page is a client navigation: no second script, its own event.
    await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
    const product = await expectEvent(page, "view_item");
    expect(product.params.items).toEqual([{ item_id: await shownProductNumber(page), item_name: await page.getByRole("heading", { level: 1 }).textContent() }]);
    expect(requests.length).toBe(1);
    expect(errors).toEqual([]);
  });

  test("with consent: view_item, add_to_cart, begin_checkout, checkout_progress and a purchase with its totals", async ({ page, context, baseURL }) => {
    const requests = await standInGtag(context);
    await consentCookies(context, baseURL!, ["google-analytics-enabled"]);
    await openWithAnalytics(page, CATEGORY);
    // Analytics granted, ads not: the defaults follow the cookies already set.
    expect((await dataLayer(page))![0]).toEqual(["consent", "default", { ...ALL_DENIED, analytics_storage: "granted" }]);
    await expect.poll(() => requests.length).toBe(1);

    await page.getByRole("main").getByRole("article").nth(1).getByRole("link").first().click();
    const viewed = await expectEvent(page, "view_item");
    const number = await shownProductNumber(page);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
    expect(viewed.params.items).toEqual([{ item_id: number, item_name: name }]);

    await page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first().click();
    const added = await expectEvent(page, "add_to_cart");
    expect(added.params.items).toEqual([{ item_id: number, item_name: name, quantity: 1 }]);

    const panel = page.getByRole("dialog", { name: /Shopping cart/ });
    await panel.getByRole("link", { name: "Go to checkout" }).click();
    const begun = await expectEvent(page, "begin_checkout");
    expect(begun.params.items).toEqual([{ item_id: number, item_name: name, quantity: 1, price: expect.any(Number), currency: "EUR" }]);
    const price = begun.params.items![0]!.price as number;
    expect(price).toBeGreaterThan(0);

    await expect(page).toHaveURL(/\/checkout\/register$/);
    const form = page.getByRole("region", { name: "I am a new customer" });
    await form.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Erika");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Mustermann");
    await page.getByRole("textbox", { name: "Email address", exact: true }).fill(`analytics-${Date.now()}@example.com`);
    await form.getByRole("checkbox", { name: "Do not create a customer account" }).check();
    await page.getByRole("textbox", { name: "Street address", exact: true }).fill("Hauptstraße 1");
    await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("10115");
    await page.getByRole("textbox", { name: "City", exact: true }).fill("Berlin");
    await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "Germany" });
    await form.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    const progress = await expectEvent(page, "checkout_progress");
    expect(progress.params.items).toEqual(begun.params.items);
    // A guest order opens no account: no sign_up.
    expect((await gaEvents(page)).map((event) => event.name)).not.toContain("sign_up");

    await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    const orderNumber = /Your order number:\s*(\d+)/.exec((await page.getByText(/Your order number:/).textContent()) ?? "")?.[1];
    const purchase = await expectEvent(page, "purchase");
    expect(purchase.params).toEqual({
      transaction_id: orderNumber,
      currency: "EUR",
      value: expect.any(Number),
      shipping: expect.any(Number),
      tax: expect.any(Number),
      items: [{ item_id: number, item_name: name, quantity: 1, price, currency: "EUR" }],
    });
    const { value, shipping, tax } = purchase.params as { value: number; shipping: number; tax: number };
    // No promotion: the total is the product plus shipping, and it includes the tax.
    expect(value).toBeCloseTo(price + shipping, 2);
    expect(tax).toBeGreaterThan(0);
    expect(tax).toBeLessThan(value);
    // One script for the whole journey of client navigations.
    expect(requests.length).toBe(1);
  });

  test("revoking in Cookie settings sends denied, removes the GA cookies and stops every event", async ({ page, context, baseURL }) => {
    await standInGtag(context);
    await consentCookies(context, baseURL!, ["google-analytics-enabled", "google-ads-enabled"]);
    await openWithAnalytics(page, CATEGORY);
    await expectEvent(page, "view_item_list");
    await expect.poll(() => cookieNames(context)).toEqual(expect.arrayContaining(["_ga", "_ga_VITRINE01", "_gid"]));

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const panel = page.getByRole("dialog", { name: "Cookie settings" });
    await panel.getByRole("checkbox", { name: "Statistics" }).uncheck();
    await panel.getByRole("button", { name: "Save selection" }).click();
    await expect(panel).toHaveCount(0);

    await expect.poll(async () => (await dataLayer(page))!.at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
    const names = await cookieNames(context);
    for (const removed of ["_ga", "_ga_VITRINE01", "_gid", "google-analytics-enabled"]) expect(names).not.toContain(removed);
    expect(names).toContain("google-ads-enabled");
    expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], TRACKING_ID)).toBe(true);
    // The script stays, nothing more is sent: not for the next page, not for adding to the cart.
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(1);
    const before = (await dataLayer(page))!.length;
    await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
    await expect(page.getByRole("main").getByText(/^Product number: /)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first().click();
    await expect(page.getByRole("dialog", { name: /Shopping cart/ })).toBeVisible();
    expect((await dataLayer(page))!.length).toBe(before);
  });

  test("the gclid of an ad click is stored only after consent and reported with the page location", async ({ page, context }) => {
    await standInGtag(context);
    await openWithAnalytics(page, `${CATEGORY}?gclid=TEST-CLICK-1`);
    expect(await gclidEntries(page)).toEqual([]);

    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept all cookies" }).click();
    await expect.poll(() => gclidEntries(page)).toEqual([[expect.stringMatching(GCLID_KEY), "TEST-CLICK-1"]]);
    const config = (await dataLayer(page))!.find((call) => call[0] === "config")!;
    expect(config).toEqual(["config", TRACKING_ID, { page_location: expect.stringContaining("gclid=TEST-CLICK-1") }]);

    // A later visit without the parameter reports the stored one.
    await openWithAnalytics(page, "/");
    await expect.poll(async () => (await dataLayer(page))!.find((call) => call[0] === "config")).toEqual([
      "config",
      TRACKING_ID,
      { page_location: expect.stringMatching(/\/\?gclid=TEST-CLICK-1$/) },
    ]);
  });

  test("a search reports each suggest request and the result page", async ({ page, context, baseURL }) => {
    await standInGtag(context);
    await consentCookies(context, baseURL!, ["google-analytics-enabled"]);
    await openWithAnalytics(page, "/");
    const search = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await search.fill("shirt");
    expect((await expectEvent(page, "search")).params).toEqual({ search_term: "shirt" });
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?search=shirt/);
    expect((await expectEvent(page, "view_search_results")).params).toEqual({ search_term: "shirt" });
  });

  test("the login form reports login on a valid submit only", async ({ page, context, baseURL }) => {
    await standInGtag(context);
    await consentCookies(context, baseURL!, ["google-analytics-enabled"]);
    await openWithAnalytics(page, "/account/login");
    const logIn = page.getByRole("button", { name: "Log in" });
    // Empty fields: the form refuses before anything is sent.
    await logIn.click();
    await expect(page.getByRole("textbox", { name: "Your email address" })).toHaveAttribute("aria-invalid", "true");
    expect((await gaEvents(page)).map((event) => event.name)).not.toContain("login");

    await page.getByRole("textbox", { name: "Your email address" }).fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("Your password").fill("wrong password");
    await logIn.click();
    expect((await expectEvent(page, "login")).params).toEqual({ method: "mail" });
  });
});

test.describe("analytics in a shop without a measurement id", () => {
  test("nothing is loaded: no inline script, no CSP host, no dataLayer, no request to Google", async ({ page, context, baseURL }) => {
    const requests = await standInGtag(context);
    // Even with the consent cookies of a shopper who accepted everything.
    await consentCookies(context, baseURL!, ["google-analytics-enabled", "google-ads-enabled"]);
    const response = await page.request.get("/");
    expect(await response.text()).not.toContain("dataLayer");
    expect(response.headers()["content-security-policy"]).not.toContain("google");
    const moduleRequests: string[] = [];
    page.on("request", (request) => {
      if (/google-analytics-[\w-]+\.js$/.test(request.url())) moduleRequests.push(request.url());
    });
    await gotoHydrated(page, CATEGORY);
    await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
    await expect(page.getByRole("main").getByText(/^Product number: /)).toBeVisible();
    expect(await dataLayer(page)).toBeNull();
    expect(requests).toEqual([]);
    expect(moduleRequests).toEqual([]);
    // The consent offers no statistics or marketing groups.
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const panel = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(panel.getByRole("checkbox", { name: "Comfort features" })).toBeVisible();
    await expect(panel.getByRole("checkbox", { name: "Statistics" })).toHaveCount(0);
    await expect(panel.getByRole("checkbox", { name: "Marketing" })).toHaveCount(0);
  });
});
