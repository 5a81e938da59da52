import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { product, productVariant } from "../catalog/tables";
import { createTestApp, type TestApp } from "../testing/test-app";
import { openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";

const VCL = path.resolve("docs/deployment/varnish.vcl");
/** Debian puts it in /usr/sbin, which a non-root PATH may lack. */
const VARNISHD = ["varnishd", "/usr/sbin/varnishd"].find((command) => !spawnSync(command, ["-V"]).error);
const hasVarnish = VARNISHD !== undefined;
if (!hasVarnish) console.warn("varnish.integration.test.ts skipped: varnishd is not installed (apt-get install varnish)");

const CATEGORY = "/fashion/footwear/";
const PRODUCT = "/knit-running-shoe/SHO-KR-40";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Debian's Varnish with docs/deployment/varnish.vcl in front of the whole app, as docs/deployment.md sets it up. */
describe.skipIf(!hasVarnish)("the shop behind Varnish", () => {
  let database: TestDatabase;
  let shop: TestApp;
  let server: ServerType;
  let varnish: ChildProcess;
  let workDir: string;
  let front: string;
  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(front + pathname, { headers, redirect: "manual" });

  beforeAll(async () => {
    const [shopPort, varnishPort] = [await freePort(), await freePort()];
    front = `http://127.0.0.1:${varnishPort}`;
    database = await openCatalogDatabase("pglite");
    shop = await createTestApp(database, { env: { APP_URL: front, SHARED_CACHE_PURGE_URL: `${front}/` } });
    server = serve({ fetch: shop.app.fetch, port: shopPort, hostname: "127.0.0.1" });

    workDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-varnish-"));
    const vcl = readFileSync(VCL, "utf8").replace('.port = "3000"', `.port = "${shopPort}"`);
    expect(vcl).toContain(`.port = "${shopPort}"`);
    writeFileSync(path.join(workDir, "shop.vcl"), vcl);
    varnish = spawn(
      VARNISHD!,
      ["-F", "-j", "none", "-n", path.join(workDir, "instance"), "-f", path.join(workDir, "shop.vcl"), "-a", `127.0.0.1:${varnishPort}`, "-s", "malloc,64m"],
      { stdio: "ignore" },
    );
    await vi.waitFor(async () => expect((await get("/robots.txt")).headers.get("x-varnish")).toBeTruthy(), { timeout: 20_000, interval: 100 });
  }, 120_000);

  afterAll(async () => {
    varnish?.kill();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("serves a shared page from Varnish after the first request", async () => {
    expect((await get(CATEGORY)).headers.get("x-cache")).toBe("MISS");
    const second = await get(CATEGORY, { Cookie: `${SESSION_COOKIE}=someone-else` });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.status).toBe(200);
  });

  it("keeps a page per language", async () => {
    await get(CATEGORY, { "Accept-Language": "de-DE,de;q=0.9" });
    const german = await get(CATEGORY, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(german.headers.get("x-cache")).toBe("HIT");
    expect(await german.text()).toContain('<html lang="de"');
    expect(await (await get(CATEGORY, { Cookie: "language=en", "Accept-Language": "de" })).text()).toContain('<html lang="en"');
  });

  it("never keeps a personal page", async () => {
    const [country] = await shop.services.customers.countries();
    const registered = await shop.services.customers.register(
      {
        firstName: "Vera",
        lastName: "Varnish",
        email: `varnish-${Date.now()}@example.com`,
        password: "correct horse",
        passwordConfirmation: "correct horse",
        billingAddress: { street: "Cacheweg 1", zipcode: "10115", city: "Berlin", countryId: country!.id },
      },
      { clientIp: "192.0.2.90" },
    );
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    const cookie = `${SESSION_COOKIE}=${registered.sessionToken}`;
    for (const pathname of ["/account", "/checkout/cart", "/widgets/account/session"]) {
      for (let i = 0; i < 2; i++) {
        const response = await get(pathname, { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" });
        expect(response.headers.get("x-cache"), pathname).toBe("MISS");
      }
    }
    expect(await (await get("/account", { Cookie: cookie })).text()).toContain("Vera");
    const stranger = await get("/account");
    expect(stranger.status).toBeGreaterThanOrEqual(300);
    expect(stranger.status).toBeLessThan(400);
  });

  it("drops the pages of a changed product when the app purges their tag, and keeps the others", async () => {
    const [other] = await database.handle.db.select({ id: product.id }).from(product).where(eq(product.name, "Basketball"));
    const otherPath = (await get(`/detail/${other!.id}`)).headers.get("location")!;
    for (const pathname of [PRODUCT, otherPath]) {
      await get(pathname);
      expect((await get(pathname)).headers.get("x-cache"), pathname).toBe("HIT");
    }
    await database.handle.db
      .update(productVariant)
      .set({ stock: sql`${productVariant.stock} - 1` })
      .where(eq(productVariant.productNumber, "SHO-KR-40"));
    // The purge travels from the database's notification through the app to Varnish.
    await vi.waitFor(async () => expect((await get(PRODUCT)).headers.get("x-cache")).toBe("MISS"), { timeout: 10_000, interval: 50 });
    expect((await get(otherPath)).headers.get("x-cache")).toBe("HIT");
  });

  it("drops every page when a setting changes", async () => {
    await get(CATEGORY);
    expect((await get(CATEGORY)).headers.get("x-cache")).toBe("HIT");
    await shop.services.settings.set("listing.disableEmptyFilter", true);
    await vi.waitFor(async () => expect((await get(CATEGORY)).headers.get("x-cache")).toBe("MISS"), { timeout: 10_000, interval: 50 });
  });

  it("refuses a malformed purge", async () => {
    const response = await fetch(`${front}/`, { method: "PURGE", headers: { "X-Purge-Tags": "p:x) | .*" } });
    expect(response.status).toBe(400);
  });
});
