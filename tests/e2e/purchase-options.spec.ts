import { expect, test, type Page, type Request } from "@playwright/test";
import { routeNames } from "../../kernel/route-names";
import { DEMO_MAX_ORDER_QUANTITY, DEMO_SUBSCRIPTION_PLANS } from "../../seed/demo-purchase-options";
import { expectNoAxeViolations, gotoHydrated, productBoxes } from "./support/helpers";

/** Extensions spec: the restriction request, and the page a restricted add ends on (with its slash). */
const RESTRICT_PATH = "/kit/restrict/quantity";
const RESTRICTED_ADD_PAGE = "/checkout/cart/";
const CAMERA = "/instant-camera/CAM-IN";
const CAMERA_MAX = DEMO_MAX_ORDER_QUANTITY["instant-camera"]!;
const TULIPS = "/potted-tulips/PLT-TUL";

const cartPanel = (page: Page) => page.getByRole("dialog", { name: "Shopping cart" });
const quantity = (page: Page) => page.getByRole("main").getByRole("combobox", { name: "Quantity" });
/** The buy box comes before the cross-selling boxes, which have add buttons of their own. */
const addToCart = (page: Page) => page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first();

function recordRestrictionRequests(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === RESTRICT_PATH) calls.push(request);
  });
  return calls;
}

async function addAndClosePanel(page: Page, count: number) {
  await quantity(page).selectOption(String(count));
  await addToCart(page).click();
  await expect(cartPanel(page).getByText(`Added to your shopping cart: ${count} × Instant Camera`)).toBeVisible();
  await cartPanel(page).getByRole("button", { name: "Close" }).click();
  await expect(cartPanel(page)).toBeHidden();
}

test.describe("quantity restriction", () => {
  test("the product page asks how many may be added, limits the select and a refused add ends on the cart page", async ({ page }) => {
    expect(routeNames["frontend.kit.restrict.quantity"]).toBe(RESTRICT_PATH);
    const calls = recordRestrictionRequests(page);
    await gotoHydrated(page, CAMERA);
    await expect(page.getByText(`You can order at most ${CAMERA_MAX} of this product.`)).toBeVisible();
    // The select never offers more than the maximum order quantity.
    await expect(quantity(page).locator("option")).toHaveText(Array.from({ length: CAMERA_MAX }, (_, i) => String(i + 1)));
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    const first = new URL(calls[0]!.url());
    expect(first.searchParams.get("qty")).toBe("1");
    expect(first.searchParams.get("productId")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await calls[0]!.allHeaders())["x-requested-with"]).toBe("XMLHttpRequest");

    await addAndClosePanel(page, CAMERA_MAX - 1);
    // Coming back to the quantity asks again: the cart now leaves room for one.
    await quantity(page).selectOption(String(CAMERA_MAX));
    await expect.poll(() => calls.some((call) => new URL(call.url()).searchParams.get("qty") === String(CAMERA_MAX))).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: `Your cart already holds ${CAMERA_MAX - 1}: you can add 1 more.` })).toBeVisible();
    await expect(quantity(page).locator(`option[value="${CAMERA_MAX}"]`)).toBeDisabled();

    await addAndClosePanel(page, 1);
    await quantity(page).focus();
    await expect(page.getByRole("status").filter({ hasText: `Your cart already holds the maximum of ${CAMERA_MAX}.` })).toBeVisible();

    // One more is refused: the shopper lands on the cart page with the message, nothing was added.
    await addToCart(page).click();
    await page.waitForURL((url) => url.pathname === RESTRICTED_ADD_PAGE);
    await expect(page.getByText(`You can order at most ${CAMERA_MAX} of Instant Camera; your cart already holds ${CAMERA_MAX}.`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping cart");
    await expect(page.getByRole("main").getByRole("spinbutton", { name: "Quantity" })).toHaveValue(String(CAMERA_MAX));
  });

  test("without JavaScript an add past the maximum also ends on /checkout/cart/ with the message", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(CAMERA);
      await quantity(page).selectOption(String(CAMERA_MAX));
      await addToCart(page).click();
      await expect(page.getByText(`Added to your shopping cart: ${CAMERA_MAX} × Instant Camera`)).toBeVisible();

      await page.goto(CAMERA);
      await addToCart(page).click();
      expect(new URL(page.url()).pathname).toBe(RESTRICTED_ADD_PAGE);
      await expect(page.getByText(`You can order at most ${CAMERA_MAX} of Instant Camera; your cart already holds ${CAMERA_MAX}.`)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("subscriptions", () => {
  test("a plan chosen on the product page is carried into the cart line with its discounted price", async ({ page }) => {
    const plans = DEMO_SUBSCRIPTION_PLANS["potted-tulips"]!;
    expect(plans[0]).toMatchObject({ intervalCount: 2, intervalUnit: "week", discountPercent: 10 });
    await gotoHydrated(page, TULIPS);
    // Exact: the cross-selling boxes below have groups of their own, "Purchase option for {product}".
    const options = page.getByRole("radiogroup", { name: "Purchase option", exact: true });
    await expect(options.getByRole("radio", { name: "One-time purchase €12.90" })).toBeChecked();
    // 12.90 less 10 %: 11.61; less 5 % (0.645 rounds to 0.65): 12.25.
    const plan = options.getByRole("radio", { name: "Every 2 weeks · 10% off €11.61 per delivery" });
    await expect(options.getByRole("radio", { name: /^Every month · 5% off €12\.25 per delivery$/ })).toBeVisible();
    await expect(options.getByText(/No later deliveries are placed or charged/)).toBeVisible();
    await expectNoAxeViolations(page, "product page with purchase options");

    await plan.check();
    await addToCart(page).click();
    const panel = cartPanel(page);
    await expect(panel.getByText("Subscription: Every 2 weeks · 10% off")).toBeVisible();
    await expect(panel.getByText(/€11\.61$/).first()).toBeVisible();

    // A one-time purchase of the same product is a line of its own.
    await panel.getByRole("button", { name: "Close" }).click();
    await options.getByRole("radio", { name: /^One-time purchase/ }).check();
    await addToCart(page).click();
    await expect(panel.getByRole("link", { name: "Potted Tulips" })).toHaveCount(2);

    await gotoHydrated(page, "/checkout/cart");
    await expect(page.getByRole("main").getByText("Subscription: Every 2 weeks · 10% off")).toHaveCount(1);
  });

  test("product boxes say a subscription saves money", async ({ page }) => {
    await gotoHydrated(page, "/search?search=tulips");
    const box = productBoxes(page).filter({ has: page.getByRole("link", { name: "Potted Tulips" }) });
    await expect(box.getByText("Subscribe & save 10%")).toBeVisible();
  });
});
