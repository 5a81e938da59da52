import { expect, test, type Page, type Request } from "@playwright/test";
import { PASSWORD, registerAccount, registerGuest, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, gotoHydrated, productBoxes } from "./support/helpers";

/**
 * The wishlist (spec §3, §4, §7; CONTRACT §3, §4): guests keep `wishlist-{salesChannelId}` in local
 * storage, customers the server's list; the heart buttons, the header counter, the consent redirect to
 * login with add-after-login, the merge on login, the wishlist page for both, and a guest's logout.
 */

const CATEGORY = "/fashion/footwear/";
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const WISHLIST_KEY = /^wishlist-[0-9a-f-]{36}$/;
const CONSENTED = [{ name: "cookie-preference", value: "1" }, { name: "wishlist-enabled", value: "1" }];

async function consent(page: Page, baseURL: string | undefined, cookies = CONSENTED) {
  await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL! })));
}

/** The guest list: `{key, products}` of the one `wishlist-…` entry of local storage, or null. */
async function storedWishlist(page: Page): Promise<{ key: string; products: Record<string, string> } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("wishlist-"));
    return key ? { key, products: JSON.parse(localStorage.getItem(key)!) as Record<string, string> } : null;
  });
}

const counter = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Wishlist/ });
const box = (page: Page, index: number) => productBoxes(page).nth(index);
const boxId = async (page: Page, index: number) => (await box(page, index).getAttribute("data-product-id"))!;

