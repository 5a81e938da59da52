import {
  QUICK_ORDER_PAGE_SIZE,
  QUICK_ORDER_PAGINATION_WINDOW,
  type QuickOrderLineItem,
  type QuickOrderProduct,
  type UploadOption,
} from "../../../../kernel/quick-order";

/*
 * The quick-order list (spec §4 "Quick order list", §5, §9) as plain data: what adding, changing,
 * removing, uploading and paging do to it. The page's reducer is `quickOrderReducer`; the components
 * only show its state.
 */

export interface QuickOrderLine {
  product: QuickOrderProduct;
  quantity: number;
}

/** "{number} {name} was already on the list": shown after adding a product the list held. */
export interface DuplicateNotice {
  productNumber: string;
  name: string;
}

export interface QuickOrderListState {
  lines: QuickOrderLine[];
  /** The page the shopper asked for; `visiblePage` keeps it within the list. */
  page: number;
  duplicate: DuplicateNotice | null;
  /** Product numbers of the last upload that name no orderable product. */
  notFound: string[];
}

export const emptyQuickOrderList: QuickOrderListState = { lines: [], page: 1, duplicate: null, notFound: [] };

/** The quantities one line may hold: `min, min + step, …` up to `max` (spec §5, reference §7). */
export interface QuantityLimits {
  min: number;
  max: number;
  step: number;
  /** False when the product's maximum is below its minimum: nothing can be ordered now (sold out, a closeout). */
  orderable: boolean;
}

/** A whole number of at least 1 (the server always sends one; this guards a stale stored list). */
const atLeastOne = (value: number) => (Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1);

export function quantityLimits(product: QuickOrderProduct): QuantityLimits {
  const min = atLeastOne(product.minPurchase);
  const step = atLeastOne(product.purchaseSteps);
  const maximum = Math.floor(product.calculatedMaxPurchase);
  if (!(maximum >= min)) return { min, max: min, step, orderable: false };
  // The largest quantity on the step grid that the maximum allows.
  return { min, max: min + Math.floor((maximum - min) / step) * step, step, orderable: true };
}

/** `quantity` within the product's limits, rounded down onto the step grid; the minimum when it is no number. */
export function clampQuantity(quantity: number, product: QuickOrderProduct): number {
  const { min, max, step } = quantityLimits(product);
  if (!Number.isFinite(quantity) || quantity <= min) return min;
  if (quantity >= max) return max;
  return min + Math.floor((quantity - min) / step) * step;
}

export const pageCount = (lineCount: number) => Math.ceil(lineCount / QUICK_ORDER_PAGE_SIZE);

/** The page to show: the one asked for, or the last one when the list has become shorter. */
export function visiblePage(page: number, lineCount: number): number {
  return Math.max(1, Math.min(page, pageCount(lineCount)));
}

/** The lines of one page (page size 50). */
export function pageLines(lines: QuickOrderLine[], page: number): QuickOrderLine[] {
  const start = (visiblePage(page, lines.length) - 1) * QUICK_ORDER_PAGE_SIZE;
  return lines.slice(start, start + QUICK_ORDER_PAGE_SIZE);
}

/**
 * The page numbers to link: none with one page or fewer, else up to 5 starting 2 before the current
 * one (spec §4): page 1 of 9 shows 1–5, page 5 shows 3–7, page 9 shows 7–9.
 */
