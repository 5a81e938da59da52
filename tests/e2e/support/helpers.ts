import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG levels every page must meet (A and AA of 2.0 and 2.1). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is now and fails with a readable list of every violation and node. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `  [${v.impact ?? "?"}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join("\n");
  const summary = violations.map((v) => `${v.id} (${v.nodes.length} ${v.nodes.length === 1 ? "node" : "nodes"})`);
  expect(summary, `axe violations on ${where} (${page.url()}):\n${report}`).toEqual([]);
}

/**
 * Opens a page with a full load and waits until React has hydrated it and run its effects. The root's
 * first effect stores the `timezone` cookie, so that cookie appearing means every effect of the first
 * render ran (children's effects run before their parent's). The cookie is cleared first, so the wait
 * also holds for a second full load in the same test. Parts that hydrate later (app/ui/hydrate-later.tsx:
 * the footer, the product details) are waited for too: they hydrate when the browser is first idle, and
 * what they measure then (the description's Show more) may move what is below them.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.context().clearCookies({ name: "timezone" });
  const response = await page.goto(path);
  await page
    .waitForFunction(() => document.cookie.split("; ").some((c) => c.startsWith("timezone=")), undefined, { timeout: 10_000 })
    .catch(() => {
      throw new Error(`${path} did not finish hydrating within 10 s (no timezone cookie from the root effect)`);
    });
  // A generous bound: on a page that starts heavy work at once (the 3D viewer of `?ar=1`, rendered in
  // software on a loaded CI machine) the idle moment these parts wait for can come late.
  await expect(page.locator(".hydrate-later:not([data-hydrated])"), `${path}: the parts hydrated later`).toHaveCount(0, { timeout: 30_000 });
  return response;
}

/** Number of products of the listing, read from its result count ("13 products", "1 product"). */
export async function listingTotal(page: Page): Promise<number> {
  const count = page.getByRole("main").getByText(/^\s*\d+ products?\s*$/);
  const text = (await count.textContent()) ?? "";
  return Number(/\d+/.exec(text)?.[0]);
}

/** The product boxes of the listing in the main content. */
export function productBoxes(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** Parses the current gross price ("€1,299.00*", "From €24.90*") of each product box, in page order. */
export async function listingPrices(page: Page): Promise<number[]> {
  const texts = await productBoxes(page).allInnerTexts();
  return texts.map((text) => {
    const match = /€\s?([\d,]+\.\d{2})\s?\*/.exec(text);
    if (!match?.[1]) throw new Error(`no price found in product box: ${JSON.stringify(text)}`);
    return Number(match[1].replace(/,/g, ""));
  });
}

export function isAscending(values: number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! <= value);
}

/** The product number shown on a product page ("Product number: TEE-WC-XS"). */
export async function shownProductNumber(page: Page): Promise<string> {
  const text = (await page.getByRole("main").getByText(/^Product number: /).textContent()) ?? "";
  return text.replace(/^Product number:\s*/, "").trim();
}

/** Collects console errors and uncaught page errors (a CSP violation is reported as a console error). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * A stopwatch in the page's own clock, for the spec's delays ("500 ms after the last input"): it notes
 * the time of every `eventType` event the shopper causes (the last one counts) and the first moment `text`
 * shows in the page. The returned function reads the delay between them once the text is there. Timing
 * inside the page keeps the test's own round trips, slow on a loaded machine, out of the figure.
 */
export async function delayUntilText(page: Page, eventType: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ eventType, text }) => {
      const probe: { lastEventAt?: number; shownAt?: number } = {};
      (window as unknown as { delayProbe: typeof probe }).delayProbe = probe;
      // The shopper's own events only: widgets dispatch events of their own (Radix's slider an `input`
      // from its hidden inputs when a value changes), a little after the shopper's.
      document.addEventListener(eventType, (event) => event.isTrusted && (probe.lastEventAt = performance.now()), true);
      new MutationObserver(() => {
        if (probe.shownAt === undefined && document.body.textContent?.includes(text)) probe.shownAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { eventType, text },
  );
  return async () => {
    const probe = await page.evaluate(() => (window as unknown as { delayProbe: { lastEventAt?: number; shownAt?: number } }).delayProbe);
    if (probe.lastEventAt === undefined) throw new Error(`no ${eventType} event was seen`);
    if (probe.shownAt === undefined) throw new Error(`"${text}" was not seen after the ${eventType} events`);
    return probe.shownAt - probe.lastEventAt;
  };
}

/**
 * Every request to a host other than this machine is stopped and recorded (reference §1.2: a test
 * proves it ran offline by expecting the list to stay empty). Routes registered later (a provider's
 * fake script) take precedence over this catch-all.
 */
export function recordOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  void page.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  return outside;
}
