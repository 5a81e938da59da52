import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Business customers (issue 23, CONTRACT §6) with the demo company Northwind: the partner invites an
 * employee, who activates the account from the mail and logs in; deactivation ends the employee's
 * session; deletion; the roles page's permission tree by mouse and keyboard and the default-role
 * confirmation; axe on both pages at phone and desktop widths. Every test makes its own employees and
 * roles, so the demo's own stay as they are for other journeys.
 */

const PARTNER = { email: "partner@northwind.example", password: "northwind-demo" };
const MAIL_DIR = path.resolve(`.data-e2e-${process.env.E2E_PORT ?? 3210}`, "mail");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

let counter = 0;
const unique = (label: string) => `${label}-${Date.now()}-${++counter}`;

/** A labelled field; required fields' labels end with `*`. */
const field = (page: Page | Locator, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  await gotoHydrated(page, "/account/login");
  await page.getByRole("textbox", { name: "Your email address" }).fill(email);
  await page.getByLabel(/^Your password\*?$/).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** The invitation link of the newest mail to `email` (the demo server writes its mail to DATA_DIR/mail). */
function invitationLink(email: string): string | undefined {
  for (const file of existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).sort().reverse() : []) {
    const eml = readFileSync(path.join(MAIL_DIR, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!eml.includes(`To: ${email}`)) continue;
    return /https?:\/\/[^/\s]+(\/account\/employees\/invitation\/[A-Za-z0-9_-]{43})/.exec(eml)?.[1];
  }
  return undefined;
}

/** Invites an employee from the employees page (open in `page`) and returns their email. */
async function invite(page: Page, firstName: string, lastName: string, role = "Buyer"): Promise<string> {
  const email = `${unique(firstName.toLowerCase())}@northwind.example`;
  await page.getByRole("button", { name: "Add employee" }).click();
  const dialog = page.getByRole("dialog", { name: "Add employee" });
  await expect(dialog).toBeVisible();
  await field(dialog, "First name").fill(firstName);
  await field(dialog, "Last name").fill(lastName);
  await field(dialog, "Email address").fill(email);
  await field(dialog, "Role").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(dialog).toBeHidden();
  return email;
}

/** Opens the invitation link of `email` and activates the account with `password`. */
async function activate(page: Page, email: string, password: string) {
  await expect.poll(() => invitationLink(email), { message: `the invitation mail to ${email}` }).toBeTruthy();
  await gotoHydrated(page, invitationLink(email)!);
  await expect(page.getByRole("heading", { level: 1, name: "Activate your account" })).toBeVisible();
  await field(page, "Password").fill(password);
  await field(page, "Password confirmation").fill(password);
  await page.getByRole("button", { name: "Activate account" }).click();
  await expect(page.getByText("Your account is active.")).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** A second browser for the employee. */
async function employeePage(browser: Browser) {
  return (await browser.newContext({ viewport: DESKTOP })).newPage();
}

test.describe("business customers", () => {
  test("the partner invites an employee, who activates the account from the mail and logs in for the company", async ({ page, browser }) => {
    await page.setViewportSize(DESKTOP);
    await logIn(page, PARTNER);
    // The header's account menu offers the company pages too.
    await page.getByRole("button", { name: "Your account" }).click();
    const menu = page.locator(".account-menu__dropdown");
    for (const name of ["Employees", "Roles", "Quick order"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    const nav = page.getByRole("navigation", { name: "Your account" });
    await nav.getByRole("link", { name: "Employees" }).click();
    await expect(page).toHaveURL(/\/account\/employees$/);
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
    await expect(row(page, "Mara Lind")).toContainText("Buyer");
    await expect(row(page, "Jonas Weber")).toContainText("Approver");

    // A refused invitation keeps the dialog open with the message at its field.
    await page.getByRole("button", { name: "Add employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add employee" });
    await field(dialog, "First name").fill("Ida");
    await field(dialog, "Last name").fill("Kraft");
    await field(dialog, "Email address").fill("mara.lind@northwind.example");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("dialog", { name: "Add employee" })).toContainText("An account with this email address already exists");
    await expectNoAxeViolations(page, "the Add employee dialog with an error");
    await page.keyboard.press("Escape");

    const email = await invite(page, "Ida", "Kraft");
    await expect(row(page, "Ida Kraft")).toContainText("Invited");

    const employee = await employeePage(browser);
    await activate(employee, email, "ida-password-1");
    await expectNoAxeViolations(employee, "the activated invitation page");
    // The link works once.
    await gotoHydrated(employee, invitationLink(email)!);
    await expect(employee.getByText("This invitation link does not work any more")).toBeVisible();
    await expectNoAxeViolations(employee, "a used invitation link");

    await logIn(employee, { email, password: "ida-password-1" });
    await expect(employee.getByRole("heading", { level: 1, name: "Welcome, Ida" })).toBeVisible();
    await expect(employee.getByText("You order for Northwind Trading GmbH.")).toBeVisible();
    const employeeNav = employee.getByRole("navigation", { name: "Your account" });
    await expect(employeeNav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
    // The company's profile is the partner's, and a Buyer manages nobody.
    for (const name of ["Your profile", "Employees", "Roles"]) await expect(employeeNav.getByRole("link", { name })).toHaveCount(0);
    // Every employee may order for the company.
    await expect(employeeNav.getByRole("link", { name: "Quick order" })).toBeVisible();
    await employee.getByRole("button", { name: "Your account" }).click();
    const employeeMenu = employee.locator(".account-menu__dropdown");
    await expect(employeeMenu.getByText("Hello, Ida")).toBeVisible();
    await expect(employeeMenu.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
    await expect(employeeMenu.getByRole("link", { name: "Your profile", exact: true })).toHaveCount(0);
    await employee.keyboard.press("Escape");
    const refused = await employee.goto("/account/employees");
    expect(refused?.status()).toBe(403);
    await expect(employee.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(employee.getByText("Your role does not allow this.")).toBeVisible();

    await page.reload();
    await expect(row(page, "Ida Kraft")).toContainText("Active");
    await employee.context().close();
  });

  test("deactivation (after a confirmation) ends the employee's session; deletion removes them", async ({ page, browser }) => {
    await page.setViewportSize(DESKTOP);
    await logIn(page, PARTNER);
    await gotoHydrated(page, "/account/employees");
    const email = await invite(page, "Paul", "Pause");
    const employee = await employeePage(browser);
    await activate(employee, email, "paul-password-1");
    await logIn(employee, { email, password: "paul-password-1" });
    await gotoHydrated(page, "/account/employees");
    await expect(row(page, "Paul Pause")).toContainText("Active");

    // Cancel changes nothing and gives the focus back to the button.
    const deactivate = page.getByRole("button", { name: "Deactivate Paul Pause" });
    await deactivate.click();
    const confirm = page.getByRole("dialog", { name: "Deactivate employee" });
    await expect(confirm).toContainText("Paul Pause");
    await expectNoAxeViolations(page, "the deactivation dialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(deactivate).toBeFocused();
    await expect(row(page, "Paul Pause")).toContainText("Active");

    await deactivate.click();
    await page.getByRole("dialog", { name: "Deactivate employee" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/account\/employees\?deactivate=true&firstName=Paul&lastName=Pause$/);
    await expect(page.getByRole("status").filter({ hasText: "Paul Pause has been deactivated." })).toBeVisible();
    await expect(row(page, "Paul Pause")).toContainText("Deactivated");

    // The employee's session is gone: the next account page asks for a login, which is refused.
    await employee.goto("/account/order");
    await expect(employee).toHaveURL(/\/account\/login\?redirectTo=/);
    await employee.getByRole("textbox", { name: "Your email address" }).fill(email);
    await employee.getByLabel(/^Your password\*?$/).fill("paul-password-1");
    await employee.getByRole("button", { name: "Log in" }).click();
    await expect(employee.getByText("The email address or password is not correct")).toBeVisible();
    await employee.context().close();

    // Delete: DELETE, then the page reloads without them.
    await page.getByRole("button", { name: "Delete Paul Pause" }).click();
    const deleting = page.getByRole("dialog", { name: "Delete employee" });
    await expect(deleting).toContainText("Paul Pause");
    await deleting.getByRole("button", { name: "Confirm" }).click();
    await expect(row(page, "Paul Pause")).toHaveCount(0);
    await expect(row(page, "Mara Lind")).toBeVisible();
  });

  test("the permission tree by mouse and keyboard, and the default role's confirmation", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await logIn(page, PARTNER);
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Roles" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page).toHaveURL(/\/account\/roles\/create$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add role" })).toBeVisible();
    const name = unique("Team leads");
    await field(page, "Role name").fill(name);

    const box = (label: string) => page.getByRole("checkbox", { name: label, exact: true });
    // Mouse: checking a permission checks what it needs; the group shows mixed.
    await box("Create employees").check();
    for (const label of ["View employees", "Edit employees", "Create employees"]) await expect(box(label)).toBeChecked();
    await expect(box("Delete employees")).not.toBeChecked();
    await expect(box("Employees")).toBeChecked({ indeterminate: true });
    await expect(box("Employees")).toHaveAttribute("aria-checked", "mixed");
    // Unchecking one unchecks what needs it.
    await box("View employees").uncheck();
    for (const label of ["View employees", "Edit employees", "Create employees"]) await expect(box(label)).not.toBeChecked();
    await expect(box("Employees")).not.toBeChecked();
    // The group's box toggles all of its permissions.
    await box("Quotes").check();
    for (const label of ["Request quotes", "View all quotes", "Accept quotes", "Decline quotes", "Request quote changes"]) await expect(box(label)).toBeChecked();
    await box("Decline quotes").uncheck();
    await expect(box("Quotes")).toBeChecked({ indeterminate: true });

    // Keyboard: Space checks, the arrow keys move between the boxes.
    await box("View roles").focus();
    await page.keyboard.press("Space");
    await expect(box("View roles")).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(box("Edit roles")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(box("Create roles")).toBeFocused();
    await page.keyboard.press("Space");
    for (const label of ["View roles", "Edit roles", "Create roles"]) await expect(box(label)).toBeChecked();
    await expect(box("Roles")).toBeChecked({ indeterminate: true });
    await page.keyboard.press("ArrowUp");
    await expect(box("Edit roles")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(box("Edit roles")).not.toBeChecked();
    await expect(box("Create roles")).not.toBeChecked();
    await expect(box("View roles")).toBeChecked();
    await expectNoAxeViolations(page, "the role form with a mixed group");

    // The default-role switch: Cancel and Escape leave it unchecked, Confirm checks it.
    const defaultRole = box("Default role");
    await defaultRole.click();
    const confirm = page.getByRole("dialog", { name: "Set default role" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, "the Set default role dialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(defaultRole).not.toBeChecked();
    await defaultRole.click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(defaultRole).not.toBeChecked();
    await defaultRole.click();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(defaultRole).toBeChecked();

    await page.getByRole("button", { name: "Save role" }).click();
    await expect(page).toHaveURL(/\/account\/roles\?saved=1$/);
    await expect(page.getByRole("status").filter({ hasText: "The role has been saved." })).toBeVisible();
    const saved = row(page, name);
    await expect(saved).toContainText("Default");
    // View roles, four quote permissions and their dependency.
    await expect(saved).toContainText("5");

    // Back to Buyer as the default, so the demo's invitations keep their role.
    await page.getByRole("link", { name: "Edit Buyer" }).click();
    await box("Default role").click();
    await page.getByRole("dialog", { name: "Set default role" }).getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("button", { name: "Save role" }).click();
    await expect(row(page, "Buyer")).toContainText("Default");
    await expect(row(page, name)).not.toContainText("Default");

    // Delete the new role after the confirmation.
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Delete role" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/account\/roles\?deleted=1$/);
    await expect(row(page, name)).toHaveCount(0);
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the employees and roles pages pass axe at ${viewport.width} px (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await logIn(page, PARTNER);
      for (const [pagePath, heading] of [
        ["/account/employees", "Employees"],
        ["/account/roles", "Roles"],
        ["/account/roles/create", "Add role"],
      ] as const) {
        await gotoHydrated(page, pagePath);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page, `${pagePath} at ${viewport.width} px`);
      }
    });
  }
});
