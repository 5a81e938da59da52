import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { routeNames } from "../../kernel/route-names";
import { collectConsoleErrors, expectNoAxeViolations, gotoHydrated, productBoxes } from "./support/helpers";

/** Spec §3 storage keys of the header cart widget. */
const TEMPLATE_KEY = "cart-widget-template";
const EMPTY_KEY = "empty-cart-widget";
/** Spec §9: one quantity request this long after the last change. */
const QUANTITY_DELAY_MS = 800;

const widgetPath = routeNames["frontend.checkout.info"];
const cartPagePath = routeNames["frontend.checkout.cart.page"];

/** A request to a named cart endpoint (`{id}` matches any id). */
function isCall(request: Request, name: keyof typeof routeNames, method = "POST"): boolean {
  const pattern = new RegExp(`^${routeNames[name].replace(/\{\w+\}/g, "[^/]+")}$`);
  return request.method() === method && pattern.test(new URL(request.url()).pathname);
}

/** Records the requests of one endpoint from now on. */
function recordCalls(page: Page, name: keyof typeof routeNames, method = "POST"): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (isCall(request, name, method)) calls.push(request);
  });
  return calls;
}

const fields = (request: Request) => new URLSearchParams(request.postData() ?? "");

async function expectFromScript(request: Request) {
  expect((await request.allHeaders())["x-requested-with"]).toBe("XMLHttpRequest");
}

/** The header cart link. While the modal panel is open the page behind it is hidden: close the panel first. */
const cartWidget = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Shopping cart/ });
const cartPanel = (page: Page) => page.getByRole("dialog", { name: "Shopping cart" });

/** Euro amount in cents from a text like "€1,234.50" or "−€4.00". */
function cents(text: string): number {
  const match = /€\s?([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no euro amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match[1].replace(/,/g, "")) * 100);
}

/** The amount of a totals row ("Subtotal", "Discount", "Shipping", "Total"). */
async function totalsRow(scope: Locator, label: string): Promise<string> {
  const term = scope.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) });
  return (await term.locator("xpath=following-sibling::dd[1]").textContent()) ?? "";
}

/** Puts stored widget content into local storage before the first page script runs (once per test). */
async function storeWidgetContent(page: Page, content: { itemCount: number; grossTotal: number; currency: string }) {
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem(key, value);
    },
    [TEMPLATE_KEY, JSON.stringify(content)] as const,
  );
}

const readStorage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The buy box's button; the product boxes of cross-selling below it have their own. */
const buyBoxButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first();

/** Adds the first product of the home page from its box; returns its name once the panel shows it. */
async function addFirstProductFromHome(page: Page): Promise<string> {
  await gotoHydrated(page, "/");
  const box = productBoxes(page).first();
  const name = ((await box.getByRole("heading").textContent()) ?? "").trim();
  await box.getByRole("button", { name: "Add to shopping cart" }).click();
  await expect(cartPanel(page).getByRole("link", { name, exact: true })).toBeVisible();
  return name;
}

