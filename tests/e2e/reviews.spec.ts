import { expect, test, type Page } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Reviews (issue 7 point 6): pages of 10 reviews, writing one (moderated before it shows), and review
 * translation (spec extensions "Review translation": POST {reviewId} → id, title, content, comment,
 * language_name; on failure an alert). The main shop translates with the LibreTranslate test double
 * (playwright.config.ts), which marks texts "[EN · test double] …" instead of translating them.
 */
const TENT = "/dome-tent-2-person/CMP-T2"; // 23 demo reviews: 3 pages
const CAMERA = "/compact-digital-camera/CAM-CD"; // demo reviews in German and English
const REVIEWS_PER_PAGE = 10;

const pane = (page: Page) => page.getByRole("tabpanel", { name: "Reviews" });
const reviewItems = (page: Page) => pane(page).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });

/**
 * The first review offering a translation, pinned by position (its button goes once it is translated).
 * The Translate buttons' code loads after the page, so the first button is waited for.
 */
async function firstTranslatable(page: Page) {
  await expect(pane(page).getByRole("button", { name: "Translate" }).first()).toBeVisible();
  const offers = await reviewItems(page).evaluateAll((items) => items.map((item) => item.querySelector("button") !== null));
  const index = offers.indexOf(true);
  expect(index, "a review offers a translation").toBeGreaterThanOrEqual(0);
  return reviewItems(page).nth(index);
}

async function openReviews(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.getByRole("tablist", { name: "Product information" }).getByRole("tab", { name: "Reviews" }).click();
  await expect(pane(page)).toBeVisible();
}

test("reviews come in pages of 10, newest first, through links", async ({ page }) => {
  await openReviews(page, TENT);
  await expect(reviewItems(page)).toHaveCount(REVIEWS_PER_PAGE);
  const pages = pane(page).getByRole("navigation", { name: "Review pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  const firstTitle = await reviewItems(page).first().getByRole("heading").textContent();

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]reviewPage=2(#reviews)?$/);
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(reviewItems(page)).toHaveCount(REVIEWS_PER_PAGE);
  await expect(reviewItems(page).first().getByRole("heading")).not.toHaveText(firstTitle!);

  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/[?&]reviewPage=3(#reviews)?$/);
  await expect(reviewItems(page)).toHaveCount(3);
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
});

test("a customer writes a review: errors first, then a thank-you; it stays hidden until approved", async ({ page, baseURL }) => {
  await openReviews(page, TENT);
  const login = pane(page).getByRole("link", { name: "Log in to write a review" });
  await expect(login).toHaveAttribute("href", `/account/login?redirectTo=${encodeURIComponent(`${TENT}#reviews`)}`);
  await expect(pane(page).getByRole("button", { name: "Submit review" })).toHaveCount(0);

  await registerAccount(page, baseURL);
  await openReviews(page, TENT);
  const form = pane(page).getByRole("region", { name: "Write a review" });
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Please give your review a title.");
  await expect(form.getByRole("textbox", { name: "Your review" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "the review form with errors");

  const title = `Survived the storm ${Date.now()}`;
  await form.getByRole("group", { name: "Rating" }).getByRole("radio", { name: "4 stars" }).check();
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Your review" }).fill("Pitched it in strong wind on a ridge and it held all night.");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByRole("status")).toHaveText("Thank you — your review will appear after it is checked.");

  // Pending: not on the page, not counted.
  await openReviews(page, TENT);
  await expect(pane(page).getByText(title)).toHaveCount(0);
  await expect(pane(page).getByText("out of 5 stars from 23 reviews")).toBeVisible();
});

test("Translate shows a review in the page's language, with its original language and a way back", async ({ page }) => {
  await openReviews(page, CAMERA);
  const german = await firstTranslatable(page);
  const title = german.getByRole("heading");
  const original = (await title.textContent())!;
  await expect(german).toHaveAttribute("lang", "de");
  const button = german.getByRole("button", { name: "Translate" });
  await expect(button).toHaveAccessibleDescription(original);

  const request = page.waitForRequest("**/product/review/translate");
  await button.click();
  const sent = await request;
  expect(sent.method()).toBe("POST");
  expect(sent.headers()["x-requested-with"]).toBe("XMLHttpRequest");
  expect(Object.keys(sent.postDataJSON() as object)).toEqual(["reviewId"]);

  await expect(title).toHaveText(`[EN · test double] ${original}`);
  await expect(german.getByText("Translated from German by LibreTranslate")).toBeVisible();
  await expect(german.getByRole("alert")).toBeHidden();
  await expectNoAxeViolations(page, "a translated review");
  await german.getByRole("button", { name: "Show original" }).click();
  await expect(title).toHaveText(original);
  await german.getByRole("button", { name: "Show translation" }).click();
  await expect(title).toHaveText(`[EN · test double] ${original}`);

  // English reviews on an English page have nothing to translate.
  const english = reviewItems(page).filter({ hasNot: page.getByRole("button", { name: /Translate|Show/ }) });
  await expect(english.first()).toHaveAttribute("lang", "en");
});

test("a failed translation shows an alert and keeps the original", async ({ page }) => {
  await page.route("**/product/review/translate", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ errors: [{ status: 503, message: "Down." }] }) }),
  );
  await openReviews(page, CAMERA);
  const german = await firstTranslatable(page);
  const original = (await german.getByRole("heading").textContent())!;
  await german.getByRole("button", { name: "Translate" }).click();
  await expect(german.getByRole("alert")).toHaveText("This review could not be translated right now. Please try again later.");
  await expect(german.getByRole("heading")).toHaveText(original);
  await expect(german.getByRole("button", { name: "Translate" })).toBeEnabled();
  await expectNoAxeViolations(page, "the reviews pane with a failed translation");
});

test("@mobile on a phone the reviews open in the right-hand panel, and its page links keep the panel open", async ({ page }) => {
  await gotoHydrated(page, TENT);
  await page.getByRole("tablist", { name: "Product information" }).getByRole("tab", { name: "Reviews" }).click();
  const panel = page.getByRole("dialog", { name: "Reviews" });
  await expect(panel).toBeVisible();
  const items = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(items).toHaveCount(REVIEWS_PER_PAGE);
  await expect(panel).toContainText("out of 5 stars");
  const firstTitle = await items.first().getByRole("heading").textContent();

  await panel.getByRole("navigation", { name: "Review pages" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]reviewPage=2#reviews$/);
  const again = page.getByRole("dialog", { name: "Reviews" });
  await expect(again).toBeVisible();
  await expect(again.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(items.first().getByRole("heading")).not.toHaveText(firstTitle!);
  await expectNoAxeViolations(page, "reviews panel at 375 px, page 2");
});
