import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Quick order (issue 24, CONTRACT §6) as the demo company's employee Mara Lind: products by search
 * (a duplicate adds up, with its notice), the list into the cart (the cart panel opens with them), and a
 * CSV upload whose duplicates are resolved in the comparison table; axe at phone and desktop widths.
 */

const MARA = { email: "mara.lind@northwind.example", password: "northwind-demo" };
const LAPTOP = "LAP-UT-13INCH-8GB";
const LAPTOP_NAME = "Ultrathin Laptop (Screen size: 13 inch, Memory: 8 GB)";

async function logIn(page: Page) {
  await gotoHydrated(page, "/account/login");
  await page.getByRole("textbox", { name: "Your email address" }).fill(MARA.email);
  await page.getByLabel(/^Your password\*?$/).fill(MARA.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** Searches and picks the suggestion whose text contains `number`. */
async function addBySearch(page: Page, search: string, number: string) {
  const combobox = page.getByRole("combobox", { name: "Search products" });
  await combobox.fill(search);
  const option = page.getByRole("option").filter({ hasText: number }).first();
  await expect(option).toBeVisible();
  await option.click();
}

const list = (page: Page) => page.getByRole("region", { name: "Your list" });
const line = (page: Page, number: string) => list(page).getByRole("listitem").filter({ hasText: number });

test.describe("quick order", () => {
  test.beforeEach(async ({ page }) => {
    // The list lives in the browser's session storage: every test starts with its own (a new context).
    await logIn(page);
  });

  test("by search: a product again adds up with a notice; the list goes into the cart and the panel opens", async ({ page }) => {
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Quick order" }).click();
    await expect(page).toHaveURL(/\/quick-order$/);
    await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to shopping cart" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Clear list" })).toBeDisabled();
    await expectNoAxeViolations(page, "the empty quick-order page");

    // Keyboard: ArrowDown and Enter pick the first suggestion.
    const combobox = page.getByRole("combobox", { name: "Search products" });
    await combobox.fill(LAPTOP.toLowerCase());
    await expect(page.getByRole("option").first()).toContainText(LAPTOP);
    await expectNoAxeViolations(page, "the search suggestions");
    await combobox.press("ArrowDown");
    await combobox.press("Enter");
    await expect(line(page, LAPTOP)).toContainText(LAPTOP_NAME);
    const quantity = line(page, LAPTOP).getByRole("spinbutton", { name: "Quantity" });
    await expect(quantity).toHaveValue("1");
    await expect(line(page, LAPTOP).getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await line(page, LAPTOP).getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("2");

    await addBySearch(page, "ultrathin", LAPTOP);
    await expect(page.getByRole("status").filter({ hasText: `${LAPTOP} ${LAPTOP_NAME} was already on the list` })).toBeVisible();
    await expect(quantity).toHaveValue("3");
    await addBySearch(page, "LAP-UT-15INCH-16GB", "LAP-UT-15INCH-16GB");
    // A new product goes to the front.
    await expect(list(page).getByRole("listitem").first()).toContainText("LAP-UT-15INCH-16GB");
    await expectNoAxeViolations(page, "the quick-order list");

    await page.getByRole("button", { name: "Add to shopping cart" }).click();
    const panel = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Ultrathin Laptop");
    await page.keyboard.press("Escape");

    // The list stays until it is cleared.
    await page.getByRole("button", { name: "Clear list" }).click();
    await expect(page.getByText("Your list is empty.")).toBeVisible();
  });

  test("by CSV: duplicates are compared and chosen, unknown numbers listed", async ({ page }) => {
    await gotoHydrated(page, "/quick-order");
    await addBySearch(page, LAPTOP, LAPTOP);
    await expect(line(page, LAPTOP).getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");

    await page.getByRole("button", { name: "Upload CSV file" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload CSV file" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Add to list" })).toBeChecked();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "order.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFFproductNumber;quantity\r\n${LAPTOP};2\r\nNO-SUCH-NUMBER;1\r\nLAP-UT-15INCH-8GB;3\r\n`),
    });
    await dialog.getByRole("button", { name: "Upload" }).click();
    const add = dialog.getByRole("button", { name: "Add", exact: true });
    await expect(add).toBeEnabled();
    await expect(dialog).toContainText("NO-SUCH-NUMBER");
    await expectNoAxeViolations(page, "the upload dialog after an upload");
    await add.click();

    // The laptop is on the list already: manual 1, CSV 2, combined 3; Manual is preselected.
    const comparison = dialog.getByRole("table");
    await expect(comparison).toContainText(LAPTOP);
    const choice = dialog.getByRole("radiogroup", { name: LAPTOP_NAME });
    await expect(choice.getByRole("radio", { name: "Manual" })).toBeChecked();
    await choice.getByRole("radio", { name: "Combined" }).check();
    await expectNoAxeViolations(page, "the duplicate comparison");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();

    await expect(line(page, LAPTOP).getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
    await expect(line(page, "LAP-UT-15INCH-8GB").getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
    await expect(page.getByRole("alert").filter({ hasText: "NO-SUCH-NUMBER" })).toBeVisible();

    // Leaving with lines asks first (spec §8); a reload keeps the list (it lives in the browser).
    const asked: string[] = [];
    page.once("dialog", (prompt) => {
      asked.push(prompt.type());
      void prompt.accept();
    });
    await gotoHydrated(page, "/quick-order");
    expect(asked).toEqual(["beforeunload"]);
    await expect(line(page, LAPTOP).getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
    await page.getByRole("button", { name: "Clear list" }).click();
    await expect(page.getByText("Your list is empty.")).toBeVisible();
  });

  test("passes axe at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await gotoHydrated(page, "/quick-order");
    await addBySearch(page, LAPTOP, LAPTOP);
    await expect(line(page, LAPTOP)).toBeVisible();
    await expectNoAxeViolations(page, "the quick-order page at 375 px");
    await page.getByRole("button", { name: "Upload CSV file" }).click();
    await expectNoAxeViolations(page, "the upload dialog at 375 px");
  });
});
