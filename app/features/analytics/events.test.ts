import { afterEach, describe, expect, it, vi } from "vitest";
import { cartItems, productItems } from "../../lib/analytics-items";
import { gtagEvent, PAGE_EVENTS } from "./events";

const line = { productNumber: "SHO-KT-BLK-42", name: "Knit trainer", quantity: 2, unitGross: 8999 };

afterEach(() => vi.restoreAllMocks());

describe("gtag events", () => {
  it("lists products by number and name (view_item_list, view_item)", () => {
    const items = productItems([{ productNumber: "A-1", name: "Shirt" }, { productNumber: "B-2", name: "Cap" }]);
    expect(gtagEvent({ name: "view_item_list", items })).toEqual({
      name: "view_item_list",
      params: { items: [{ item_id: "A-1", item_name: "Shirt" }, { item_id: "B-2", item_name: "Cap" }] },
    });
  });

  it("gives line items id, name, quantity, unit price in major units and currency", () => {
    expect(gtagEvent({ name: "begin_checkout", items: cartItems([line], "EUR") })).toEqual({
      name: "begin_checkout",
      params: { items: [{ item_id: "SHO-KT-BLK-42", item_name: "Knit trainer", quantity: 2, price: 89.99, currency: "EUR" }] },
    });
  });

  it("reports a purchase with the order number, currency, shipping, value and tax", () => {
    const event = gtagEvent({ name: "purchase", orderNumber: "10042", currency: "EUR", shipping: 495, value: 18493, tax: 2953, items: cartItems([line], "EUR") });
    expect(event).toEqual({
      name: "purchase",
      params: {
        transaction_id: "10042",
        currency: "EUR",
        value: 184.93,
        shipping: 4.95,
        tax: 29.53,
        items: [{ item_id: "SHO-KT-BLK-42", item_name: "Knit trainer", quantity: 2, price: 89.99, currency: "EUR" }],
      },
    });
  });

  it("sends the search term, and method mail for login and registration", () => {
    expect(gtagEvent({ name: "search", term: "trainer" })).toEqual({ name: "search", params: { search_term: "trainer" } });
    expect(gtagEvent({ name: "view_search_results", term: "cap" })).toEqual({ name: "view_search_results", params: { search_term: "cap" } });
    expect(gtagEvent({ name: "login" })).toEqual({ name: "login", params: { method: "mail" } });
    expect(gtagEvent({ name: "sign_up" })).toEqual({ name: "sign_up", params: { method: "mail" } });
  });

  it("skips an event with a warning when a product id or name is missing (spec §5)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(gtagEvent({ name: "add_to_cart", items: [{ id: undefined, name: "Shirt", quantity: 1 }] })).toBeNull();
    expect(gtagEvent({ name: "view_item", items: [{ id: "A-1", name: "" }] })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toMatch(/add_to_cart not tracked/);
  });

  it("skips a purchase with a warning when the order number is missing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(gtagEvent({ name: "purchase", orderNumber: undefined, currency: "EUR", shipping: 0, value: 100, tax: 16, items: [] })).toBeNull();
    expect(warn).toHaveBeenCalledWith("Analytics: purchase not tracked, the order number is missing.");
  });

  it("knows which events describe the page on load", () => {
    expect([...PAGE_EVENTS].sort()).toEqual(["checkout_progress", "purchase", "view_item", "view_item_list", "view_search_results"]);
  });
});
