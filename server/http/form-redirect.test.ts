import { describe, expect, it } from "vitest";
import { formRedirectTarget } from "./form-redirect";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("formRedirectTarget (spec §3 redirect parameters)", () => {
  it("accepts a path of this shop and a route name of the table", () => {
    expect(formRedirectTarget(form({ redirectTo: "/account/order?x=1" }))).toBe("/account/order?x=1");
    expect(formRedirectTarget(form({ redirectTo: "frontend.account.order.page" }))).toBe("/account/order");
    expect(formRedirectTarget({ forwardTo: "frontend.checkout.cart.page" })).toBe("/checkout/cart");
  });

  it("prefers redirectTo over forwardTo and answers null without a target", () => {
    expect(formRedirectTarget(form({ redirectTo: "/a", forwardTo: "/b" }))).toBe("/a");
    expect(formRedirectTarget(form({ redirectTo: "", forwardTo: "/b" }))).toBe("/b");
    expect(formRedirectTarget(form({ comment: "hello" }))).toBeNull();
  });

  it("fills a route's parameters from the redirect parameters and puts the rest into the query", () => {
    const target = formRedirectTarget(
      form({
        redirectTo: "frontend.account.order.single.page",
        "redirectParameters[orderNumber]": "10042",
        "redirectParameters[tab]": "shipping info",
      }),
    );
    expect(target).toBe("/account/order/10042?tab=shipping+info");
    expect(formRedirectTarget(form({ redirectTo: "/search?search=shirt&p=3", "redirectParameters[p]": "1" }))).toBe("/search?search=shirt&p=1");
  });

  it("refuses a route name whose parameters are missing, and parameters that try to leave the path", () => {
    expect(formRedirectTarget(form({ redirectTo: "frontend.account.order.single.page" }))).toBeNull();
    expect(
      formRedirectTarget(form({ redirectTo: "frontend.account.order.single.page", "redirectParameters[orderNumber]": "/../../evil" })),
    ).toBe("/account/order/%2F..%2F..%2Fevil");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "http:evil.example",
    "frontend.unknown.route",
  ])("refuses %j", (target) => {
    expect(formRedirectTarget(form({ redirectTo: target }))).toBeNull();
  });

  it("refuses oversized targets and too many parameters instead of failing", () => {
    expect(formRedirectTarget(form({ redirectTo: "/" + "a".repeat(3000) }))).toBeNull();
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`redirectParameters[p${i}]`, "1"]));
    expect(formRedirectTarget(form({ redirectTo: "/", ...many }))).toBeNull();
  });
});