test.describe("cart widget", () => {
  test("shows the stored content at once, then the empty widget when the cart is empty (204)", async ({ page }) => {
    await storeWidgetContent(page, { itemCount: 2, grossTotal: 3998, currency: "EUR" });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**${widgetPath}`, async (route) => {
      await held;
      await route.fulfill({ status: 204 });
    });

    await gotoHydrated(page, "/");
    // The answer is held back: what shows comes from storage.
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart, 2 items, €39.98");
    expect(await readStorage(page, EMPTY_KEY), "the server-rendered empty widget is stored").toContain("Shopping cart");

    answer();
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart");
    await expect.poll(() => readStorage(page, TEMPLATE_KEY)).toBeNull();
    await expect(cartWidget(page)).toHaveAttribute("href", cartPagePath);
  });

  test("stores and shows new content from the server", async ({ page }) => {
    await page.route(`**${widgetPath}`, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ itemCount: 3, grossTotal: 5997, currency: "EUR" }) }),
    );
    await gotoHydrated(page, "/");
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart, 3 items, €59.97");
    await expect(cartWidget(page)).toContainText("€59.97");
    expect(JSON.parse((await readStorage(page, TEMPLATE_KEY)) ?? "null")).toEqual({ itemCount: 3, grossTotal: 5997, currency: "EUR" });
  });

  test("keeps what it shows when the server answers 500", async ({ page }) => {
    const stored = { itemCount: 1, grossTotal: 2490, currency: "EUR" };
    await storeWidgetContent(page, stored);
    await page.route(`**${widgetPath}`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"errors":[]}' }));
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === widgetPath);
    await gotoHydrated(page, "/");
    expect((await answered).status()).toBe(500);
    await expect(cartWidget(page)).toHaveAttribute("aria-busy", "false");
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart, 1 item, €24.90");
    expect(JSON.parse((await readStorage(page, TEMPLATE_KEY)) ?? "null")).toEqual(stored);
  });

  test("asks the widget endpoint as a script", async ({ page }) => {
    const calls = recordCalls(page, "frontend.checkout.info", "GET");
    await gotoHydrated(page, "/");
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    await expectFromScript(calls[0]!);
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart");
  });
});

test.describe("add to cart", () => {
  test("from a listing: one request, the panel opens with the product, the widget counts it", async ({ page }) => {
    const adds = recordCalls(page, "frontend.checkout.line-item.add");
    const name = await addFirstProductFromHome(page);
    const panel = cartPanel(page);
    await expect(panel.getByRole("status").filter({ hasText: `Added to your shopping cart: 1 × ${name}` })).toBeVisible();
    expect(new URL(page.url()).pathname, "the page stays").toBe("/");
    await page.keyboard.press("Escape");
    await expect(cartWidget(page)).toHaveAccessibleName(/^Shopping cart, 1 item, €[\d,]+\.\d{2}$/);

    expect(adds).toHaveLength(1);
    await expectFromScript(adds[0]!);
    const sent = fields(adds[0]!);
    expect(sent.get("redirectTo")).toBe("frontend.cart.offcanvas");
    expect(sent.get("quantity")).toBe("1");
    expect(sent.get("variantId")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("from a product page with the chosen quantity", async ({ page }) => {
    await gotoHydrated(page, "/");
    const productPath = await productBoxes(page).first().getByRole("link").first().getAttribute("href");
    await gotoHydrated(page, productPath!);
    const name = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    const adds = recordCalls(page, "frontend.checkout.line-item.add");

    await page.getByRole("main").getByRole("combobox", { name: "Quantity" }).selectOption("2");
    await buyBoxButton(page).click();

    const panel = cartPanel(page);
    await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(panel.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    expect(adds).toHaveLength(1);
    expect(fields(adds[0]!).get("quantity")).toBe("2");
    expect(new URL(page.url()).pathname).toBe(productPath);
    await expectNoAxeViolations(page, "cart panel after adding from the product page");
    await page.keyboard.press("Escape");
    await expect(cartWidget(page)).toHaveAccessibleName(/^Shopping cart, 2 items, €/);
  });
});

test.describe("cart panel", () => {
  test("opens from the header, and Back closes it without leaving the page", async ({ page }) => {
    const name = await addFirstProductFromHome(page);
    await page.keyboard.press("Escape");
    await expect(cartPanel(page)).toBeHidden();

    const loads = recordCalls(page, "frontend.cart.offcanvas", "GET");
    await cartWidget(page).click();
    await expect(cartPanel(page).getByRole("link", { name, exact: true })).toBeVisible();
    expect(loads).toHaveLength(1);
    await expectFromScript(loads[0]!);
    expect(new URL(page.url()).pathname, "the link does not navigate").toBe("/");

    await page.goBack();
    await expect(cartPanel(page)).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(productBoxes(page).first()).toBeVisible();
    await expect(cartWidget(page)).toBeFocused();
  });

  test("quantity changes within 800 ms send one request", async ({ page }) => {
    await addFirstProductFromHome(page);
    const panel = cartPanel(page);
    const quantity = panel.getByRole("spinbutton", { name: "Quantity" });
    const max = Number(await quantity.getAttribute("max"));
    expect(max, "the first home product must allow at least 4 pieces").toBeGreaterThanOrEqual(4);
    const changes = recordCalls(page, "frontend.checkout.line-item.change-quantity");

    const answered = page.waitForResponse((response) => isCall(response.request(), "frontend.checkout.line-item.change-quantity"));
    await quantity.fill("2");
    await quantity.fill("3");
    await quantity.fill("4");
    await answered;
    await expect(panel.getByText("4 items", { exact: true })).toBeVisible();
    await expect(quantity).toHaveValue("4");
    await expect(quantity, "focus stays on the quantity that was changed").toBeFocused();
    // Nothing else follows once the delay has long passed.
    await page.waitForTimeout(QUANTITY_DELAY_MS * 2);
    expect(changes).toHaveLength(1);
    expect(fields(changes[0]!).get("quantity")).toBe("4");
    expect(fields(changes[0]!).get("redirectTo")).toBe("frontend.cart.offcanvas");
    await expectFromScript(changes[0]!);

    // Enter sends at once.
    const second = page.waitForResponse((response) => isCall(response.request(), "frontend.checkout.line-item.change-quantity"));
    await quantity.fill("1");
    await quantity.press("Enter");
    await second;
    await expect(panel.getByText("1 item", { exact: true })).toBeVisible();
    await page.waitForTimeout(QUANTITY_DELAY_MS * 2);
    expect(changes).toHaveLength(2);

    // Closing the panel before the delay is over still saves the quantity.
    const third = page.waitForResponse((response) => isCall(response.request(), "frontend.checkout.line-item.change-quantity"));
    await quantity.fill("3");
    await page.keyboard.press("Escape");
    await expect(cartPanel(page)).toBeHidden();
    await third;
    expect(changes).toHaveLength(3);
    await expect(cartWidget(page)).toHaveAccessibleName(/^Shopping cart, 3 items, €/);
  });

  test("Remove empties the cart", async ({ page }) => {
    const name = await addFirstProductFromHome(page);
    const panel = cartPanel(page);
    const removes = recordCalls(page, "frontend.checkout.line-item.delete");
    await panel.getByRole("button", { name: "Remove" }).click();
    await expect(panel.getByText("Your shopping cart is empty.")).toBeVisible();
    await expect(panel.getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect.poll(() => readStorage(page, TEMPLATE_KEY)).toBeNull();
    expect(removes).toHaveLength(1);
    expect(fields(removes[0]!).get("redirectTo")).toBe("frontend.cart.offcanvas");
    await panel.getByRole("button", { name: "Continue shopping" }).click();
    await expect(panel).toBeHidden();
    await expect(cartWidget(page)).toHaveAccessibleName("Shopping cart");
  });

  test("promotion codes: WELCOME10 takes 10 %, SUMMER25 has expired, NOPE does not exist", async ({ page }) => {
    await addFirstProductFromHome(page);
    const panel = cartPanel(page);
    const code = panel.getByRole("textbox", { name: "Promotion code" });
    const add = panel.getByRole("button", { name: "Add promotion" });

    await code.fill("WELCOME10");
    await add.click();
    await expect(panel.getByRole("status").filter({ hasText: "“WELCOME10” was added" })).toBeVisible();
    const subtotal = cents(await totalsRow(panel, "Subtotal"));
    const discount = cents(await totalsRow(panel, "Discount"));
    expect(Math.abs(discount - subtotal / 10), `discount ${discount} for subtotal ${subtotal}`).toBeLessThanOrEqual(1);
    await expect(code, "focus goes back to the promotion field").toBeFocused();
    await expect(code).toHaveValue("");

    await code.fill("SUMMER25");
    await add.click();
    await expect(panel.getByRole("alert").filter({ hasText: "“SUMMER25” has expired" })).toBeVisible();
    await expect(code).toBeFocused();

    await code.fill("NOPE");
    await add.click();
    await expect(panel.getByRole("alert").filter({ hasText: "“NOPE” was not found" })).toBeVisible();
    expect(cents(await totalsRow(panel, "Discount"))).toBe(discount);

    await expectNoAxeViolations(page, "cart panel with a promotion and a notice");

    await panel.getByRole("button", { name: "Remove promotion WELCOME10" }).click();
    await expect(panel.getByRole("term").filter({ hasText: /^Discount$/ })).toHaveCount(0);
  });

  test("a second code that cannot be combined is refused with the reason; codes that combine apply together", async ({ page }) => {
    await addFirstProductFromHome(page);
    const panel = cartPanel(page);
    const code = panel.getByRole("textbox", { name: "Promotion code" });
    const add = panel.getByRole("button", { name: "Add promotion" });
    const promotions = panel.getByRole("list", { name: "Promotions" }).getByRole("listitem");
    const addCode = async (value: string) => {
      await code.fill(value);
      await add.click();
    };

    await addCode("WELCOME10");
    await expect(panel.getByRole("status").filter({ hasText: "“WELCOME10” was added" })).toBeVisible();
    const discount = cents(await totalsRow(panel, "Discount"));

    await addCode("FIVEOFF");
    await expect(panel.getByRole("alert")).toHaveText(
      "The promotion code “FIVEOFF” was not added: it cannot be combined with the code “WELCOME10” in your shopping cart.",
    );
    await expect(code).toBeFocused();
    await expect(promotions).toHaveCount(1);
    await expect(promotions).toContainText("WELCOME10");
    expect(cents(await totalsRow(panel, "Discount"))).toBe(discount);
    await expectNoAxeViolations(page, "cart panel with a refused code that cannot be combined");

    await panel.getByRole("button", { name: "Remove promotion WELCOME10" }).click();
    await expect(promotions).toHaveCount(0);
    await addCode("FIVEOFF");
    await expect(panel.getByRole("status").filter({ hasText: "“FIVEOFF” was added" })).toBeVisible();
    await addCode("FIRST100");
    await expect(panel.getByRole("status").filter({ hasText: "“FIRST100” was added" })).toBeVisible();
    await expect(promotions.filter({ hasText: "Applied" })).toHaveCount(2);
  });

  test("choosing Express shipping costs €12.90", async ({ page }) => {
    // A product with free shipping would make every method free: take one without.
    await gotoHydrated(page, "/");
    const paths = await productBoxes(page).getByRole("heading").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    let productPath: string | undefined;
    for (const path of paths) {
      if (!(await (await page.request.get(path)).text()).includes("Free shipping</li>")) {
        productPath = path;
        break;
      }
    }
    expect(productPath, `a home page product without free shipping among ${paths.join(", ")}`).toBeDefined();
    await gotoHydrated(page, productPath!);
    await buyBoxButton(page).click();
    const panel = cartPanel(page);
    await expect(panel.getByRole("spinbutton", { name: "Quantity" })).toBeVisible();
    const configures = recordCalls(page, "frontend.checkout.configure");
    const shipping = panel.getByRole("combobox", { name: "Shipping method" });
    await shipping.focus(); // as a shopper's click or Tab does; selectOption alone does not focus
    await shipping.selectOption({ label: "Express: €12.90" });
    await expect.poll(() => totalsRow(panel, "Shipping")).toBe("€12.90");
    expect(configures).toHaveLength(1);
    expect(fields(configures[0]!).get("shippingMethodId")).toBe(await shipping.inputValue());
    await expect(shipping).toBeFocused();
    const total = cents(await totalsRow(panel, "Total"));
    expect(total).toBe(cents(await totalsRow(panel, "Subtotal")) + 1290);
  });

  test("Display shopping cart leads to the cart page, which changes quantities with the same delay", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const name = await addFirstProductFromHome(page);
    await cartPanel(page).getByRole("link", { name: "Display shopping cart" }).click();
    await expect(page).toHaveURL(new RegExp(`${cartPagePath}$`));
    await expect(cartPanel(page)).toBeHidden();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Shopping cart" })).toBeVisible();
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Go to checkout" })).toHaveAttribute("href", routeNames["frontend.checkout.register.page"]);
    await expectNoAxeViolations(page, "cart page");

    const changes = recordCalls(page, "frontend.checkout.line-item.change-quantity");
    const quantity = main.getByRole("spinbutton", { name: "Quantity" });
    const answered = page.waitForResponse((response) => isCall(response.request(), "frontend.checkout.line-item.change-quantity"));
    await quantity.fill("2");
    await quantity.fill("3");
    await answered;
    await expect(cartWidget(page)).toHaveAccessibleName(/^Shopping cart, 3 items, €/);
    await expect(main.getByText("3 items", { exact: true })).toBeVisible();
    await page.waitForTimeout(QUANTITY_DELAY_MS * 2);
    expect(changes).toHaveLength(1);
    expect(new URL(page.url()).pathname, "no page load").toBe(cartPagePath);

    await main.getByRole("button", { name: "Remove" }).click();
    await expect(main.getByText("Your shopping cart is empty.")).toBeVisible();
    await expect(main.getByRole("link", { name: "Start shopping" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page, "empty cart page");

    // A full load of the cart page hydrates without errors too.
    await gotoHydrated(page, cartPagePath);
    await expect(main.getByText("Your shopping cart is empty.")).toBeVisible();
    expect(errors, errors.join("\n")).toEqual([]);
  });

  test("the cart page is private and answers on both paths", async ({ request }) => {
    for (const path of [cartPagePath, `${cartPagePath}/`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });
});

test.describe("cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add to cart ends on the cart page, where quantity, promotion and remove work by forms", async ({ page }) => {
    await page.goto("/");
    const productPath = await productBoxes(page).first().getByRole("link").first().getAttribute("href");
    await page.goto(productPath!);
    const name = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    await buyBoxButton(page).click();

    await expect(page).toHaveURL(new RegExp(`${cartPagePath}(\\?|$)`));
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(main.getByText(`Added to your shopping cart: 1 × ${name}`)).toBeVisible();

    await main.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await main.getByRole("button", { name: "Update" }).click();
    await expect(main.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    await expect(main.getByText("2 items", { exact: true })).toBeVisible();

    await main.getByRole("textbox", { name: "Promotion code" }).fill("NOPE");
    await main.getByRole("button", { name: "Add promotion" }).click();
    await expect(main.getByText("The promotion code “NOPE” was not found.")).toBeVisible();

    await main.getByRole("button", { name: "Remove" }).click();
    await expect(main.getByText("Your shopping cart is empty.")).toBeVisible();
  });
});

test.describe("cart on a phone", () => {
  test("@mobile the panel and the cart page fit 375 px", async ({ page }) => {
    await addFirstProductFromHome(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    // Once it has slid in, the panel is inside the viewport.
    await expect.poll(async () => {
      const box = await cartPanel(page).boundingBox();
      return box ? box.x + box.width : Infinity;
    }).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, "cart panel at 375 px");
    await cartPanel(page).getByRole("link", { name: "Display shopping cart" }).click();
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Shopping cart" })).toBeVisible();
    expect(await fits(), "no horizontal scrolling on the cart page").toBe(true);
    await expectNoAxeViolations(page, "cart page at 375 px");
  });
});
