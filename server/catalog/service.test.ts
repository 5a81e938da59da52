import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { loadProductDetail } from "./product";
import { createCatalog } from "./service";

// The catalog's caching, without a database: the product and category reads answer from here.
vi.mock("./product", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./product")>()),
  resolveVariantId: vi.fn(async (_db: Database, id: string) => id),
  loadProductDetail: vi.fn(async (_db: Database, variantId: string) => ({ variantId }) as never),
}));
vi.mock("./navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./navigation")>()),
  loadCategories: vi.fn(async () => []),
}));

describe("catalog.productPage", () => {
  beforeEach(() => vi.mocked(loadProductDetail).mockClear());

  it("loads a product page once for the default review page and review page 1", async () => {
    const catalog = createCatalog({} as Database, { id: "channel", name: "Shop", currency: "EUR" });
    const page = await catalog.productPage("variant-1");
    expect(await catalog.productPage("variant-1", 1)).toBe(page);
    expect(loadProductDetail).toHaveBeenCalledTimes(1);
    expect(loadProductDetail).toHaveBeenCalledWith(expect.anything(), "variant-1", expect.objectContaining({ reviewPage: 1 }));

    await catalog.productPage("variant-1", 2);
    expect(loadProductDetail).toHaveBeenCalledTimes(2);
  });
});
