import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "../../kernel/constants";
import { createApp } from "../app";
import type { FilterPanelData } from "../catalog/filters";
import type { ListingPage } from "../catalog/types";
import { insertProducts, seededRandom, singleProduct } from "../testing/generated-catalog";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createTestApp } from "../testing/test-app";

const BASE = "http://shop.test";
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000beef";
const DAY_MS = 86_400_000;

interface ListingBody {
  listing: ListingPage;
  filters: FilterPanelData | null;
}
interface ErrorBody {
  errors: { status: number; message: string }[];
}

/** Products whose delivery information is each one state of the decision order. */
function deliveryProducts() {
  const random = seededRandom(5);
  const soldOut = { stock: 0, minPurchase: 1 };
  return [
    singleProduct(random, "Delivery inactive", "DI-INACTIVE", { active: false }),
    singleProduct(random, "Delivery pre-order", "DI-PREORDER", { releaseDate: new Date(Date.now() + 30 * DAY_MS) }),
    singleProduct(random, "Delivery in stock", "DI-INSTOCK", { deliveryDaysMin: 2, deliveryDaysMax: 4 }),
    singleProduct(random, "Delivery free", "DI-FREE", { freeShipping: true, deliveryDaysMin: 1, deliveryDaysMax: 1 }),
    singleProduct(random, "Delivery closeout", "DI-CLOSEOUT", { isCloseout: true, restockDays: 3 }, soldOut),
    singleProduct(random, "Delivery restock", "DI-RESTOCK", { restockDays: 3, deliveryDaysMin: 2, deliveryDaysMax: 4 }, soldOut),
    singleProduct(random, "Delivery restock tomorrow", "DI-RESTOCK-1", { restockDays: 1 }, soldOut),
    singleProduct(random, "Delivery nothing", "DI-NONE", {}, soldOut),
  ];
}

