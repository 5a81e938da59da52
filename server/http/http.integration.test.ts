import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, MAX_BODY_BYTES } from "../app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createTestApp } from "../testing/test-app";

const BASE = "http://shop.test";
describe.each(availableBackends())("HTTP endpoints on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let ids: { productId: string; groupId: string; optionId: string; categoryId: string };

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const testApp = await createTestApp(database, { env: { APP_URL: BASE } });
    app = testApp.app;
    const { services } = testApp;
    const target = await services.catalog.resolvePath("/ultrathin-laptop/LAP-UT-13INCH-8GB");
    const product = await services.catalog.productPage((target as { variantId: string }).variantId, 1);
    const group = product!.configurator[0]!;
    const categories = await services.catalog.categories();
    ids = { productId: product!.productId, groupId: group.id, optionId: group.options[1]!.id, categoryId: categories[0]!.id };
  });
  afterAll(async () => database?.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.request(BASE + url, { headers });
  const xhr = { "X-Requested-With": "XMLHttpRequest" };
  const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
    app.request(BASE + url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });

  async function expectClientError(response: Response, status: number) {
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(text.length).toBeGreaterThan(10);
    return text;
  }

  describe("slide-out menu (frontend.menu.offcanvas)", () => {
    it("answers the root level and a sub-level as JSON", async () => {
      const root = await get("/widgets/menu/offcanvas", xhr);
      expect(root.status).toBe(200);
      const level = (await root.json()) as { items: { id: string; name: string }[] };
      expect(level.items.map((i) => i.name)).toContain("Fashion");
      const fashion = level.items.find((i) => i.name === "Fashion")!;
      const sub = (await (await get(`/widgets/menu/offcanvas?navigationId=${fashion.id}`, xhr)).json()) as { current: { name: string } };
      expect(sub.current.name).toBe("Fashion");
    });
    it("refuses a malformed id with 400 and an unknown one with 404", async () => {
      expect(await expectClientError(await get("/widgets/menu/offcanvas?navigationId=abc", xhr), 400)).toContain("navigationId");
      await expectClientError(await get("/widgets/menu/offcanvas?navigationId=00000000-0000-4000-8000-000000000000", xhr), 404);
    });
  });

  describe("variant switch (frontend.detail.switch)", () => {
    const url = (productId: string, query: string) => `/detail/${productId}/switch?${query}`;
    it("answers the variant URL as JSON for scripts and redirects plain forms", async () => {
      const options = encodeURIComponent(JSON.stringify({ [ids.groupId]: ids.optionId }));
      const json = await get(url(ids.productId, `switched=${ids.optionId}&options=${options}`), xhr);
      expect(json.status).toBe(200);
      expect(((await json.json()) as { url: string }).url).toBe("/ultrathin-laptop/LAP-UT-15INCH-8GB");
      const form = await get(url(ids.productId, `options%5B${ids.groupId}%5D=${ids.optionId}`), { Accept: "text/html" });
      expect(form.status).toBe(303);
      expect(form.headers.get("location")).toBe("/ultrathin-laptop/LAP-UT-15INCH-8GB");
    });
    it.each([
      ["a malformed product id", "not-a-uuid", "options=%7B%7D"],
      ["options that are not JSON", "PRODUCT", "options=%7Bnope"],
      ["option ids that are not ids", "PRODUCT", `options=${encodeURIComponent('{"a":"b"}')}`],
      ["oversized options", "PRODUCT", `options=${"x".repeat(5000)}`],
      ["a malformed switched id", "PRODUCT", "switched=1&options=%7B%7D"],
    ])("refuses %s with 400", async (_, productId, query) => {
      await expectClientError(await get(url(productId === "PRODUCT" ? ids.productId : productId, query), xhr), 400);
    });
    it("answers 404 for an unknown product", async () => {
      await expectClientError(await get(url("00000000-0000-4000-8000-000000000000", "options=%7B%7D"), xhr), 404);
    });
  });

  describe("state changes", () => {
    it("switches the language and only redirects within the shop", async () => {
      const ok = await post("/language", "language=de&redirectTo=%2Ffashion%2F", { Origin: BASE });
      expect(ok.status).toBe(303);
      expect(ok.headers.get("location")).toBe("/fashion/");
      expect(ok.headers.get("set-cookie")).toMatch(/^language=de;.*Path=\/.*SameSite=Lax/i);
      const evil = await post("/language", "language=en&redirectTo=%2F%2Fevil.example%2F", { Origin: BASE });
      expect(evil.headers.get("location")).toBe("/");
    });
    it("refuses an unknown language with 400", async () => {
      expect(await expectClientError(await post("/language", "language=xx", { Origin: BASE, ...xhr }), 400)).toContain("language");
    });
    it("refuses cross-site and origin-less posts with 403", async () => {
      await expectClientError(await post("/language", "language=de", { Origin: "https://evil.example" }), 403);
      await expectClientError(await post("/language", "language=de"), 403);
      await expectClientError(await post("/checkout/line-item/add", "x=1", { Origin: "https://evil.example" }), 403);
    });
    it("refuses bodies over the limit with 413", async () => {
      const big = "language=" + "x".repeat(MAX_BODY_BYTES + 10);
      await expectClientError(await post("/language", big, { Origin: BASE, "Content-Length": String(big.length) }), 413);
    });
  });

  describe("pages", () => {
    it.each([
      ["/fashion/?p=abc", 400],
      ["/fashion/?p=0", 400],
      ["/fashion/?order=cheapest", 400],
      ["/fashion/?p=99", 404],
      [`/search?search=${"a".repeat(201)}`, 400],
      ["/search?search=shoe&p=-3", 400],
      ["/detail/not-an-id", 404],
      ["/navigation/not-an-id", 404],
      ["/navigation/00000000-0000-4000-8000-000000000000", 404],
      ["/%E0%A4%A", 404],
      [`/${"x".repeat(3000)}`, 404],
      ["/no-such-page", 404],
    ])("%s answers %i with a page", async (url, status) => {
      const response = await get(url, { Accept: "text/html" });
      expect(response.status).toBe(status);
      expect(await response.text()).toContain("<h1");
    });
    it("renders the category, search and product pages", async () => {
      for (const url of ["/", "/credits", "/fashion/", "/fashion/footwear/?order=price-desc&p=1", "/search?search=laptop", "/ultrathin-laptop/LAP-UT-13INCH-8GB"]) {
        const response = await get(url, { Accept: "text/html" });
        expect(response.status, url).toBe(200);
        expect(await response.text(), url).toContain("<h1");
      }
    });
    it("serves the wishlist page to everyone, and add-after-login only after a login", async () => {
      const page = await get("/wishlist", { Accept: "text/html" });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Your wishlist");
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      const productId = "0b5c3d1e-2f4a-4b6c-8d9e-0f1a2b3c4d5e";
      const addAfterLogin = await get(`/wishlist/add-after-login/${productId}`, { Accept: "text/html" });
      expect(addAfterLogin.status).toBe(302);
      expect(addAfterLogin.headers.get("location")).toBe(`/account/login?redirectTo=${encodeURIComponent(`/wishlist/add-after-login/${productId}`)}`);
    });
    it("sends a visitor without a session from an account page to the login page, and back afterwards", async () => {
      const response = await get("/account", { Accept: "text/html" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/account/login?redirectTo=%2Faccount");
      const data = await get("/account/order.data?_routes=routes%2Faccount-layout", { Accept: "*/*" });
      expect(data.headers.get("x-remix-redirect") ?? data.headers.get("location") ?? (await data.text())).toContain("/account/login?redirectTo=%2Faccount%2Forder");
    });
    it("serves the cart page privately, with and without the trailing slash", async () => {
      for (const url of ["/checkout/cart", "/checkout/cart/"]) {
        const response = await get(url, { Accept: "text/html" });
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control"), url).toContain("no-store");
      }
    });
    it("redirects technical paths to the SEO path", async () => {
      const category = await get(`/navigation/${ids.categoryId}`, { Accept: "text/html" });
      expect(category.status).toBe(301);
      expect(category.headers.get("location")).toMatch(/\/$/);
      const product = await get(`/detail/${ids.productId}`, { Accept: "text/html" });
      expect(product.status).toBe(301);
      expect(product.headers.get("location")).toBe("/ultrathin-laptop/LAP-UT-13INCH-8GB");
    });
    it("sends security headers with a CSP nonce on personal pages, and script hashes on shared ones", async () => {
      const response = await get("/checkout/cart", { Accept: "text/html" });
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const scripts = [...html.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")([^>]*)>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // The home page is shared (server/http/page-cache.ts): the same bytes for everyone, so no nonce.
      const shared = await get("/", { Accept: "text/html" });
      const sharedPolicy = shared.headers.get("content-security-policy") ?? "";
      expect(sharedPolicy).not.toContain("'nonce-");
      expect(sharedPolicy).toMatch(/script-src 'self'( 'sha256-[\w+/=]{44}')+ /);
      expect(await shared.text()).not.toContain("nonce=");
      // The 3D viewer: textures unpacked from a GLB are fetched as blob: URLs, its mesh decoder compiles WebAssembly.
      expect(csp).toMatch(/connect-src 'self' blob:/);
      expect(csp).toContain("'wasm-unsafe-eval'");
      expect(csp).not.toContain("'unsafe-eval'");
    });
  });

  describe("files and service endpoints", () => {
    it("answers health, robots and sitemap", async () => {
      expect((await get("/healthz")).status).toBe(200);
      expect(await (await get("/robots.txt")).text()).toContain("Sitemap: http://shop.test/sitemap.xml");
      expect(await (await get("/sitemap.xml")).text()).toContain("<loc>http://shop.test/fashion/footwear/</loc>");
    });
    it("serves image renditions with caching and 404 for missing files", async () => {
      const image = await get("/media/ultrathin-laptop-320.webp");
      expect(image.status).toBe(200);
      expect(image.headers.get("cache-control")).toContain("max-age");
      await expectClientError(await get("/media/nope.jpg"), 404);
      await expectClientError(await get("/media/..%2F..%2Fpackage.json"), 404);
      await expectClientError(await get("/assets/nope.js"), 404);
      // Files of the client build by exact name, with an hour's caching (pages are not looked up on disk).
      const favicon = await get("/favicon.svg");
      expect(favicon.status).toBe(200);
      expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
      const html = await (await get("/", { Accept: "text/html" })).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      const script = await get(asset!);
      expect(script.status).toBe(200);
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const original = await script.text();
      // The build's precompressed copies (scripts/precompress.ts): brotli first, gzip next, else the file.
      const brotli = await get(asset!, { "Accept-Encoding": "gzip, deflate, br" });
      expect(brotli.headers.get("content-encoding")).toBe("br");
      expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
      expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(original);
      const gzip = await get(asset!, { "Accept-Encoding": "gzip" });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(original);
    });
  });
});
