import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import { DEMO_B2B_PASSWORD, ensureDemoB2b } from "../../seed/demo-b2b";
import type { createApp } from "../app";
import { QUICK_ORDER_UPLOAD_MAX_BYTES, type QuickOrderAddResult, type QuickOrderSearchResult, type QuickOrderUploadResult } from "../../kernel/quick-order";
import { productVariant } from "../catalog/tables";
import type { AppServices } from "../services";
import { registrationFormFields } from "../testing/fixtures";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";
import { QUICK_ORDER_MAX_CART_LINES } from "./quick-order";

/*
 * Quick order's calls (issue 24, spec §3/§5/§7) through the whole app: the product search, the CSV
 * upload with its edge cases (streamed, 100 MB at most, refused before the rest is read) and the add to
 * the cart; only for business customers.
 */

const BASE = "http://shop.test";
const SEARCH = routeNames["frontend.b2b.quick-order.search"];
const UPLOAD = routeNames["frontend.b2b.quick-order.upload"];
const ADD = routeNames["frontend.b2b.quick-order.add-to-cart"];

describe.each(availableBackends())("quick order on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  let mara: string;
  let counter = 0;
  /** Numbers of the demo catalog: a laptop variant (one at a time, 12 in stock) and another product. */
  let laptop: { id: string; number: string };
  let other: { id: string; number: string };

  const headers = (cookie?: string, extra: Record<string, string> = {}) => ({
    "X-Requested-With": "XMLHttpRequest",
    Accept: "application/json",
    Origin: BASE,
    "X-Forwarded-For": `203.0.113.${(++counter % 250) + 1}`,
    ...(cookie && { Cookie: cookie }),
    ...extra,
  });

  async function loginCookie(email: string) {
    const result = await services.customers.login({ email, password: DEMO_B2B_PASSWORD }, { clientIp: `198.51.100.${(++counter % 250) + 1}` });
    if (!result.ok) throw new Error(`login of ${email} failed`);
    return `${SESSION_COOKIE}=${result.sessionToken}`;
  }

  function upload(content: BodyInit | Blob, { name = "order.csv", type = "text/csv", option, cookie = mara }: { name?: string; type?: string; option?: string; cookie?: string } = {}) {
    const form = new FormData();
    if (option) form.set("option", option);
    form.set("file", content instanceof Blob ? content : new Blob([content as string], { type }), name);
    return app.request(BASE + UPLOAD, { method: "POST", body: form, headers: headers(cookie) });
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
    await ensureDemoB2b(services.db);
    mara = await loginCookie("mara.lind@northwind.example");
    const [lap] = await services.db.select().from(productVariant).where(eq(productVariant.productNumber, "LAP-UT-13INCH-8GB"));
    laptop = { id: lap!.id, number: lap!.productNumber };
    const [second] = (await services.db.select().from(productVariant)).filter((v) => v.minPurchase === 1 && v.purchaseStep === 1 && v.id !== lap!.id);
    other = { id: second!.id, number: second!.productNumber };
  }, 120_000);
  afterAll(async () => database?.close());

  describe("the product search", () => {
    it("finds products by number or name with spec §3's fields, paged", async () => {
      const response = await app.request(`${BASE}${SEARCH}?search=ultrathin`, { headers: headers(mara) });
      expect(response.status).toBe(200);
      const result = (await response.json()) as QuickOrderSearchResult;
      expect(result.total).toBe(4);
      expect(result.page).toBe(1);
      expect(result.elements[0]).toEqual({
        id: laptop.id,
        productNumber: "LAP-UT-13INCH-8GB",
        name: "Ultrathin Laptop (Screen size: 13 inch, Memory: 8 GB)",
        translated: { name: "Ultrathin Laptop (Screen size: 13 inch, Memory: 8 GB)" },
        options: expect.arrayContaining([
          { group: "Memory", option: "8 GB" },
          { group: "Screen size", option: "13 inch" },
        ]),
        minPurchase: 1,
        purchaseSteps: 1,
        calculatedMaxPurchase: 12,
        childCount: 0,
      });
      // An exact number comes first; `%` and `_` are taken literally.
      const exact = (await (await app.request(`${BASE}${SEARCH}?search=lap-ut-15inch-8gb`, { headers: headers(mara) })).json()) as QuickOrderSearchResult;
      expect(exact.elements[0]!.productNumber).toBe("LAP-UT-15INCH-8GB");
      const literal = (await (await app.request(`${BASE}${SEARCH}?search=%25`, { headers: headers(mara) })).json()) as QuickOrderSearchResult;
      expect(literal.total).toBe(0);
      const page2 = (await (await app.request(`${BASE}${SEARCH}?search=a&page=2`, { headers: headers(mara) })).json()) as QuickOrderSearchResult;
      expect(page2.page).toBe(2);
      expect(page2.elements.length).toBeGreaterThan(0);
    });

    it("answers bad queries with 400 and a sentence, and only business customers", async () => {
      for (const query of ["", "?search=", `?search=${"x".repeat(101)}`, "?search=lap&page=0", "?search=lap&page=x"]) {
        const response = await app.request(`${BASE}${SEARCH}${query}`, { headers: headers(mara) });
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message, query).toMatch(/search|page/);
      }
      expect((await app.request(`${BASE}${SEARCH}?search=lap`, { headers: headers() })).status).toBe(401);
      expect((await app.request(`${BASE}${SEARCH}?search=lap`, { headers: { Cookie: mara } })).status).toBe(403);
      const germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
      const registered = await app.request(`${BASE}/account/register`, {
        method: "POST",
        body: new URLSearchParams({ ...registrationFormFields(`qo-plain-${Date.now()}@example.com`, germanyId), intent: "register" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
        redirect: "manual",
      });
      const plain = `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(registered.headers.get("set-cookie") ?? "")![1]}`;
      const refused = await app.request(`${BASE}${SEARCH}?search=lap`, { headers: headers(plain) });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("business customers");
    });
  });

  describe("the CSV upload", () => {
    it("reads semicolons, a BOM, quoted fields and empty lines; sums duplicates; clamps; lists what it cannot order", async () => {
      await services.db.update(productVariant).set({ maxPurchase: 5 }).where(eq(productVariant.id, other.id));
      const csv =
        "\uFEFFproductNumber;quantity\r\n" +
        `"${laptop.number}";2\r\n` +
        "\r\n" +
        `${other.number};4\r\n` +
        `${laptop.number.toLowerCase()};1\r\n` +
        `${other.number};9\r\n` +
        "NO-SUCH-NUMBER;1\r\n" +
        `${laptop.number};many\r\n`;
      const response = await upload(csv, { option: "replace" });
      expect(response.status).toBe(200);
      const result = (await response.json()) as QuickOrderUploadResult;
      expect(result.option).toBe("replace");
      expect(result.products.map((p) => p.productNumber)).toEqual([laptop.number, other.number]);
      // 2 + 1 laptops; 4 + 9 of the other, clamped to its maximum of 5.
      expect(result.quantityMapping).toEqual({ [laptop.number]: 3, [other.number]: 5 });
      expect(result.errorProducts.sort()).toEqual([laptop.number, "NO-SUCH-NUMBER"].sort());
    });

    it("lists sold-out and inactive products as not orderable", async () => {
      await services.db.update(productVariant).set({ stock: 0 }).where(eq(productVariant.id, other.id));
      const result = (await (await upload(`productNumber,quantity\n${other.number},1\n${laptop.number},1\n`)).json()) as QuickOrderUploadResult;
      expect(result.products.map((p) => p.productNumber)).toEqual([laptop.number]);
      expect(result.errorProducts).toEqual([other.number]);
      expect(result.option).toBe("add");
      await services.db.update(productVariant).set({ stock: 100, maxPurchase: 100 }).where(eq(productVariant.id, other.id));
    });

    it("refuses a binary file named .csv, other types, and bodies that are not multipart", async () => {
      const binary = await upload(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])], { type: "text/csv" }));
      expect(binary.status).toBe(400);
      expect(await binary.text()).toContain("not a CSV text file");
      const png = await upload(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), { name: "photo.png" });
      expect(png.status).toBe(415);
      const json = await app.request(BASE + UPLOAD, { method: "POST", body: "{}", headers: headers(mara, { "Content-Type": "application/json" }) });
      expect(json.status).toBe(415);
      const noFile = new FormData();
      noFile.set("option", "add");
      expect((await app.request(BASE + UPLOAD, { method: "POST", body: noFile, headers: headers(mara) })).status).toBe(400);
    });

    it("refuses a declared 101 MB body at once, and a streamed one at 100 MB without reading the rest", async () => {
      const declared = await app.request(BASE + UPLOAD, {
        method: "POST",
        body: "x",
        headers: headers(mara, { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(101 * 1024 * 1024) }),
      });
      expect(declared.status).toBe(413);

      // No Content-Length: the body is made as it is read, 101 MB of rows in all.
      const boundary = "----vitrine-test";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nproductNumber,quantity\r\n`;
      const row = new TextEncoder().encode(`${laptop.number},1\r\n`.repeat(4096));
      const total = 101 * 1024 * 1024;
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
        },
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += row.length;
          controller.enqueue(row);
        },
      });
      const streamed = await app.request(BASE + UPLOAD, {
        method: "POST",
        body,
        headers: headers(mara, { "Content-Type": `multipart/form-data; boundary=${boundary}` }),
        // @ts-expect-error Node's fetch needs `duplex` for a streamed request body.
        duplex: "half",
      });
      expect(streamed.status).toBe(413);
      expect(await streamed.text()).toContain("larger than 100 MB");
      expect(pulled).toBeGreaterThanOrEqual(QUICK_ORDER_UPLOAD_MAX_BYTES - row.length);
      expect(pulled).toBeLessThan(total);
    }, 60_000);
  });

  describe("the add to the cart", () => {
    const item = (id: string, quantity: number) => ({ [id]: { id, quantity, referencedId: id, stackable: true, removable: true, type: "product" } });

    it("puts every line into the visitor's cart through the cart's rules (spec §7's map)", async () => {
      const response = await app.request(BASE + ADD, {
        method: "POST",
        body: JSON.stringify({ lineItems: { ...item(laptop.id, 2), ...item(other.id, 3) } }),
        headers: headers(mara, { "Content-Type": "application/json" }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, added: 2, errors: [] } satisfies QuickOrderAddResult);
      const cartToken = new RegExp(`${CART_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")![1]!;
      const cart = await services.cart.view(cartToken);
      expect(cart.lineItems.map((l) => [l.productNumber, l.quantity]).sort()).toEqual([[laptop.number, 2], [other.number, 3]].sort());
    });

    it("says which lines could not go in, and refuses bad bodies with 400", async () => {
      await services.db.update(productVariant).set({ stock: 0 }).where(eq(productVariant.id, other.id));
      const partly = (await (
        await app.request(BASE + ADD, {
          method: "POST",
          body: JSON.stringify({ lineItems: { ...item(laptop.id, 1), ...item(other.id, 1) } }),
          headers: headers(mara, { "Content-Type": "application/json" }),
        })
      ).json()) as QuickOrderAddResult;
      expect(partly.success).toBe(false);
      expect(partly.added).toBe(1);
      expect(partly.errors).toEqual([{ productNumber: other.number, message: expect.stringMatching(/sold out/) }]);
      await services.db.update(productVariant).set({ stock: 100 }).where(eq(productVariant.id, other.id));

      const many = Object.assign({}, ...Array.from({ length: QUICK_ORDER_MAX_CART_LINES + 1 }, () => item(crypto.randomUUID(), 1)));
      for (const body of [{}, { lineItems: {} }, { lineItems: { x: { id: "x", quantity: 1 } } }, { lineItems: item(laptop.id, 0) }, { lineItems: many }]) {
        const response = await app.request(BASE + ADD, { method: "POST", body: JSON.stringify(body), headers: headers(mara, { "Content-Type": "application/json" }) });
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/lineItems/);
      }
    });
  });
});
