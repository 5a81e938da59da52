import { describe, expect, it } from "vitest";
import { buildPath, routePattern } from "./route-names";

describe("routePattern", () => {
  it("writes every {param} as the routers' :param", () => {
    expect(routePattern("frontend.detail.switch")).toBe("/detail/:productId/switch");
    expect(routePattern("frontend.checkout.line-item.delete")).toBe("/checkout/line-item/delete/:id");
  });
  it("leaves paths without parameters as they are", () => {
    expect(routePattern("frontend.checkout.cart.page")).toBe("/checkout/cart");
  });
});

describe("buildPath", () => {
  it("fills parameters encoded and leaves empty query values out", () => {
    expect(buildPath("/detail/{productId}", { productId: "a/b" }, { p: "2", order: "" })).toBe("/detail/a%2Fb?p=2");
  });
  it("refuses a missing parameter", () => {
    expect(() => buildPath("/detail/{productId}")).toThrow('Missing route parameter "productId"');
  });
});
