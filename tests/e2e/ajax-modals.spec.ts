import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Ajax modals (issue 26, CONTRACT §8): the footer's legal links and the confirm page's terms link open the
 * page's content in a dialog named by its title; a link inside loads there with Back; without JavaScript
 * they are ordinary pages.
 */

const footerLink = (page: Page, name: string) => page.getByRole("contentinfo").getByRole("link", { name, exact: true });

test.describe("ajax modals", () => {
  test("footer Terms and conditions: a dialog with the page's content; a link inside → Back; Escape → focus back on the link", async ({ page }) => {
    await gotoHydrated(page, "/");
    const terms = footerLink(page, "Terms and conditions");
    await terms.click();
    const dialog = page.getByRole("dialog", { name: "Terms and conditions" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "4. Right of withdrawal" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expectNoAxeViolations(page, "terms dialog");

    await dialog.getByRole("link", { name: "Privacy" }).click();
    const privacy = page.getByRole("dialog", { name: "Privacy" });
    await expect(privacy.getByRole("heading", { name: "Your rights" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await privacy.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByRole("heading", { name: "4. Right of withdrawal" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Back" })).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(terms).toBeFocused();
  });

  test("footer Shipping and payment and Privacy open their pages' content", async ({ page }) => {
    await gotoHydrated(page, "/");
    await footerLink(page, "Shipping and payment").click();
    const shipping = page.getByRole("dialog", { name: "Shipping and payment" });
    await expect(shipping.getByRole("heading", { name: "Shipping costs" })).toBeVisible();
    await shipping.getByRole("button", { name: "Close" }).click();
    await expect(footerLink(page, "Shipping and payment")).toBeFocused();

    await footerLink(page, "Privacy").click();
    await expect(page.getByRole("dialog", { name: "Privacy" }).getByRole("heading", { name: "What we store" })).toBeVisible();
  });

  test("the confirm page's terms link opens the dialog without toggling the checkbox", async ({ page, baseURL }) => {
    await fillCart(page, 1, baseURL);
    await gotoHydrated(page, "/checkout/register");
    const form = page.getByRole("region", { name: "I am a new customer" });
    await form.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Erika");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Mustermann");
    await page.getByRole("textbox", { name: "Email address", exact: true }).fill(uniqueEmail("ajax-modal"));
    await form.getByRole("checkbox", { name: "Do not create a customer account" }).check();
    await page.getByRole("textbox", { name: "Street address", exact: true }).fill("Hauptstraße 1");
    await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("10115");
    await page.getByRole("textbox", { name: "City", exact: true }).fill("Berlin");
    await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "Germany" });
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);

    const checkbox = page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });
    await expect(checkbox).not.toBeChecked();
    await page.getByRole("link", { name: "general terms and conditions" }).click();
    const dialog = page.getByRole("dialog", { name: "Terms and conditions" });
    await expect(dialog.getByRole("heading", { name: "2. Contract" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(checkbox).not.toBeChecked();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
  });

  test("the legal pages pass axe as pages of their own", async ({ page }) => {
    for (const [path, title] of [
      ["/terms-and-conditions", "Terms and conditions"],
      ["/privacy", "Privacy"],
    ] as const) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(page, `the page ${path}`);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the footer links are ordinary pages", async ({ page }) => {
      await page.goto("/");
      await footerLink(page, "Terms and conditions").click();
      await expect(page).toHaveURL(/\/terms-and-conditions$/);
      await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Privacy" }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    });
  });
});
