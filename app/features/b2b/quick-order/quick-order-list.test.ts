import { describe, expect, it } from "vitest";
import type { QuickOrderProduct } from "../../../../kernel/quick-order";
import { testProduct as product } from "./testing";
import {
  cartLineItems,
  clampQuantity,
  emptyQuickOrderList,
  listQuantities,
  mergeUpload,
  pageLines,
  paginationWindow,
  quantityLimits,
  quickOrderReducer,
  visiblePage,
  type QuickOrderAction,
  type QuickOrderLine,
  type QuickOrderListState,
} from "./quick-order-list";

const numbers = (state: { lines: QuickOrderLine[] } | QuickOrderLine[]) =>
  (Array.isArray(state) ? state : state.lines).map((line) => `${line.product.productNumber}×${line.quantity}`);

const run = (actions: QuickOrderAction[], state: QuickOrderListState = emptyQuickOrderList) => actions.reduce(quickOrderReducer, state);
const add = (item: QuickOrderProduct, quantity = item.minPurchase): QuickOrderAction => ({ type: "added", product: item, quantity });
/** A list of `count` lines, numbered from 1 (the first line is the last one added). */
const listOf = (count: number): QuickOrderListState => ({
  ...emptyQuickOrderList,
  lines: Array.from({ length: count }, (_, index) => ({ product: product(`SW${index + 1}`), quantity: 1 })),
});

describe("clampQuantity", () => {
  const boxes = product("BOX", { minPurchase: 2, purchaseSteps: 3, calculatedMaxPurchase: 13 });

  it("raises to the minimum and lowers to the largest quantity on the grid the maximum allows", () => {
    expect(clampQuantity(0, boxes)).toBe(2);
    expect(clampQuantity(-4, boxes)).toBe(2);
    // Grid 2, 5, 8, 11: 13 is not on it, so the maximum is 11.
    expect(quantityLimits(boxes)).toEqual({ min: 2, max: 11, step: 3, orderable: true });
    expect(clampQuantity(13, boxes)).toBe(11);
    expect(clampQuantity(500, boxes)).toBe(11);
  });

  it("rounds down onto the step grid that starts at the minimum", () => {
    expect([2, 3, 4, 5, 6, 7, 8, 10, 11].map((quantity) => clampQuantity(quantity, boxes))).toEqual([2, 2, 2, 5, 5, 5, 8, 8, 11]);
    expect(clampQuantity(6.9, boxes)).toBe(5);
  });

  it("takes the minimum for what is no number", () => {
    expect(clampQuantity(Number.NaN, boxes)).toBe(2);
    expect(clampQuantity(Number.POSITIVE_INFINITY, boxes)).toBe(2);
  });

  it("keeps the minimum and flags the product when its maximum is below it", () => {
    const soldOut = product("OUT", { minPurchase: 5, calculatedMaxPurchase: 3 });
    expect(quantityLimits(soldOut)).toEqual({ min: 5, max: 5, step: 1, orderable: false });
    expect(clampQuantity(1, soldOut)).toBe(5);
    expect(clampQuantity(9, soldOut)).toBe(5);
  });

  it("treats a missing minimum or step as 1", () => {
    expect(quantityLimits(product("ODD", { minPurchase: 0, purchaseSteps: 0, calculatedMaxPurchase: 4 }))).toEqual({ min: 1, max: 4, step: 1, orderable: true });
  });
});

