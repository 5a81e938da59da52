// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeNames } from "../../../kernel/route-names";
import type { CartView } from "../../../server/cart/types";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { RouteTableContext } from "../../ui/use-route-path";
import { CartPage } from "./CartPage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EMPTY: CartView = {
  revision: 1,
  currency: "EUR",
  itemCount: 0,
  lineItems: [],
  promotions: [],
  shippingMethods: [],
  paymentMethods: [],
  shippingMethodId: null,
  paymentMethodId: null,
  totals: { positionsGross: 0, discountGross: 0, shippingGross: 0, netTotal: 0, taxes: [], taxTotal: 0, grossTotal: 0 },
  canCheckout: false,
};

const WITH_CHAIRS: CartView = {
  ...EMPTY,
  itemCount: 10,
  lineItems: [
    {
      id: "line-1",
      productId: "product-1",
      variantId: "variant-1",
      productNumber: "SW-1001",
      name: "Office chair Ergo",
      options: [],
      url: "/office-chair-ergo/SW-1001",
      image: null,
      quantity: 10,
      minPurchase: 1,
      maxPurchase: 100,
      purchaseStep: 1,
      unitGross: 11_990,
      totalGross: 119_900,
      taxRateBasisPoints: 1900,
      issue: null,
      subscription: null,
    },
  ],
  totals: { positionsGross: 119_900, discountGross: 0, shippingGross: 0, netTotal: 100_756, taxes: [], taxTotal: 19_144, grossTotal: 119_900 },
  canCheckout: true,
};

/** The cart page's Request quote button (B2B quotes, issue 24). */
describe("<CartPage> Request quote", () => {
  let root: TestRoot;
  let posted: { path: string; body: [string, FormDataEntryValue][] } | null;

  beforeEach(() => {
    root = createTestRoot();
    posted = null;
  });
  afterEach(async () => {
    await root.unmount();
  });

  async function show(cart: CartView, canRequestQuote?: boolean) {
    const router = createMemoryRouter(
      [
        { path: "/checkout/cart", Component: () => <CartPage cart={cart} notices={[]} canRequestQuote={canRequestQuote} /> },
        {
          path: "/account/quotes",
          Component: () => null,
          action: async ({ request }) => {
            posted = { path: new URL(request.url).pathname, body: [...(await request.formData())] };
            return null;
          },
        },
      ],
      { initialEntries: ["/checkout/cart"] },
    );
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const requestQuote = () => [...document.querySelectorAll("button")].find((button) => button.textContent === "Request quote");

  it("posts intent=request to the quotes page when the customer may request quotes", async () => {
    await show(WITH_CHAIRS, true);
    await act(async () => requestQuote()!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(posted).toEqual({ path: "/account/quotes", body: [["intent", "request"]] });
  });

  it("is not offered to guests and ordinary customers, or to roles without the permission", async () => {
    await show(WITH_CHAIRS);
    expect(requestQuote()).toBeUndefined();
    await show(WITH_CHAIRS, false);
    expect(requestQuote()).toBeUndefined();
  });

  it("is not offered for an empty cart", async () => {
    await show(EMPTY, true);
    expect(requestQuote()).toBeUndefined();
  });
});
