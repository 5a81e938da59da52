import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { E2E_CAPTCHA_CODE } from "./support/captcha-code";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * The shared form behaviours on the contact form (/contact): validation rules and messages (spec §5),
 * the first invalid field scrolled below the header, AJAX answers (spec §8), submit-once, the form
 * values store (spec §3/§9), and the same form without JavaScript.
 */

// Axe on a full page and several round trips per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const form = (page: Page) => page.locator("#contact-form");
const textbox = (page: Page, name: string) => page.getByRole("textbox", { name: new RegExp(`^${name}\\s*\\*?$`) });
const submit = (page: Page) => page.getByRole("button", { name: "Submit" });

async function fillValid(page: Page, email = uniqueEmail("contact")) {
  await page.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
  await textbox(page, "First name").fill("Erika");
  await textbox(page, "Last name").fill("Musterfrau");
  await textbox(page, "Email address").fill(email);
  await textbox(page, "Subject").fill("Where is my parcel?");
  await textbox(page, "Comment").fill("I ordered a week ago and the parcel has not arrived yet.");
  // The contact form's basic captcha (the browser tests' server draws one known code).
  await textbox(page, "Captcha").fill(E2E_CAPTCHA_CODE);
}

/** The message a field is described by (`aria-describedby`), as a screen reader hears it. */
async function describedText(page: Page, name: string): Promise<string> {
  const control = textbox(page, name);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

/** Answers the contact form's AJAX post with `body` instead of the server; counts the posts. */
async function answerContactPosts(page: Page, body: unknown, delayMs = 0) {
  const posts: string[] = [];
  await page.route("**/contact", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts.push(route.request().postData() ?? "");
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  });
  return posts;
}

