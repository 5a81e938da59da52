import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_BUILD_DIR } from "../testing/fixtures";

/*
 * The browser's JavaScript of the production build (`npm run build` comes first). The route-name table
 * (CONTRACT §2) reaches the browser in each page's HTML (app/lib/routes.ts); client code that imports
 * `routeNames` itself puts the whole table into a shared chunk of every page's first load (1.5 KB gzip
 * the one time it happened: a console page's links). Pages use `useRoutePath` instead.
 */
describe("client bundle", () => {
  const assets = path.join(CLIENT_BUILD_DIR, "assets");
  const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));

  it("has scripts to look at", () => {
    expect(scripts.length).toBeGreaterThan(10);
  });

  it("carries no copy of the route-name table", () => {
    const withTable = scripts.filter((file) => readFileSync(path.join(assets, file), "utf8").includes('"frontend.checkout.confirm.page":'));
    expect(withTable).toEqual([]);
  });
});
