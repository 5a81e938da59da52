import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "../../kernel/constants";
import type { createApp } from "../app";
import { category as categoryTable } from "../catalog/tables";
import type { ListingPage, ProductBox } from "../catalog/types";
import type { SuggestCategory, SuggestManufacturer } from "../search/service";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createTestApp } from "../testing/test-app";
import { SUGGEST_GROUP_LIMIT } from "./search";

const BASE = "http://shop.test";

interface PanelBody {
  term: string;
  total: number;
  totalCapped: boolean;
  items: ProductBox[];
  categories: SuggestCategory[];
  manufacturers: SuggestManufacturer[];
}

describe.each(availableBackends())("enterprise search panel suggestions (frontend.search.suggest.panel) on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // An inactive category is never offered, even though its products still match.
    await database.handle.db.update(categoryTable).set({ active: false }).where(eq(categoryTable.slug, "plants-garden"));
    app = (await createTestApp(database, { env: { APP_URL: BASE } })).app;
  });
  afterAll(async () => database?.close());

  const get = (url: string) => app.request(BASE + url);
  async function panel(term: string): Promise<PanelBody> {
    const response = await get(`/suggest/panel?search=${encodeURIComponent(term)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    return (await response.json()) as PanelBody;
  }

  it("answers the products of the suggest plus the categories and manufacturers of the matching products", async () => {
    const body = await panel("shoe");
    const suggest = (await (await get("/suggest?search=shoe")).json()) as Omit<PanelBody, "categories" | "manufacturers">;
    expect(body.items.map((i) => i.name)).toEqual(suggest.items.map((i) => i.name));
    expect(body.total).toBe(suggest.total);
    expect(body.items.map((i) => i.name)).toContain("Cushioned Running Shoe");

    expect(body.categories[0]).toMatchObject({ name: "Footwear", url: "/fashion/footwear/", parentName: "Fashion" });
    expect(body.categories[0]!.productCount).toBeGreaterThanOrEqual(6);

    const manufacturers = body.manufacturers.map((m) => m.name);
    expect(manufacturers).toEqual(expect.arrayContaining(["Pace & Co.", "Stridewell", "Trailmark"]));
    const pace = body.manufacturers.find((m) => m.name === "Pace & Co.")!;
    expect(pace.url).toBe(`/search?search=shoe&manufacturer=${pace.id}`);
  });

  it("links a manufacturer to search results that hold only its products", async () => {
    const { manufacturers } = await panel("running shoe");
    const stridewell = manufacturers.find((m) => m.name === "Stridewell")!;
    const url = new URL(stridewell.url, BASE);
    const listing = await get(`/widgets/search${url.search}`);
    expect(listing.status).toBe(200);
    const page = ((await listing.json()) as { listing: ListingPage }).listing;
    expect(page.total).toBe(stridewell.productCount);
    expect(page.items.map((i) => i.name).sort()).toEqual(["Everyday Running Shoe", "Lightweight Running Shoe"]);
  });

  it("offers a category whose name matches first, also when typed with a typo", async () => {
    for (const term of ["footwear", "fotwear", "foot"]) {
      const { categories } = await panel(term);
      expect(categories[0], term).toMatchObject({ name: "Footwear", url: "/fashion/footwear/" });
    }
  });

  it("offers a manufacturer whose name matches first, also when typed with a typo", async () => {
    for (const term of ["stridewell", "stridwell"]) {
      const { manufacturers, items } = await panel(term);
      expect(manufacturers[0]?.name, term).toBe("Stridewell");
      expect(manufacturers[0]!.productCount, term).toBe(4);
      expect(items.length, term).toBe(4);
    }
  });

  it("offers at most five of each and never an inactive category", async () => {
    const broad = await panel("the");
    expect(broad.categories.length).toBeLessThanOrEqual(SUGGEST_GROUP_LIMIT);
    expect(broad.manufacturers.length).toBeLessThanOrEqual(SUGGEST_GROUP_LIMIT);

    const garden = await panel("garden");
    expect(garden.items.length).toBeGreaterThan(0);
    expect(garden.categories.map((c) => c.name)).not.toContain("Plants & Garden");
    expect(garden.categories.map((c) => c.name)).toContain("Home & Garden");
  });

  it("answers empty groups for nothing found and for fewer than three characters", async () => {
    expect(await panel("qqqzzzxxx")).toEqual({ term: "qqqzzzxxx", total: 0, totalCapped: false, items: [], categories: [], manufacturers: [] });
    expect(await panel("sh")).toEqual({ term: "sh", total: 0, totalCapped: false, items: [], categories: [], manufacturers: [] });
  });

  it("refuses a missing, too long or unreadable term with 400 and a sentence", async () => {
    for (const [url, message] of [
      ["/suggest/panel", /search term is required/],
      [`/suggest/panel?search=${"a".repeat(SEARCH_MAX_LENGTH + 1)}`, /at most 200 characters/],
      ["/suggest/panel?search=sh%00oe", /search term contains characters that are not allowed/],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      const body = (await response.json()) as { errors: { status: number; message: string }[] };
      expect(body.errors[0]!.status).toBe(400);
      expect(body.errors[0]!.message, url).toMatch(message);
    }
  });

  it("leaves the header's product suggestions as they were", async () => {
    const response = await get("/suggest?search=shoe");
    expect(Object.keys((await response.json()) as object).sort()).toEqual(["items", "term", "total", "totalCapped"]);
  });
});