describe("quickOrderReducer", () => {
  it("puts a new product at the front and goes to page 1", () => {
    const state = run([add(product("A")), add(product("B"))], { ...listOf(60), page: 2 });
    expect(numbers(state).slice(0, 3)).toEqual(["B×1", "A×1", "SW1×1"]);
    expect(state.page).toBe(1);
  });

  it("adds the quantity of a product already listed (clamped), keeps its place and page, and names it in a notice", () => {
    const screws = product("SCREW", { minPurchase: 10, purchaseSteps: 10, calculatedMaxPurchase: 50 });
    const start = { ...listOf(60), page: 2 };
    const state = run([add(screws), { type: "paged", page: 2 }, add(product("SW60"), 3), add(screws, 30), add(screws, 30)], start);
    expect(state.lines[0]).toEqual({ product: screws, quantity: 50 });
    expect(numbers(state).at(-1)).toBe("SW60×4");
    expect(state.lines).toHaveLength(61);
    expect(state.page).toBe(2);
    expect(state.duplicate).toEqual({ productNumber: "SCREW", name: "Product SCREW" });
  });

  it("clears the duplicate notice on an update, a removal and a new product", () => {
    const twice = run([add(product("A")), add(product("B")), add(product("A"))]);
    expect(twice.duplicate).not.toBeNull();
    const updated = quickOrderReducer(twice, { type: "updated", productNumber: "A", quantity: 7 });
    expect(updated.duplicate).toBeNull();
    expect(numbers(updated)).toEqual(["B×1", "A×7"]);
    expect(quickOrderReducer(twice, { type: "removed", productNumber: "B" })).toMatchObject({ duplicate: null, lines: [{ quantity: 2 }] });
    expect(quickOrderReducer(twice, add(product("C"))).duplicate).toBeNull();
  });

  it("clamps an updated quantity to the product's limits", () => {
    const state = run([add(product("A", { minPurchase: 2, purchaseSteps: 2, calculatedMaxPurchase: 9 })), { type: "updated", productNumber: "A", quantity: 99 }]);
    expect(numbers(state)).toEqual(["A×8"]);
  });

  it("moves to the last page when a removal leaves the current one empty", () => {
    const onPage2 = quickOrderReducer(listOf(51), { type: "paged", page: 2 });
    expect(onPage2.page).toBe(2);
    const state = quickOrderReducer(onPage2, { type: "removed", productNumber: "SW51" });
    expect(state.page).toBe(1);
  });

  it("keeps a page asked for within the list", () => {
    expect(quickOrderReducer(listOf(120), { type: "paged", page: 9 }).page).toBe(3);
    expect(quickOrderReducer(listOf(120), { type: "paged", page: 0 }).page).toBe(1);
  });

  it("forgets the not-found numbers when the list becomes empty", () => {
    const uploaded = quickOrderReducer(emptyQuickOrderList, {
      type: "uploaded",
      upload: { products: [product("A")], quantities: { A: 3 }, option: "add" },
      notFound: ["NOPE"],
    });
    expect(uploaded.notFound).toEqual(["NOPE"]);
    expect(quickOrderReducer(uploaded, { type: "removed", productNumber: "A" }).notFound).toEqual([]);
    expect(quickOrderReducer(uploaded, { type: "cleared" })).toEqual(emptyQuickOrderList);
  });

  it("shows the not-found numbers of an upload that listed nothing", () => {
    const state = quickOrderReducer(emptyQuickOrderList, { type: "uploaded", upload: { products: [], quantities: {}, option: "add" }, notFound: ["X1"] });
    expect(state.notFound).toEqual(["X1"]);
  });

  it("goes to page 1 after an upload and clears the duplicate notice", () => {
    const state = run(
      [add(product("SW1")), { type: "paged", page: 2 }, { type: "uploaded", upload: { products: [product("N")], quantities: { N: 2 }, option: "add" }, notFound: [] }],
      listOf(70),
    );
    expect(state).toMatchObject({ page: 1, duplicate: null });
    expect(numbers(state)[0]).toBe("N×2");
  });

  it("restores stored lines with their quantities clamped again (the limits may have changed)", () => {
    const state = quickOrderReducer(emptyQuickOrderList, { type: "restored", lines: [{ product: product("A", { calculatedMaxPurchase: 5 }), quantity: 9 }] });
    expect(numbers(state)).toEqual(["A×5"]);
  });
});

describe("mergeUpload", () => {
  const listed: QuickOrderLine[] = [
    { product: product("A"), quantity: 4 },
    { product: product("B"), quantity: 1 },
  ];
  const file = [product("C"), product("B"), product("D")];

  it("replaces the list with the file's products in the file's order", () => {
    expect(numbers(mergeUpload(listed, { products: file, quantities: { C: 2, B: 7, D: 3 }, option: "replace" }))).toEqual(["C×2", "B×7", "D×3"]);
  });

  it("adds: listed products take the resolved quantity in place, new ones go to the front in the file's order", () => {
    expect(numbers(mergeUpload(listed, { products: file, quantities: { C: 2, B: 7, D: 3 }, option: "add" }))).toEqual(["C×2", "D×3", "A×4", "B×7"]);
  });

  it("clamps the upload's quantities and takes the minimum for a product without one", () => {
    const limited = product("L", { minPurchase: 5, purchaseSteps: 5, calculatedMaxPurchase: 20 });
    expect(numbers(mergeUpload([], { products: [limited, product("M", { minPurchase: 3 })], quantities: { L: 99 }, option: "add" }))).toEqual(["L×20", "M×3"]);
  });
});

describe("pagination", () => {
  it("links no page with one page or fewer", () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([]);
  });

  it("shows up to 5 numbers starting 2 before the current page", () => {
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(paginationWindow(8, 9)).toEqual([6, 7, 8, 9]);
    expect(paginationWindow(9, 9)).toEqual([7, 8, 9]);
  });

  it("cuts the lines into pages of 50 and shows the last page when the current one is past it", () => {
    const lines = listOf(120).lines;
    expect(pageLines(lines, 1)).toHaveLength(50);
    expect(pageLines(lines, 3).map((line) => line.product.productNumber)).toEqual(lines.slice(100).map((line) => line.product.productNumber));
    expect(pageLines(lines, 7)).toEqual(pageLines(lines, 3));
    expect(visiblePage(7, 120)).toBe(3);
    expect(visiblePage(4, 0)).toBe(1);
  });
});

describe("cartLineItems", () => {
  it("keys the spec's line items by the variant's id", () => {
    const lines = [{ product: product("A"), quantity: 3 }];
    expect(cartLineItems(lines)).toEqual({
      "id-A": { id: "id-A", quantity: 3, referencedId: "id-A", stackable: true, removable: true, type: "product" },
    });
    expect(listQuantities(lines)).toEqual({ A: 3 });
  });
});