test.describe("contact form", () => {
  test("the footer links to the contact page, which passes axe", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    for (const name of ["First name", "Last name", "Email address", "Subject", "Comment"]) {
      await expect(textbox(page, name)).toBeVisible();
      // A required field's visible label ends with `*` (CONTRACT §4).
      expect((await page.locator(`label[for="${await textbox(page, name).getAttribute("id")}"]`).textContent())?.trim()).toBe(`${name}*`);
    }
    await expect(page.getByRole("combobox", { name: "Salutation" })).toBeVisible();
    await expect(form(page)).toHaveAttribute("novalidate", "");
    await expectNoAxeViolations(page, "contact page");
  });

  test("a valid message is sent as urlencoded AJAX post and the confirmation replaces the form", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await fillValid(page);
    const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/contact"));
    await submit(page).click();
    const sent = await request;
    expect(sent.headers()["x-requested-with"]).toBe("XMLHttpRequest");
    expect(sent.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(new URLSearchParams(sent.postData() ?? "").get("firstName")).toBe("Erika");

    const confirmation = page.getByRole("status").filter({ hasText: "Thank you for your message" });
    await expect(confirmation).toBeVisible();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    await expect(confirmation).toBeFocused();
    await expectNoAxeViolations(page, "contact confirmation");
  });

  test("the server's refusal shows as an error block below the form, with the field marked", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await fillValid(page);
    // The browser's email check accepts a host without a dot; the server's does not.
    await textbox(page, "Email address").fill("erika@localhost");
    await submit(page).click();
    const block = page.getByRole("alert").filter({ hasText: "Please check the marked fields" });
    await expect(block).toBeVisible();
    const [formBox, blockBox] = [await form(page).boundingBox(), await block.boundingBox()];
    expect(blockBox!.y, "the error block is below the form").toBeGreaterThanOrEqual(formBox!.y + formBox!.height);
    expect(await describedText(page, "Email address")).toContain("Please enter a valid email address.");
    // The form keeps the shopper's entries.
    await expect(textbox(page, "Subject")).toHaveValue("Where is my parcel?");
    await expectNoAxeViolations(page, "contact form with the server's refusal");
  });

  test("a danger or info alert from the server is shown below the form; the form stays", async ({ page }) => {
    await answerContactPosts(page, [{ type: "info", alert: "Our team is on holiday until Monday." }]);
    await gotoHydrated(page, "/contact");
    await fillValid(page);
    await submit(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "Our team is on holiday until Monday." })).toBeVisible();
    await expect(form(page)).toBeVisible();
    await expect(submit(page)).toBeEnabled();
  });

  test("an empty answer reloads the page", async ({ page }) => {
    await answerContactPosts(page, []);
    await gotoHydrated(page, "/contact");
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await fillValid(page);
    const reloaded = page.waitForEvent("load");
    await submit(page).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  });

  test("submit-once: two quick clicks send one request, and the button is disabled meanwhile", async ({ page }) => {
    const posts = await answerContactPosts(page, [{ type: "success", alert: "Thanks!" }], 600);
    await gotoHydrated(page, "/contact");
    await fillValid(page);
    await submit(page).dblclick();
    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Thanks!" })).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test("every rule shows its own message on submit, tied to the field; nothing is sent", async ({ page }) => {
    let posts = 0;
    page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/contact") && posts++);
    await gotoHydrated(page, "/contact");
    await textbox(page, "First name").fill("   ");
    await submit(page).click();
    await expect(form(page)).toHaveClass(/was-validated/);
    // The first invalid field takes the focus once the page stopped scrolling; typing before that could
    // go into it instead of the field being filled.
    await expect(textbox(page, "First name")).toBeFocused();
    for (const name of ["First name", "Last name", "Email address", "Subject", "Comment"]) {
      expect(await describedText(page, name), name).toContain("Please fill in this field.");
    }

    await textbox(page, "Email address").fill("no-at-sign");
    await textbox(page, "Comment").fill("Too short");
    await textbox(page, "Subject").evaluate((input: HTMLInputElement) => {
      // More than the field's maxlength lets anyone type: a pasted or scripted value.
      input.value = "x".repeat(input.maxLength + 1);
    });
    await submit(page).click();
    await expect(textbox(page, "First name")).toBeFocused();
    // The messages follow the submit's validation pass: wait for the new one rather than read the old.
    await expect.poll(() => describedText(page, "Email address")).toContain("Please enter a valid email address.");
    expect(await describedText(page, "Comment")).toContain("This entry is too short: at least 10 characters.");
    expect(await describedText(page, "Comment")).toContain("At least 10 characters.");
    expect(await describedText(page, "Subject")).toContain("This entry is too long.");

    // A corrected field loses its message as soon as it is valid.
    await textbox(page, "Comment").fill("Now this is long enough.");
    await expect(textbox(page, "Comment")).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toBe(0);
    await expectNoAxeViolations(page, "contact form with every message");
  });

  test("the first invalid field is scrolled 15 px below the sticky header and focused", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await fillValid(page);
    await textbox(page, "First name").fill("");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await submit(page).click();
    await expect(textbox(page, "First name")).toBeFocused();
    const { headerBottom, fieldTop } = await page.evaluate(() => ({
      headerBottom: document.querySelector(".site-header")!.getBoundingClientRect().bottom,
      fieldTop: document.querySelector('label[for="contact-firstName"]')!.closest("[data-form-field]")!.getBoundingClientRect().top,
    }));
    expect(Math.abs(fieldTop - (headerBottom + 15)), `field top ${fieldTop}, header bottom ${headerBottom}`).toBeLessThanOrEqual(2);
  });

  test("typed values survive a reload and are forgotten after a successful send", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await textbox(page, "First name").fill("Erika");
    await textbox(page, "Comment").fill("Please call me back about my order.");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("contact.comment"))).toBe("Please call me back about my order.");
    await gotoHydrated(page, "/contact");
    await expect(textbox(page, "First name")).toHaveValue("Erika");
    await expect(textbox(page, "Comment")).toHaveValue("Please call me back about my order.");

    await fillValid(page);
    await submit(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for your message" })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("contact.")))).toEqual([]);
    await gotoHydrated(page, "/contact");
    await expect(textbox(page, "First name")).toHaveValue("");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends a message as a plain form and shows the confirmation", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page);
    await submit(page).click();
    await expect(page.getByText("Thank you for your message")).toBeVisible();
    await expect(form(page)).toHaveCount(0);
  });

  test("shows the server's messages on the fields and keeps the entries", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page);
    await textbox(page, "Comment").fill("short");
    await submit(page).click();
    await expect(page.getByRole("alert")).toContainText("Please check the marked fields");
    expect(await describedText(page, "Comment")).toContain("This entry is too short: at least 10 characters.");
    await expect(textbox(page, "First name")).toHaveValue("Erika");
    // No axe here: it runs as a script, which this page has switched off. The same markup with
    // JavaScript passes axe in "the server's refusal shows as an error block below the form".
  });
});

test("contact form at 375 px @mobile", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
  const button = await submit(page).boundingBox();
  const comment = await textbox(page, "Comment").boundingBox();
  expect(Math.abs(button!.width - comment!.width), "the button spans the form").toBeLessThanOrEqual(2);
  await submit(page).click();
  await expect(textbox(page, "First name")).toBeFocused();
  await expectNoAxeViolations(page, "contact page at 375 px");
});
