import { expect, test, type Page, type Request } from "@playwright/test";
import { VISITOR_RECOUNT_HOURS, VISITOR_STORAGE_KEY } from "../../kernel/visitor-pinger";
import { expectNoAxeViolations } from "./support/helpers";

/*
 * The visitor pinger (issue 26 point 4, CONTRACT §8): one GET to the tracking URL per counted page view,
 * with the referer and X-Requested-With; none from a bot; none again within the re-count window; the
 * counts on the console's Visitors page.
 */

const TRACK = "/widgets/visitor/track";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A person's browser: headless Chromium's own user agent says `HeadlessChrome`, which is a bot (isbot). */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OPERATOR = { email: "operator@vitrine.example", password: "operator-demo" };

/** Every ping the page sends, from now on. */
function pingsOf(page: Page): Request[] {
  const pings: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === TRACK) pings.push(request);
  });
  return pings;
}

/** A page view, until its ping is decided (the body's `data-visitor-ping`). */
async function view(page: Page, path: string, outcome: "sent" | "skipped") {
  await page.goto(path);
  await expect(page.locator("body")).toHaveAttribute("data-visitor-ping", outcome);
}

test.describe("visitor pinger", () => {
  test.use({ userAgent: PERSON });

  test("a page view sends one GET with the referer and the ajax header; none again within the window", async ({ page, baseURL }) => {
    const pings = pingsOf(page);
    await view(page, "/search?search=tent", "sent");
    expect(pings).toHaveLength(1);
    const ping = pings[0]!;
    expect(ping.method()).toBe("GET");
    const headers = await ping.allHeaders();
    expect(headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(headers.referer).toBe(`${baseURL}/search?search=tent`);
    expect((await ping.response())?.status()).toBe(204);
    const stored = Number(await page.evaluate((key) => localStorage.getItem(key), VISITOR_STORAGE_KEY));
    expect(Date.now() - stored).toBeLessThan(VISITOR_RECOUNT_HOURS * 3_600_000);

    await view(page, "/", "skipped");
    expect(pings).toHaveLength(1);

    // A visit counted more than 12 hours ago: the next page view is counted again.
    await page.evaluate(([key, hours]) => localStorage.setItem(key, String(Date.now() - hours * 3_600_000 - 60_000)), [VISITOR_STORAGE_KEY, VISITOR_RECOUNT_HOURS] as const);
    await view(page, "/", "sent");
    expect(pings).toHaveLength(2);
  });

  test("a bot sends nothing", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: GOOGLEBOT });
    const page = await context.newPage();
    const pings = pingsOf(page);
    await view(page, "/", "skipped");
    await view(page, "/search?search=tent", "skipped");
    expect(pings).toHaveLength(0);
    await context.close();
  });

  test("the console's Visitors page shows the counts per day", async ({ page }) => {
    await view(page, "/search?search=lamp", "sent");
    await page.goto("/admin/visitors");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await page.getByLabel("Operator email").fill(OPERATOR.email);
    await page.getByLabel("Operator password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin\/visitors$/);
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visitors" })).toHaveAttribute("aria-current", "page");
    const days = page.getByRole("table", { name: "Visits and visitors per day (UTC), newest first" });
    await expect(days.getByRole("columnheader")).toHaveText(["Day", "Visits", "Visitors"]);
    const today = new Date().toISOString().slice(0, 10);
    const row = days.getByRole("row").filter({ has: page.locator(`time[datetime="${today}"]`) });
    await expect(row).toHaveCount(1);
    expect(Number(await row.getByRole("cell").nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("table", { name: /Most visited pages/ })).toContainText("/search");
    await expectNoAxeViolations(page, "the console's Visitors page");
  });
});
