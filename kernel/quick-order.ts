/*
 * Quick order (issue 24, spec §3/§4/§5/§7/§9, CONTRACT §6): what its endpoints answer, and the spec's
 * constants. Shared by the server (server/b2b/quick-order, server/http/quick-order.ts) and the page.
 */

/** Spec §9: the list's page size, the search debounce, the pagination window, the upload limit. */
export const QUICK_ORDER_PAGE_SIZE = 50;
export const QUICK_ORDER_SEARCH_DEBOUNCE_MS = 250;
export const QUICK_ORDER_PAGINATION_WINDOW = 5;
/** Spec §5: `text/csv`, at most 100 MB. */
export const QUICK_ORDER_UPLOAD_MAX_BYTES = 104_857_600;
/** Search suggestions per page of `frontend.b2b.quick-order.search`. */
export const QUICK_ORDER_SEARCH_LIMIT = 10;

/** A product (a buyable variant) as the search suggests it and the list holds it (spec §3). */
export interface QuickOrderProduct {
  /** The variant's id: the cart's `referencedId`. */
  id: string;
  productNumber: string;
  /** The product's name with the variant's options appended: "Ultrathin Laptop (Screen size: 13 inch, Memory: 8 GB)". */
  name: string;
  translated: { name: string };
  options: { group: string; option: string }[];
  minPurchase: number;
  purchaseSteps: number;
  /** The most one line may hold now: the variant's maximum, the product's per-cart limit, and stock for closeouts. */
  calculatedMaxPurchase: number;
  /** Always 0: a number names one buyable variant (a product with variants has no number of its own). */
  childCount: number;
}

/** `frontend.b2b.quick-order.search`'s answer. */
export interface QuickOrderSearchResult {
  elements: QuickOrderProduct[];
  total: number;
  page: number;
}

/** How an upload joins the list: added to its lines, or instead of them. */
export type UploadOption = "add" | "replace";

/** `frontend.b2b.quick-order.upload`'s answer (spec §3). */
export interface QuickOrderUploadResult {
  /** The file's products in the file's order, each once (rows of one number are summed). */
  products: QuickOrderProduct[];
  /** Rows that name no orderable product: their product numbers (or "line N" when it has none). */
  errorProducts: string[];
  /** The quantity per product number: summed over its rows, then clamped to min, max and step. */
  quantityMapping: Record<string, number>;
  option: UploadOption;
}

/** One entry of the add-to-cart body's `lineItems` (spec §7), keyed by its `id`. */
export interface QuickOrderLineItem {
  id: string;
  quantity: number;
  referencedId: string;
  stackable: true;
  removable: true;
  type: "product";
}

/** `frontend.b2b.quick-order.add-to-cart`'s answer: how many lines went in, and why others did not. */
export interface QuickOrderAddResult {
  success: boolean;
  added: number;
  errors: { productNumber: string; message: string }[];
}