async function logIn(page: Page, email: string) {
  await page.getByLabel("Your email address").fill(email);
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Registers in a separate context, so this page's visitor stays a guest until it logs in. */
async function accountElsewhere(page: Page, baseURL: string | undefined): Promise<string> {
  const other = await page.context().browser()!.newContext({ baseURL });
  const email = await registerAccount(await other.newPage(), baseURL, uniqueEmail("wishlist"));
  await other.close();
  return email;
}

test.describe("wishlist", () => {
  test("a guest's hearts store product id → time of adding, and the counter follows", async ({ page, baseURL }) => {
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    await expect(counter(page)).toHaveAccessibleName("Wishlist");
    const first = await boxId(page, 0);
    const second = await boxId(page, 1);

    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(box(page, 0).getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("title", "Remove from wishlist");
    await box(page, 1).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 2 items");
    const stored = await storedWishlist(page);
    expect(stored?.key).toMatch(WISHLIST_KEY);
    expect(Object.keys(stored!.products).sort()).toEqual([first, second].sort());
    for (const time of Object.values(stored!.products)) expect(time).toMatch(ISO_TIME);
    expect(Date.parse(stored!.products[second]!)).toBeGreaterThanOrEqual(Date.parse(stored!.products[first]!));
    await expectNoAxeViolations(page, "listing with wishlist hearts");

    // The product page's heart shows the same state, and a change there shows in the listing without a reload.
    const name = (await box(page, 0).getByRole("link").first().textContent())!.trim();
    await box(page, 0).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const buyBox = page.locator(".buy-box");
    await buyBox.getByRole("button", { name: "Remove from wishlist" }).click();
    await expect(buyBox.getByRole("button", { name: "Add to wishlist" })).toBeVisible();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    await page.goBack();
    await expect(box(page, 0).getByRole("button", { name: "Add to wishlist" })).toBeVisible();

    // Removing the last one removes the key; the counter shows no number (not "0").
    await box(page, 1).getByRole("button", { name: "Remove from wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist");
    await expect(counter(page)).not.toContainText("0");
    expect(await storedWishlist(page)).toBeNull();
  });

  test("without the wishlist cookie a stored list is wiped, and adding leads through login to add-after-login", async ({ page, context, baseURL }) => {
    const email = await accountElsewhere(page, baseURL);
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    await box(page, 2).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    expect(await storedWishlist(page)).not.toBeNull();

    // The shopper withdraws the wishlist cookie: the next page load deletes the guest list.
    await context.clearCookies({ name: "wishlist-enabled" });
    await gotoHydrated(page, CATEGORY);
    await expect(box(page, 0).getByRole("button", { name: "Add to wishlist" })).not.toHaveAttribute("aria-busy");
    expect(await storedWishlist(page)).toBeNull();
    await expect(counter(page)).toHaveAccessibleName("Wishlist");

    const id = await boxId(page, 0);
    const name = (await box(page, 0).getByRole("link").first().textContent())!.trim();
    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(page).toHaveURL(`/account/login?redirectTo=${encodeURIComponent(`/wishlist/add-after-login/${id}`)}`);
    await logIn(page, email);
    // Back on the product's page, with the product on the customer's list.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator(".buy-box").getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    const list = await page.request.get("/wishlist/list", { headers: { "X-Requested-With": "XMLHttpRequest" } });
    expect(Object.keys(((await list.json()) as { products: Record<string, string> }).products)).toEqual([id]);
  });

  test("add-after-login opened by a logged-in customer asks before adding", async ({ page, baseURL }) => {
    await registerAccount(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    const id = await boxId(page, 0);
    const name = (await box(page, 0).getByRole("link").first().textContent())!.trim();
    const listed = async () => {
      const list = await page.request.get("/wishlist/list", { headers: { "X-Requested-With": "XMLHttpRequest" } });
      return Object.keys(((await list.json()) as { products: Record<string, string> }).products);
    };

    // A link (from anywhere) only shows the question: a GET does not change the wishlist.
    await gotoHydrated(page, `/wishlist/add-after-login/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add to your wishlist");
    await expect(page.getByText(`Add “${name}” to your wishlist?`)).toBeVisible();
    expect(await listed()).toEqual([]);
    await expectNoAxeViolations(page, "add-after-login question");

    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator(".buy-box").getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
    expect(await listed()).toEqual([id]);
    const unknown = await page.request.get("/wishlist/add-after-login/not-a-product", { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
  });

  test("on login the guest list is merged (newest first) and then deleted", async ({ page, baseURL }) => {
    const email = await accountElsewhere(page, baseURL);
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    const older = await boxId(page, 0);
    const newer = await boxId(page, 1);
    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(box(page, 0).getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
    await page.waitForTimeout(5); // two different times of adding
    await box(page, 1).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 2 items");

    const merge = page.waitForRequest((request) => request.url().endsWith("/wishlist/merge") && request.method() === "POST");
    await gotoHydrated(page, "/account/login");
    await logIn(page, email);
    const body = (await merge).postDataJSON() as { productIds: string[] };
    expect(body).toEqual({ productIds: [newer, older] });
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 2 items");
    await expect.poll(() => storedWishlist(page)).toBeNull();

    await gotoHydrated(page, "/wishlist");
    await expect(productBoxes(page)).toHaveCount(2);
    await expect(page.getByText("Your wishlist is kept in this browser.")).toHaveCount(0);
    await expectNoAxeViolations(page, "wishlist page of a customer");
  });

  test("an empty merge answer is the error 'Unable to merge product wishlist from anonymous user' and keeps the guest list", async ({ page, baseURL }) => {
    const email = await accountElsewhere(page, baseURL);
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.route("**/wishlist/merge", (route) => route.fulfill({ status: 200, body: "" }));

    await gotoHydrated(page, "/account/login");
    await logIn(page, email);
    await expect.poll(() => errors.join("\n")).toContain("Unable to merge product wishlist from anonymous user");
    expect(await storedWishlist(page)).not.toBeNull();
  });

  test("a customer's heart sends one request per click and ignores clicks while it is pending", async ({ page, baseURL }) => {
    await registerAccount(page, baseURL);
    const requests: Request[] = [];
    page.on("request", (request) => /\/wishlist\/(add|remove)\//.test(request.url()) && requests.push(request));
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/wishlist/add/*", async (route) => {
      await slow;
      await route.continue();
    });
    await gotoHydrated(page, CATEGORY);
    const id = await boxId(page, 0);
    const heart = box(page, 0).getByRole("button", { name: "Add to wishlist" });
    await expect(heart).not.toHaveAttribute("aria-busy");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-busy", "true");
    await expect(heart).toHaveAttribute("aria-disabled", "true");
    // More clicks while the request is pending change nothing.
    await heart.dispatchEvent("click");
    await heart.dispatchEvent("click");
    release();
    const added = box(page, 0).getByRole("button", { name: "Remove from wishlist" });
    await expect(added).toBeVisible();
    await expect(added).not.toHaveAttribute("aria-busy");
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    expect(requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([`POST /wishlist/add/${id}`]);
    expect(requests[0]!.headers()["x-requested-with"]).toBe("XMLHttpRequest");

    await added.click();
    await expect(box(page, 0).getByRole("button", { name: "Add to wishlist" })).toBeVisible();
    await expect(counter(page)).toHaveAccessibleName("Wishlist");
    expect(requests.map((request) => new URL(request.url()).pathname)).toEqual([`/wishlist/add/${id}`, `/wishlist/remove/${id}`]);
  });

  test("a customer's hearts hide themselves when the wishlist cannot be loaded", async ({ page, baseURL }) => {
    await registerAccount(page, baseURL);
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/wishlist/list", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: '{"errors":[{"message":"down"}]}' });
    });
    await gotoHydrated(page, CATEGORY);
    const hearts = productBoxes(page).getByRole("button", { name: "Add to wishlist" });
    // Loading while the list is asked for...
    await expect(hearts.first()).toHaveAttribute("aria-busy", "true");
    answer();
    // ...and gone once it failed (the store's `none`): no heart that could not work.
    await expect(hearts).toHaveCount(0);
    await expect(box(page, 0).getByRole("button", { name: "Add to shopping cart" })).toBeVisible();
  });

  test("the guest wishlist page: newest first through the pagelet, unknown ids dropped, the last removal shows the empty state", async ({ page, baseURL }) => {
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    const [a, b] = [await boxId(page, 0), await boxId(page, 1)];
    const [nameA, nameB] = [await box(page, 0).getByRole("link").first().textContent(), await box(page, 1).getByRole("link").first().textContent()];
    const unknown = "00000000-0000-4000-8000-000000000000";
    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    const { key } = (await storedWishlist(page))!;
    await page.evaluate(
      ([storageKey, list]) => localStorage.setItem(storageKey, JSON.stringify(list)),
      [key, { [a]: "2026-01-01T10:00:00.000Z", [unknown]: "2026-02-01T10:00:00.000Z", [b]: "2026-03-01T10:00:00.000Z" }] as const,
    );

    const pagelet = page.waitForRequest((request) => request.url().endsWith("/wishlist/guest-pagelet"));
    await gotoHydrated(page, "/wishlist");
    expect((await pagelet).postDataJSON()).toEqual({ productIds: [b, unknown, a] });
    await expect(page.getByRole("heading", { level: 1, name: "Your wishlist" })).toBeVisible();
    await expect(productBoxes(page)).toHaveCount(2);
    expect((await productBoxes(page).getByRole("heading").allTextContents()).map((text) => text.trim())).toEqual([nameB!.trim(), nameA!.trim()]);
    await expect.poll(async () => Object.keys((await storedWishlist(page))?.products ?? {}).sort()).toEqual([a, b].sort());
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 2 items");
    await expectNoAxeViolations(page, "guest wishlist page");

    await box(page, 0).getByRole("button", { name: "Remove from wishlist" }).click();
    await expect(productBoxes(page)).toHaveCount(1);
    await box(page, 0).getByRole("button", { name: "Remove from wishlist" }).click();
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
    expect(await storedWishlist(page)).toBeNull();
    await expectNoAxeViolations(page, "empty wishlist page");
  });

  test("a guest's logout deletes the guest list", async ({ page, baseURL }) => {
    await registerGuest(page, baseURL);
    await consent(page, baseURL);
    await gotoHydrated(page, CATEGORY);
    await box(page, 0).getByRole("button", { name: "Add to wishlist" }).click();
    await expect(counter(page)).toHaveAccessibleName("Wishlist, 1 item");
    expect(await storedWishlist(page)).not.toBeNull();
    await page.getByRole("button", { name: "Your account" }).click();
    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/account\/logout$/);
    expect(await storedWishlist(page)).toBeNull();
    await expect(counter(page)).toHaveAccessibleName("Wishlist");
  });
});

test.describe("account menu", () => {
  test("a slide-out panel from the left on XS: Back and Close close it, focus returns, widening past SM closes it", { tag: "@mobile" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    const opener = page.getByRole("button", { name: "Your account" });
    await opener.click();
    const panel = page.getByRole("dialog", { name: "Your account" });
    await expect(panel).toBeVisible();
    await expect(panel).toHaveClass(/offcanvas--left/);
    await expect(panel).toHaveClass(/account-menu-offcanvas/);
    await expect(panel.getByRole("link", { name: "Log in" })).toBeVisible();
    await expectNoAxeViolations(page, "account panel at 375 px");

    await page.goBack();
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(opener).toBeFocused();

    await opener.click();
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(panel).toHaveCount(0);
    // From MD up the same button opens the dropdown instead.
    await opener.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator(".account-menu__dropdown").getByRole("link", { name: "Log in" })).toBeVisible();
  });

  test("a dropdown from MD up that narrowing the window closes", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Your account" }).click();
    const dropdown = page.locator(".account-menu__dropdown");
    await expect(dropdown.getByRole("link", { name: "Create an account" }).or(dropdown.getByRole("link", { name: "Log in" })).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(dropdown).toBeHidden();
  });
});