export function paginationWindow(current: number, pages: number): number[] {
  if (pages <= 1) return [];
  const first = Math.max(1, Math.min(current, pages) - 2);
  const last = Math.min(pages, first + QUICK_ORDER_PAGINATION_WINDOW - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** What an upload brings (the upload dialog has resolved each duplicate's quantity already). */
export interface UploadToMerge {
  products: QuickOrderProduct[];
  /** The quantity per product number. */
  quantities: Record<string, number>;
  option: UploadOption;
}

/**
 * The list after an upload: "replace" → the file's products in the file's order; "add" → a product
 * already listed gets the upload's quantity where it stands, new ones go to the front in the file's order.
 */
export function mergeUpload(lines: QuickOrderLine[], upload: UploadToMerge): QuickOrderLine[] {
  const line = (product: QuickOrderProduct): QuickOrderLine => ({
    product,
    quantity: clampQuantity(upload.quantities[product.productNumber] ?? product.minPurchase, product),
  });
  if (upload.option === "replace") return upload.products.map(line);
  const uploaded = new Map(upload.products.map((product) => [product.productNumber, product]));
  const listed = new Set(lines.map((existing) => existing.product.productNumber));
  const added = upload.products.filter((product) => !listed.has(product.productNumber)).map(line);
  const kept = lines.map((existing) => {
    const product = uploaded.get(existing.product.productNumber);
    return product ? line(product) : existing;
  });
  return [...added, ...kept];
}

/** The add-to-cart body's `lineItems` (spec §7): a map keyed by the variant's id. */
export function cartLineItems(lines: QuickOrderLine[]): Record<string, QuickOrderLineItem> {
  return Object.fromEntries(
    lines.map(({ product, quantity }) => [
      product.id,
      { id: product.id, quantity, referencedId: product.id, stackable: true, removable: true, type: "product" } satisfies QuickOrderLineItem,
    ]),
  );
}

/** The quantity per product number, as the upload dialog compares them with a file's. */
export function listQuantities(lines: QuickOrderLine[]): Record<string, number> {
  return Object.fromEntries(lines.map(({ product, quantity }) => [product.productNumber, quantity]));
}

export type QuickOrderAction =
  | { type: "added"; product: QuickOrderProduct; quantity: number }
  | { type: "updated"; productNumber: string; quantity: number }
  | { type: "removed"; productNumber: string }
  | { type: "cleared" }
  | { type: "uploaded"; upload: UploadToMerge; notFound: string[] }
  | { type: "paged"; page: number }
  | { type: "restored"; lines: QuickOrderLine[] };

/** The list with new lines: the page kept within them, and an empty list forgets the not-found numbers (spec §4). */
function withLines(state: QuickOrderListState, lines: QuickOrderLine[], page = state.page): QuickOrderListState {
  return { ...state, lines, page: visiblePage(page, lines.length), notFound: lines.length === 0 ? [] : state.notFound };
}

export function quickOrderReducer(state: QuickOrderListState, action: QuickOrderAction): QuickOrderListState {
  switch (action.type) {
    case "added": {
      const { product } = action;
      const existing = state.lines.find((line) => line.product.productNumber === product.productNumber);
      if (!existing) {
        const line = { product, quantity: clampQuantity(action.quantity, product) };
        return { ...withLines(state, [line, ...state.lines], 1), duplicate: null };
      }
      const lines = state.lines.map((line) =>
        line === existing ? { product, quantity: clampQuantity(existing.quantity + action.quantity, product) } : line,
      );
      return { ...state, lines, duplicate: { productNumber: product.productNumber, name: product.name } };
    }
    case "updated": {
      const lines = state.lines.map((line) =>
        line.product.productNumber === action.productNumber ? { ...line, quantity: clampQuantity(action.quantity, line.product) } : line,
      );
      return { ...state, lines, duplicate: null };
    }
    case "removed":
      return { ...withLines(state, state.lines.filter((line) => line.product.productNumber !== action.productNumber)), duplicate: null };
    case "cleared":
      return emptyQuickOrderList;
    case "uploaded":
      // The upload's unknown numbers are news even when nothing of the file could be listed.
      return { ...state, lines: mergeUpload(state.lines, action.upload), page: 1, duplicate: null, notFound: action.notFound };
    case "paged":
      return { ...state, page: visiblePage(action.page, state.lines.length) };
    case "restored":
      return withLines(state, action.lines.map((line) => ({ ...line, quantity: clampQuantity(line.quantity, line.product) })));
  }
}
