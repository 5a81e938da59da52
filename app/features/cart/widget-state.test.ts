import { describe, expect, it } from "vitest";
import { CART_WIDGET_TEMPLATE_KEY } from "../../../kernel/constants";
import { memoryStore } from "../../lib/storage";
import { applyWidgetAnswer, parseWidgetView, storedWidget } from "./widget-state";

const view = { itemCount: 3, grossTotal: 5997, currency: "EUR" };

function storeWith(template?: string) {
  const store = memoryStore();
  if (template !== undefined) store.set(CART_WIDGET_TEMPLATE_KEY, template);
  return store;
}

describe("applyWidgetAnswer", () => {
  it("stores and shows the content of a 200 answer", () => {
    const store = storeWith();
    expect(applyWidgetAnswer({ status: 200, body: view }, store)).toEqual({ changed: true, content: view });
    expect(JSON.parse(store.get(CART_WIDGET_TEMPLATE_KEY)!)).toEqual(view);
  });

  it("removes the stored content on 204 and shows the empty widget", () => {
    const store = storeWith(JSON.stringify(view));
    expect(applyWidgetAnswer({ status: 204 }, store)).toEqual({ changed: true, content: null });
    expect(store.get(CART_WIDGET_TEMPLATE_KEY)).toBeNull();
  });

  it.each([500, 502, 503])("changes nothing on %i", (status) => {
    const store = storeWith(JSON.stringify(view));
    expect(applyWidgetAnswer({ status, body: { itemCount: 1, grossTotal: 100, currency: "EUR" } }, store)).toEqual({ changed: false });
    expect(store.get(CART_WIDGET_TEMPLATE_KEY)).toBe(JSON.stringify(view));
  });

  it("changes nothing without an answer (network failure) or with a body that is no widget view", () => {
    const store = storeWith(JSON.stringify(view));
    expect(applyWidgetAnswer({ status: 0 }, store)).toEqual({ changed: false });
    expect(applyWidgetAnswer({ status: 400, body: { errors: [{ status: 400, message: "bad" }] } }, store)).toEqual({ changed: false });
    expect(store.get(CART_WIDGET_TEMPLATE_KEY)).toBe(JSON.stringify(view));
  });
});

describe("storedWidget", () => {
  it("reads the stored content", () => {
    expect(storedWidget(storeWith(JSON.stringify(view)))).toEqual(view);
  });
  it("ignores missing, malformed or foreign content", () => {
    expect(storedWidget(storeWith())).toBeNull();
    expect(storedWidget(storeWith("<div>HTML of another storefront</div>"))).toBeNull();
    expect(storedWidget(storeWith(JSON.stringify({ itemCount: "3" })))).toBeNull();
  });
});

describe("parseWidgetView", () => {
  it("accepts the widget view and drops extra fields", () => {
    expect(parseWidgetView({ ...view, extra: true })).toEqual(view);
  });
  it("refuses wrong types", () => {
    expect(parseWidgetView(null)).toBeNull();
    expect(parseWidgetView({ itemCount: -1, grossTotal: 0, currency: "EUR" })).toBeNull();
    expect(parseWidgetView({ itemCount: 1, grossTotal: 1.5, currency: "EUR" })).toBeNull();
    expect(parseWidgetView({ itemCount: 1, grossTotal: 100, currency: "euro" })).toBeNull();
  });
});
