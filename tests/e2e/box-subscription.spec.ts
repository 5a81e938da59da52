import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { DEMO_SUBSCRIPTION_PLANS } from "../../seed/demo-purchase-options";
import { routeNames } from "../../kernel/route-names";
import { collectConsoleErrors, expectNoAxeViolations, gotoHydrated, productBoxes } from "./support/helpers";

/**
 * Subscription plans chosen in a product box (issue 7 point 8; extensions reference §12): "One-time
 * purchase" by default, "Subscribe" reveals the plan select by CSS alone, and the box's add to cart puts
 * the plan and its discounted price on the cart line, with and without JavaScript.
 */
const CATEGORY = "/home-garden/plants-garden/";
const TULIPS = "Potted Tulips";
const ADD_PATH = routeNames["frontend.checkout.line-item.add"];
const CART_PAGE = routeNames["frontend.checkout.cart.page"];

// seed/demo-purchase-options.ts: 12.90 less 10 % is 11.61; less 5 % (0.645 rounds up to 0.65) is 12.25.
const PLAN_OPTIONS = ["Every 2 weeks · 10% off, €11.61 per delivery", "Every month · 5% off, €12.25 per delivery"];

const tulipsBox = (page: Page) => productBoxes(page).filter({ has: page.getByRole("link", { name: TULIPS, exact: true }) });
/** Every box with plans has this group; its name says which product it is for. */
const purchaseOption = (box: Locator) => box.getByRole("radiogroup", { name: `Purchase option for ${TULIPS}` });
const planSelect = (box: Locator) => box.getByRole("combobox", { name: "Subscription plan" });
/** The plans, also while the select is hidden (one-time purchase chosen). */
const planOptions = (box: Locator) => box.getByRole("combobox", { name: "Subscription plan", includeHidden: true }).getByRole("option", { includeHidden: true });
const addButton = (box: Locator) => box.getByRole("button", { name: "Add to shopping cart" });
const cartPanel = (page: Page) => page.getByRole("dialog", { name: "Shopping cart" });
const cartLines = (scope: Locator) => scope.getByRole("listitem").filter({ has: scope.page().getByRole("link", { name: TULIPS, exact: true }) });

/** The form fields of the next add to cart, as posted. */
async function postedFields(page: Page, act: () => Promise<void>): Promise<URLSearchParams> {
  const [request] = await Promise.all([
    page.waitForRequest((r: Request) => r.method() === "POST" && new URL(r.url()).pathname === ADD_PATH),
    act(),
  ]);
  return new URLSearchParams(request.postData() ?? "");
}

test.beforeAll(() => {
  expect(DEMO_SUBSCRIPTION_PLANS["potted-tulips"]).toEqual([
    { intervalCount: 2, intervalUnit: "week", discountPercent: 10 },
    { intervalCount: 1, intervalUnit: "month", discountPercent: 5 },
  ]);
});

