import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SUBSCRIPTION_PLANS } from "../../seed/demo-purchase-options";
import { subscriptionUnitGross } from "../subscription/pricing";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { LISTING_PAGE_SIZE, productBoxes } from "./listing";
import { loadSalesChannel } from "../services";
import { createPostgresSearch } from "../search/postgres";
import type { SearchService } from "../search/service";
import { emptyFilters } from "./listing-query";
import { createCatalog, type Catalog, type ListingRequest } from "./service";

const request = (changes: Partial<ListingRequest> = {}): ListingRequest => ({
  order: "topseller",
  page: 1,
  filters: emptyFilters(),
  limit: LISTING_PAGE_SIZE,
  instantDeliveryMaxDays: 2,
  aggregations: "none",
  ...changes,
});

describe.each(availableBackends())("catalog queries on %s", (backend) => {
  let database: TestDatabase;
  let catalog: Catalog;
  let search: SearchService;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    catalog = createCatalog(database.handle.db, await loadSalesChannel(database.handle.db));
    search = createPostgresSearch(database.handle.db, catalog);
  });
  afterAll(async () => database?.close());

  const categoryBySlugPath = async (path: string) => {
    const target = await catalog.resolvePath(path);
    if (target?.kind !== "category") throw new Error(`${path} is not a category`);
    return target.id;
  };

  it("builds the category tree with four top-level categories and SEO paths", async () => {
    const tree = await catalog.navigationTree();
    expect(tree.map((c) => c.name)).toEqual(["Electronics", "Fashion", "Home & Garden", "Sports & Outdoor"]);
    const fashion = tree.find((c) => c.name === "Fashion")!;
    expect(fashion.url).toBe("/fashion/");
    expect(fashion.children.map((c) => c.url)).toEqual(["/fashion/clothing/", "/fashion/footwear/", "/fashion/accessories/"]);
    const page = await catalog.category(fashion.id);
    expect(page!.subcategories.map((c) => c.name)).toEqual(["Clothing", "Footwear", "Accessories"]);
  });

  it("lists a top-level category with the products of its subcategories, 12 per page", async () => {
    const fashionId = await categoryBySlugPath("/fashion/");
    const page1 = await catalog.categoryListing(fashionId, request({ order: "name-asc", page: 1 }));
    expect(page1!.listing.total).toBeGreaterThan(LISTING_PAGE_SIZE);
    expect(page1!.listing.items).toHaveLength(LISTING_PAGE_SIZE);
    expect((await catalog.category(fashionId))!.breadcrumbs).toEqual([{ name: "Fashion", url: "/fashion/" }]);
    const names = page1!.listing.items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const page2 = await catalog.categoryListing(fashionId, request({ order: "name-asc", page: 2 }));
    expect(page2!.listing.items[0]!.name >= names.at(-1)!).toBe(true);
    expect(page1!.listing.pageCount).toBe(Math.ceil(page1!.listing.total / LISTING_PAGE_SIZE));
  });

  it.each(["price-asc", "price-desc"] as const)("sorts by %s over all pages", async (order) => {
    const id = await categoryBySlugPath("/home-garden/");
    const first = await catalog.categoryListing(id, request({ order, page: 1 }));
    const second = await catalog.categoryListing(id, request({ order, page: 2 }));
    const prices = [...first!.listing.items, ...second!.listing.items].map((p) => p.price.amount);
    const sorted = [...prices].sort((a, b) => (order === "price-asc" ? a - b : b - a));
    expect(prices).toEqual(sorted);
  });

  it("counts each facet under the other filters, not its own (reduced aggregations)", async () => {
    const id = await categoryBySlugPath("/fashion/");
    const all = (await catalog.categoryListing(id, request({ aggregations: "reduced" })))!;
    const [first, second] = all.filters!.manufacturers;
    const byManufacturer = (await catalog.categoryListing(
      id,
      request({ aggregations: "reduced", filters: { ...emptyFilters(), manufacturerIds: [first!.id] } }),
    ))!;
    // The manufacturer facet ignores the manufacturer filter: every manufacturer stays selectable.
    expect(byManufacturer.filters!.manufacturers).toEqual(all.filters!.manufacturers);
    expect(byManufacturer.listing.total).toBe(first!.count);
    // Other facets count only the selected manufacturer's products.
    const optionCounts = byManufacturer.filters!.properties.flatMap((g) => g.options.map((o) => o.count));
    expect(Math.max(...optionCounts)).toBeLessThanOrEqual(first!.count);
    const both = (await catalog.categoryListing(
      id,
      request({ aggregations: "reduced", filters: { ...emptyFilters(), manufacturerIds: [first!.id, second!.id] } }),
    ))!;
    expect(both.listing.total).toBe(first!.count + second!.count);
  });

  it("filters by instant delivery and counts the products delivered at once", async () => {
    const id = await categoryBySlugPath("/fashion/");
    const all = (await catalog.categoryListing(id, request({ aggregations: "reduced" })))!;
    const instant = (await catalog.categoryListing(
      id,
      request({ aggregations: "reduced", filters: { ...emptyFilters(), instantDelivery: true } }),
    ))!;
    expect(instant.listing.total).toBe(all.filters!.instantDelivery);
    expect(instant.filters!.instantDelivery).toBe(all.filters!.instantDelivery);
  });

  it("answers an empty page past the last one and null for an unknown category", async () => {
    const id = await categoryBySlugPath("/fashion/footwear/");
    const far = await catalog.categoryListing(id, request({ order: "topseller", page: 99 }));
    expect(far!.listing.items).toEqual([]);
    expect(await catalog.categoryListing("00000000-0000-4000-8000-000000000000", request({ order: "topseller", page: 1 }))).toBeNull();
  });

  it("resolves category paths with and without the trailing slash to the canonical one", async () => {
    expect(await catalog.resolvePath("/fashion/footwear")).toMatchObject({ kind: "category", canonicalPath: "/fashion/footwear/" });
    expect(await catalog.resolvePath("/no/such/path/")).toBeNull();
  });

  it("loads a product page with price incl. VAT, configurator, reviews and cross-selling", async () => {
    const target = await catalog.resolvePath("/ultrathin-laptop/LAP-UT-13INCH-16GB");
    expect(target).toMatchObject({ kind: "product" });
    const product = await catalog.productPage((target as { variantId: string }).variantId, 1);
    expect(product).not.toBeNull();
    expect(product!.name).toBe("Ultrathin Laptop");
    expect(product!.price).toEqual({ amount: 149900, currency: "EUR" });
    expect(product!.taxRateBasisPoints).toBe(1900);
    expect(product!.configurator.map((g) => g.name)).toEqual(["Screen size", "Memory"]);
    const selected = product!.configurator.flatMap((g) => g.options.filter((o) => o.selected).map((o) => o.name));
    expect(selected).toEqual(["13 inch", "16 GB"]);
    expect(product!.reviews.count).toBeGreaterThanOrEqual(3);
    expect(product!.reviews.distribution.reduce((a, b) => a + b, 0)).toBe(product!.reviews.count);
    expect(product!.breadcrumbs.map((b) => b.name)).toEqual(["Electronics", "Computers & Accessories"]);
    // Hand-picked groups come with their products; a category's group names the category only.
    expect(product!.crossSellings.map((g) => g.kind)).toEqual(["products", "category"]);
    const [similar, more] = product!.crossSellings;
    expect(similar!.kind === "products" && similar!.products.every((p) => p.productId !== product!.productId)).toBe(true);
    expect(more).toMatchObject({ kind: "category", name: "More from Electronics", category: { name: "Electronics", url: "/electronics/" } });
    expect(product!.images[0]!.widths.length).toBeGreaterThan(0);

    // The category tab's products: top sellers of the category and its children, without the product itself.
    const boxes = await catalog.categoryCrossSelling(more!.id);
    expect(boxes!.length).toBeGreaterThan(0);
    expect(boxes!.length).toBeLessThanOrEqual(8);
    expect(boxes!.some((p) => p.productId === product!.productId)).toBe(false);
    expect(await catalog.categoryCrossSelling(similar!.id)).toBeNull();
    expect(await catalog.categoryCrossSelling("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("gives product boxes the product's subscription plans, priced like the product page, and none to others", async () => {
    const id = await categoryBySlugPath("/home-garden/plants-garden/");
    const { listing } = (await catalog.categoryListing(id, request({ order: "name-asc", limit: 100 })))!;
    const tulips = listing.items.find((p) => p.name === "Potted Tulips")!;
    const terms = DEMO_SUBSCRIPTION_PLANS["potted-tulips"]!;
    expect(tulips.subscriptionPlans.map(({ intervalCount, intervalUnit, discountPercent }) => ({ intervalCount, intervalUnit, discountPercent }))).toEqual(terms);
    expect(tulips.subscriptionPlans.map((plan) => plan.unitGross)).toEqual(terms.map((plan) => subscriptionUnitGross(tulips.price.amount, plan.discountPercent!)));
    expect(tulips.subscriptionDiscount).toBe(Math.max(...terms.map((plan) => plan.discountPercent!)));
    // The same plans, ids and prices as the product page offers for the variant the box adds.
    const page = await catalog.productPage(tulips.variantId, 1);
    expect(tulips.subscriptionPlans).toEqual(page!.subscriptionPlans);

    const withoutPlans = listing.items.filter((p) => !(p.url.split("/")[1]! in DEMO_SUBSCRIPTION_PLANS));
    expect(withoutPlans.length).toBeGreaterThan(0);
    for (const box of withoutPlans) expect(box, box.name).toMatchObject({ subscriptionPlans: [], subscriptionDiscount: null });

    // Every other source of boxes reads them with the same query: search results, and boxes by id
    // (cross-selling, wishlist).
    const found = await search.results("tulips", request({ order: "score" }));
    expect(found.listing.items.find((p) => p.productId === tulips.productId)!.subscriptionPlans).toEqual(tulips.subscriptionPlans);
    const [byId] = await productBoxes(database.handle.db, [tulips.productId], "EUR");
    expect(byId!.subscriptionPlans).toEqual(tulips.subscriptionPlans);
  });

  it("reads a product's videos in position order with embed and watch URLs, and none for others", async () => {
    const camera = await catalog.resolvePath("/compact-digital-camera/CAM-CD");
    const product = await catalog.productPage((camera as { variantId: string }).variantId, 1);
    expect(product!.videos.map((v) => [v.platform, v.hostName, v.embedUrl, v.watchUrl, v.needsConfirmation])).toEqual([
      ["youtube", "YouTube", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0&disablekb=1", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", true],
      ["youtube", "YouTube", "https://www.youtube-nocookie.com/embed/eRsGyueVLvQ?rel=0&disablekb=1", "https://www.youtube.com/watch?v=eRsGyueVLvQ", true],
    ]);
    expect(product!.videos[0]!.title).toMatch(/Big Buck Bunny/);
    expect(product!.videos[0]!.caption).toMatch(/Blender Foundation, CC BY 3\.0/);
    expect(product!.videos[0]!.preview).toBeNull();

    const laptop = await catalog.resolvePath("/ultrathin-laptop/LAP-UT-13INCH-16GB");
    expect((await catalog.productPage((laptop as { variantId: string }).variantId, 1))!.videos).toEqual([]);
  });

  it("gives a product with a 3D model its GLB URL and each variant its material variant", async () => {
    const variantModel = async (path: string) => {
      const target = await catalog.resolvePath(path);
      return (await catalog.productPage((target as { variantId: string }).variantId))!.model;
    };
    expect(await variantModel("/curved-velvet-sofa/FUR-CVS-NAVY")).toEqual({ url: "/media/models/glam-velvet-sofa.glb", variantName: "Navy" });
    expect(await variantModel("/curved-velvet-sofa/FUR-CVS-PALEPINK")).toEqual({ url: "/media/models/glam-velvet-sofa.glb", variantName: "Pale Pink" });
    expect(await variantModel("/ultrathin-laptop/LAP-UT-13INCH-16GB")).toBeNull();

    const featured = await catalog.featuredModel();
    expect(featured!.model.url).toMatch(/^\/media\/models\/[\w-]+\.glb$/);
    expect(featured!.url).toMatch(/^\//);
    expect(featured!.image).not.toBeNull();
  });

  it("switches variants keeping the switched option", async () => {
    const target = await catalog.resolvePath("/ultrathin-laptop/LAP-UT-13INCH-8GB");
    const product = await catalog.productPage((target as { variantId: string }).variantId, 1);
    const [screen, memory] = product!.configurator;
    const inch15 = screen!.options.find((o) => o.name === "15 inch")!;
    const gb8 = memory!.options.find((o) => o.name === "8 GB")!;
    const variant = await catalog.switchVariant(product!.productId, [inch15.id, gb8.id], inch15.id);
    expect(variant?.productNumber).toBe("LAP-UT-15INCH-8GB");
    expect(await catalog.detailUrl(variant!.id)).toBe("/ultrathin-laptop/LAP-UT-15INCH-8GB");
    expect(await catalog.switchVariant("00000000-0000-4000-8000-000000000000", [], undefined)).toBeNull();
  });

  it("finds products by name, brand and product number, every word matching", async () => {
    const byName = await (await search.results("laptop", request({ order: "name-asc", page: 1 }))).listing;
    expect(byName.items.map((p) => p.name)).toContain("Ultrathin Laptop");
    const byNumber = await (await search.results("LAP-UT-15INCH", request({ order: "name-asc", page: 1 }))).listing;
    expect(byNumber.items.map((p) => p.name)).toEqual(["Ultrathin Laptop"]);
    const nothing = await (await search.results("laptop banana", request({ order: "name-asc", page: 1 }))).listing;
    expect(nothing.total).toBe(0);
    const wildcard = await (await search.results("%_%", request({ order: "name-asc", page: 1 }))).listing;
    expect(wildcard.total).toBe(0);
  });

  it("lists every canonical page for the sitemap", async () => {
    const paths = await catalog.sitemapPaths();
    expect(paths).toContain("/fashion/footwear/");
    expect(paths).toContain("/ultrathin-laptop/LAP-UT-15INCH-16GB");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