describe.each(availableBackends())("listing endpoints and pages on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let fashionId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    await insertProducts(database.handle.db, deliveryProducts(), "delivery");
    const testApp = await createTestApp(database, { env: { APP_URL: BASE } });
    app = testApp.app;
    const { services } = testApp;
    const target = await services.catalog.resolvePath("/fashion/");
    if (target?.kind !== "category") throw new Error("/fashion/ is not a category");
    fashionId = target.id;
  });
  afterAll(async () => database?.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.request(BASE + url, { headers });
  const category = (query = "") => `/widgets/cms/navigation/${fashionId}${query ? `?${query}` : ""}`;
  const manyIds = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join("|");

  async function json<T>(response: Response, status = 200): Promise<T> {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    return (await response.json()) as T;
  }

  /** A refusal a person can read: 4xx with one JSON message, never a 500 or a stack trace. */
  async function expectRefusal(url: string, status: number, mentions?: RegExp) {
    const response = await get(url);
    const body = await json<ErrorBody>(response, status);
    const message = body.errors[0]!.message;
    expect(message.length, url).toBeGreaterThan(10);
    expect(message, url).not.toMatch(/at \w+ \(|Error:|undefined|NaN/);
    if (mentions) expect(message, url).toMatch(mentions);
  }

  describe("category listing (frontend.cms.navigation.page and .filter)", () => {
    it("answers products and the filter panel as JSON", async () => {
      const body = await json<ListingBody>(await get(category()));
      expect(body.listing.total).toBeGreaterThan(0);
      expect(body.listing.items.length).toBeGreaterThan(0);
      expect(body.filters!.manufacturers.length).toBeGreaterThan(0);
      const filterOnly = await json<{ filters: FilterPanelData } & Partial<ListingBody>>(await get(`${category()}/filter`));
      expect(filterOnly.listing).toBeUndefined();
      expect(filterOnly.filters.manufacturers.length).toBeGreaterThan(0);
    });

    it.each([
      ["a lowest price that is not a number", "min-price=abc", /lowest price must be a number/],
      ["10,000 manufacturer ids", `manufacturer=${manyIds}`, /At most 100/],
      ["101 property ids", `properties=${manyIds.split("|").slice(0, 101).join("|")}`, /At most 100/],
      ["a manufacturer that is not an id", "manufacturer=acme", /must be an id/],
      ["a negative page", "p=-1", /page must be 1 or more/],
      ["a fractional page", "p=1.5", /whole number/],
      ["a rating of 9", "rating=9", /rating must be at most 5/],
      ["a rating of 0", "rating=0", /rating must be at least 1/],
      ["free shipping as yes", "shipping-free=yes", /free shipping filter takes the value 1/],
      ["instant delivery as true", "instant-delivery=true", /instant delivery filter takes the value 1/],
      ["an unknown sorting", "order=cheapest", /Sorting must be one of/],
      ["relevance outside a search", "order=score", /only on search results/],
      ["a page given twice", "p=1&p=2", /more than once/],
      ["a negative price", "max-price=-5", /0 or more/],
    ])("refuses %s with 400 and a message", async (_, query, mentions) => {
      await expectRefusal(category(query), 400, mentions);
      await expectRefusal(`${category()}/filter?${query}`, 400, mentions);
    });

    it("refuses a malformed or unknown category with 404", async () => {
      await expectRefusal("/widgets/cms/navigation/not-an-id", 404);
      await expectRefusal(`/widgets/cms/navigation/${UNKNOWN_ID}`, 404);
      await expectRefusal(`/widgets/cms/navigation/${UNKNOWN_ID}/filter`, 404);
    });

    it.each([
      ["manufacturer", `manufacturer=${UNKNOWN_ID}`],
      ["property option", `properties=${UNKNOWN_ID}`],
    ])("answers a clean empty listing for an unknown but well-formed %s id", async (_, query) => {
      const body = await json<ListingBody>(await get(category(query)));
      expect(body.listing).toMatchObject({ total: 0, items: [], pageCount: 1 });
      expect(body.filters).not.toBeNull();
    });

    it("applies every filter at once without an error, instant delivery included", async () => {
      const body = await json<ListingBody>(await get(category("min-price=1&max-price=1000&rating=1&shipping-free=1&instant-delivery=1&order=price-asc")));
      expect(body.listing.items.every((i) => i.price.amount >= 100 && i.price.amount <= 100_000)).toBe(true);
      expect(body.filters!.instantDelivery).toBe(body.listing.total);
    });

    it("leaves the counts out with no-aggregations=1 and the products with only-aggregations=1", async () => {
      const plain = await json<ListingBody>(await get(category("no-aggregations=1")));
      expect(plain.filters).toBeNull();
      expect(plain.listing.items.length).toBeGreaterThan(0);
      const counts = await json<ListingBody>(await get(category("only-aggregations=1&reduce-aggregations=1")));
      expect(counts.listing.items).toEqual([]);
      expect(counts.listing.total).toBe(plain.listing.total);
      expect(counts.filters!.manufacturers.length).toBeGreaterThan(0);
    });

    it("counts over the whole category without reduce-aggregations and under the other filters with it", async () => {
      const unfiltered = await json<ListingBody>(await get(category("only-aggregations=1")));
      const all = await json<ListingBody>(await get(category("only-aggregations=1&shipping-free=1")));
      expect(all.filters).toEqual(unfiltered.filters);
      const reduced = await json<ListingBody>(await get(category("shipping-free=1&reduce-aggregations=1")));
      const makers = reduced.filters!.manufacturers.reduce((sum, m) => sum + m.count, 0);
      expect(makers).toBeLessThanOrEqual(reduced.listing.total);
      expect(makers).toBeLessThan(unfiltered.filters!.manufacturers.reduce((sum, m) => sum + m.count, 0));
      expect(reduced.filters!.shippingFree).toBe(reduced.listing.total);
    });
  });

  describe("search listing (widgets.search.pagelet.v2 and .filter)", () => {
    it("answers products and the filter panel for a term", async () => {
      const body = await json<ListingBody>(await get("/widgets/search?search=laptop"));
      expect(body.listing.items.map((i) => i.name)).toContain("Ultrathin Laptop");
      expect(body.listing.order).toBe("score");
      const filterOnly = await json<{ filters: FilterPanelData }>(await get("/widgets/search/filter?search=laptop"));
      expect(filterOnly.filters.manufacturers.length).toBeGreaterThan(0);
    });

    it.each([
      ["no term", "/widgets/search", /search term is required/],
      ["a term too short", "/widgets/search?search=ab", /at least 3/],
      ["a term too long", `/widgets/search?search=${"a".repeat(SEARCH_MAX_LENGTH + 1)}`, /at most 200/],
      ["a malformed price", "/widgets/search?search=laptop&min-price=abc", /must be a number/],
      ["10,000 ids", `/widgets/search?search=laptop&manufacturer=${manyIds}`, /At most 100/],
      ["a malformed filter request", "/widgets/search/filter?search=laptop&rating=9", /at most 5/],
    ])("refuses %s with 400 and a message", async (_, url, mentions) => {
      await expectRefusal(url, 400, mentions);
    });

    it("refuses a search term with control characters (NUL, which the database cannot hold) with 400 and a message", async () => {
      for (const url of ["/widgets/search?search=lap%00top", "/widgets/search/filter?search=%00%00%00", "/suggest?search=lap%07top"]) {
        await expectRefusal(url, 400, /search term contains characters that are not allowed/);
      }
    });

    it("answers an empty result for unknown ids and for a term that matches nothing", async () => {
      for (const url of [`/widgets/search?search=laptop&properties=${UNKNOWN_ID}`, "/widgets/search?search=qqzzxxyy"]) {
        const body = await json<ListingBody>(await get(url));
        expect(body.listing, url).toMatchObject({ total: 0, items: [] });
      }
    });
  });

  describe("suggestions (frontend.search.suggest)", () => {
    it("suggests products for three characters or more and nothing for fewer", async () => {
      const body = await json<{ term: string; total: number; totalCapped: boolean; items: { name: string }[] }>(
        await get("/suggest?search=laptop"),
      );
      expect(body.items.map((i) => i.name)).toContain("Ultrathin Laptop");
      expect(body.total).toBeGreaterThanOrEqual(body.items.length);
      expect(body.totalCapped).toBe(false);
      const none = { term: "la", total: 0, totalCapped: false, items: [] };
      expect(await json(await get("/suggest?search=la"))).toEqual(none);
      expect(await json(await get("/suggest?search=%20%20la%20"))).toEqual(none);
    });
    it("refuses a missing or too long term with 400", async () => {
      await expectRefusal("/suggest", 400, /search term is required/);
      await expectRefusal(`/suggest?search=${"a".repeat(SEARCH_MAX_LENGTH + 1)}`, 400, /at most 200/);
    });
  });

  describe("delivery information (frontend.delivery-information.listing)", () => {
    const url = (numbers: string[]) => `/deliveryInformation/get/restockTime/listing/?articleNumbers=${numbers.map(encodeURIComponent).join(",")}`;
    const texts = async (numbers: string[], headers: Record<string, string> = {}) =>
      (await json<{ deliveryInformation: Record<string, string> }>(await get(url(numbers), headers))).deliveryInformation;

    it("answers the text of each state of the decision order and leaves unknown numbers out", async () => {
      const numbers = ["DI-INACTIVE", "DI-PREORDER", "DI-INSTOCK", "DI-FREE", "DI-CLOSEOUT", "DI-RESTOCK", "DI-RESTOCK-1", "DI-NONE", "NO-SUCH-NUMBER"];
      const answer = await texts(numbers);
      expect(Object.keys(answer).sort()).toEqual(numbers.filter((n) => n !== "NO-SUCH-NUMBER").sort());
      expect(answer).toMatchObject({
        "DI-INACTIVE": "These options are currently not available.",
        "DI-INSTOCK": "Available, delivery time: 2–4 days",
        "DI-FREE": "Free shipping · Available, delivery time: 1 day",
        "DI-CLOSEOUT": "No longer available",
        "DI-RESTOCK": "Available in 3 days, delivery time 2–4 days",
        "DI-RESTOCK-1": "Available in 1 day, delivery time 1–2 days",
        "DI-NONE": "",
      });
      expect(answer["DI-PREORDER"]).toMatch(/^This product will be released on \w+ \d{1,2}, \d{4}\.$/);
    });

    it("speaks the shopper's language", async () => {
      const answer = await texts(["DI-INSTOCK", "DI-RESTOCK"], { "Accept-Language": "de-DE,de;q=0.9" });
      expect(answer).toEqual({ "DI-INSTOCK": "Sofort verfügbar, Lieferzeit: 2–4 Tage", "DI-RESTOCK": "Verfügbar in 3 Tagen, Lieferzeit 2–4 Tage" });
    });

    it("answers an empty object when no number is known", async () => {
      expect(await texts(["NO-SUCH-NUMBER"])).toEqual({});
    });

    it("refuses 101 numbers, no numbers and an overlong number with 400", async () => {
      const many = Array.from({ length: 101 }, (_, i) => `N-${i}`);
      await expectRefusal(url(many), 400, /At most 100/);
      await expectRefusal(url([]), 400, /at least one/);
      await expectRefusal(url([",", " "]), 400, /at least one/);
      await expectRefusal("/deliveryInformation/get/restockTime/listing/", 400, /articleNumbers/);
      await expectRefusal(url(["x".repeat(65)]), 400, /at most 64/);
      await expectRefusal(url(["DI-INSTOCK", "DI\u0000X"]), 400, /characters that are not allowed/);
    });

    it("answers 100 numbers, counting repeats once", async () => {
      const numbers = [...Array.from({ length: 99 }, (_, i) => `N-${i}`), "DI-INSTOCK", "DI-INSTOCK"];
      expect(Object.keys(await texts(numbers))).toEqual(["DI-INSTOCK"]);
    });
  });

  describe("category and search pages", () => {
    const page = (url: string) => get(url, { Accept: "text/html" });

    it.each([
      "/fashion/?min-price=abc",
      `/fashion/?manufacturer=${manyIds}`,
      "/fashion/?p=-1",
      "/fashion/?rating=9",
      "/fashion/?shipping-free=yes",
      "/fashion/?order=score",
      "/search?search=laptop&min-price=abc",
      `/search?search=laptop&properties=${manyIds}`,
      "/search?search=laptop&p=-1",
      "/search?search=laptop&rating=9",
      "/search?search=laptop&instant-delivery=yes",
      "/search?search=lap%00top",
    ])("%s answers 400 with a page", async (url) => {
      const response = await page(url);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("<h1");
    });

    it.each(["/fa%00shion/", "/fashion/%00"])("%s answers 404 with a page", async (url) => {
      const response = await page(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("<h1");
    });

    it.each([
      `/fashion/?manufacturer=${UNKNOWN_ID}`,
      `/fashion/?properties=${UNKNOWN_ID}`,
      "/fashion/?instant-delivery=1&shipping-free=1&rating=1&min-price=1&max-price=500",
      `/search?search=laptop&manufacturer=${UNKNOWN_ID}`,
      "/search?search=laptop&instant-delivery=1&order=score",
      "/search?search=qqzzxxyy",
    ])("%s answers 200", async (url) => {
      const response = await page(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<h1");
    });
  });
});