test.describe("subscription plans in product boxes", () => {
  test("one-time purchase is the default and adds without a plan; boxes without plans have no choice", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    const box = tulipsBox(page);
    const options = purchaseOption(box);
    await expect(box.getByText("Subscribe & save 10%")).toBeVisible();
    await expect(options.getByRole("radio", { name: "One-time purchase" })).toBeChecked();
    await expect(options.getByRole("radio", { name: "Subscribe" })).not.toBeChecked();
    await expect(planSelect(box)).toBeHidden();
    await expect(addButton(box)).toHaveCount(1);
    // Products without plans keep the plain box.
    const trowel = productBoxes(page).filter({ has: page.getByRole("link", { name: "Garden Hand Trowel" }) });
    await expect(trowel.getByRole("radiogroup")).toHaveCount(0);
    await expect(addButton(trowel)).toBeVisible();

    const fields = await postedFields(page, () => addButton(box).click());
    expect(fields.get("variantId")).toMatch(/^[0-9a-f-]{36}$/);
    expect(fields.get("subscriptionPlanId") ?? "", "a one-time purchase posts no plan").toBe("");
    const line = cartLines(cartPanel(page));
    await expect(line).toHaveCount(1);
    await expect(line).toContainText("€12.90");
    await expect(line.getByText(/^Subscription:/)).toHaveCount(0);
  });

  test("Subscribe reveals the plans with their prices; the chosen plan and its price go on the cart line", async ({ page }) => {
    // The purchase option's code loads lazily: the page hydrates without a mismatch or an error.
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, CATEGORY);
    const box = tulipsBox(page);
    await expect(planOptions(box)).toHaveText(PLAN_OPTIONS);
    await purchaseOption(box).getByRole("radio", { name: "Subscribe" }).check();
    await expect(planSelect(box)).toBeVisible();
    await expect(planSelect(box)).toHaveValue(/^[0-9a-f-]{36}$/);
    // Still one button: the subscription form's, in place of the one-time form's.
    await expect(addButton(box)).toHaveCount(1);
    await planSelect(box).selectOption({ label: PLAN_OPTIONS[1]! });
    const planId = await planSelect(box).inputValue();

    const fields = await postedFields(page, () => addButton(box).click());
    expect(fields.get("subscriptionPlanId")).toBe(planId);
    const panel = cartPanel(page);
    const line = cartLines(panel);
    await expect(line.getByText("Subscription: Every month · 5% off")).toBeVisible();
    await expect(line).toContainText("€12.25");

    // Back to one-time: a line of its own at the full price.
    await panel.getByRole("button", { name: "Close" }).click();
    await purchaseOption(box).getByRole("radio", { name: "One-time purchase" }).check();
    await expect(planSelect(box)).toBeHidden();
    const oneTime = await postedFields(page, () => addButton(box).click());
    expect(oneTime.get("subscriptionPlanId") ?? "").toBe("");
    await expect(cartLines(panel)).toHaveCount(2);

    await gotoHydrated(page, CART_PAGE);
    const lines = cartLines(page.getByRole("main"));
    await expect(lines.filter({ hasText: "Subscription: Every month · 5% off" })).toContainText("€12.25");
    await expect(lines.filter({ hasNotText: "Subscription:" })).toContainText("€12.90");
    expect(errors).toEqual([]);
  });

  test("a plan the product does not offer is refused with the cart's message", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    const box = tulipsBox(page);
    const succulents = productBoxes(page).filter({ has: page.getByRole("link", { name: /Assorted Succulents/ }) });
    const foreignPlan = await planOptions(succulents).first().getAttribute("value");
    // A stale or tampered page: the tulips' select offers the succulents' plan.
    await planOptions(box).first().evaluate((option, value) => ((option as HTMLOptionElement).value = value!), foreignPlan);
    await purchaseOption(box).getByRole("radio", { name: "Subscribe" }).check();
    await addButton(box).click();
    await expect(cartPanel(page).getByText(`This subscription is not offered for ${TULIPS}.`)).toBeVisible();
    await expect(cartLines(cartPanel(page))).toHaveCount(0);
  });

  test("without JavaScript the choice works the same and the add ends on the cart page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(CATEGORY);
      const box = tulipsBox(page);
      await expect(planSelect(box)).toBeHidden();
      await purchaseOption(box).getByRole("radio", { name: "Subscribe" }).check();
      await expect(planSelect(box)).toBeVisible();
      await planSelect(box).selectOption({ label: PLAN_OPTIONS[0]! });
      const fields = await postedFields(page, () => addButton(box).click());
      expect(fields.get("subscriptionPlanId")).toMatch(/^[0-9a-f-]{36}$/);
      await expect(page).toHaveURL((url) => url.pathname === CART_PAGE);
      const main = page.getByRole("main");
      await expect(main.getByText(`Added to your shopping cart: 1 × ${TULIPS}`)).toBeVisible();
      await expect(cartLines(main).getByText("Subscription: Every 2 weeks · 10% off")).toBeVisible();
      await expect(cartLines(main)).toContainText("€11.61");

      // One-time stays the default after the page loads again, and adds without a plan.
      await page.goto(CATEGORY);
      await expect(purchaseOption(tulipsBox(page)).getByRole("radio", { name: "One-time purchase" })).toBeChecked();
      const oneTime = await postedFields(page, () => addButton(tulipsBox(page)).click());
      expect(oneTime.get("subscriptionPlanId") ?? "").toBe("");
      await expect(page).toHaveURL((url) => url.pathname === CART_PAGE);
      await expect(cartLines(page.getByRole("main"))).toHaveCount(2);
    } finally {
      await context.close();
    }
  });

  test("keyboard only: Tab to the choice, arrows to Subscribe and a plan, Space adds; hidden controls are skipped", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    const box = tulipsBox(page);
    const oneTime = purchaseOption(box).getByRole("radio", { name: "One-time purchase" });
    const subscribe = purchaseOption(box).getByRole("radio", { name: "Subscribe" });
    await box.getByRole("link", { name: TULIPS, exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(oneTime).toBeFocused();
    // With one-time chosen, the next stop is its add button: the plan select is not focusable.
    await page.keyboard.press("Tab");
    await expect(addButton(box)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(oneTime).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(subscribe).toBeFocused();
    await expect(subscribe).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(planSelect(box)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(planSelect(box)).toHaveValue((await planOptions(box).nth(1).getAttribute("value"))!);
    await page.keyboard.press("Tab");
    await expect(addButton(box)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(cartLines(cartPanel(page)).getByText("Subscription: Every month · 5% off")).toBeVisible();
  });

  test("at 375 px the chosen plan's price per delivery shows in full beside the closed select, also without JavaScript", { tag: "@mobile" }, async ({ page, browser, baseURL }) => {
    // The plan's price, as the closed select and the line under it show it, and whether it fits.
    const shownPrice = (box: Locator) =>
      box.getByText(/per delivery$/).evaluateAll((lines) =>
        lines
          .filter((line) => line.checkVisibility())
          .map((line) => ({ text: line.textContent, fits: line.scrollWidth <= line.clientWidth && line.getBoundingClientRect().right <= line.closest("article")!.getBoundingClientRect().right })),
      );
    await gotoHydrated(page, CATEGORY);
    const box = tulipsBox(page);
    await purchaseOption(box).getByRole("radio", { name: "Subscribe" }).check();
    await expect(planSelect(box)).toBeVisible();
    // The closed select is too narrow for the whole option: the price shows under it, in full.
    await expect.poll(() => shownPrice(box)).toEqual([{ text: "€11.61 per delivery", fits: true }]);
    await planSelect(box).selectOption({ label: PLAN_OPTIONS[1]! });
    await expect.poll(() => shownPrice(box)).toEqual([{ text: "€12.25 per delivery", fits: true }]);
    // The select keeps its name and its options their whole text.
    await expect(planOptions(box)).toHaveText(PLAN_OPTIONS);

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    try {
      const noScript = await context.newPage();
      await noScript.goto(CATEGORY);
      const staticBox = tulipsBox(noScript);
      await purchaseOption(staticBox).getByRole("radio", { name: "Subscribe" }).check();
      await expect.poll(() => shownPrice(staticBox)).toEqual([{ text: "€11.61 per delivery", fits: true }]);
      await planSelect(staticBox).selectOption({ label: PLAN_OPTIONS[1]! });
      await expect.poll(() => shownPrice(staticBox)).toEqual([{ text: "€12.25 per delivery", fits: true }]);
    } finally {
      await context.close();
    }
  });

  test("passes axe at 1280 and 375 px, with one-time and with Subscribe chosen", async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, CATEGORY);
      await expectNoAxeViolations(page, `category page with subscription boxes at ${width} px`);
      await purchaseOption(tulipsBox(page)).getByRole("radio", { name: "Subscribe" }).check();
      await expect(planSelect(tulipsBox(page))).toBeVisible();
      await expectNoAxeViolations(page, `category page with Subscribe chosen at ${width} px`);
    }
  });
});
