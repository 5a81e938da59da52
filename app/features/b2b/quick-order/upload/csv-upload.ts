import { QUICK_ORDER_UPLOAD_MAX_BYTES, type QuickOrderProduct, type QuickOrderUploadResult } from "../../../../../kernel/quick-order";

/** The file input's `accept`: a hint for the picker only, so `isUploadableCsv` checks the file again. */
export const CSV_ACCEPT = ".csv,text/csv";

/** The upload limit in MB, as the dialog's texts name it. */
export const UPLOAD_MAX_MEGABYTES = QUICK_ORDER_UPLOAD_MAX_BYTES / 1_048_576;

/**
 * Spec §5: `text/csv` of at most 100 MB. Browsers type a `.csv` file after the system's programs (none,
 * `text/plain`, Excel's type on Windows), so a `.csv` name passes whatever its type: the server has the
 * last word on those and answers why it refuses one.
 */
export function isUploadableCsv(file: Pick<File, "name" | "type" | "size">): boolean {
  const csv = file.type === "text/csv" || /\.csv$/i.test(file.name);
  return csv && file.size <= QUICK_ORDER_UPLOAD_MAX_BYTES;
}

/** What an upload's answer means: the result, or a failure with the server's message when it sent one. */
export type UploadAnswer = { ok: true; result: QuickOrderUploadResult } | { ok: false; message: string | null };

/**
 * Reads the upload call's answer (spec §7/§8). A refusal (4xx) carries `{ errors: [{ status, message }] }`
 * whose message is shown; anything else that is not a well-formed result (a 5xx, an HTML error page, a
 * truncated body) gets the generic message, signalled by `message: null`.
 */
export function readUploadAnswer(status: number, body: unknown): UploadAnswer {
  if (status >= 200 && status < 300) {
    return isUploadResult(body) ? { ok: true, result: body } : { ok: false, message: null };
  }
  return { ok: false, message: status >= 400 && status < 500 ? serverMessage(body) : null };
}

function serverMessage(body: unknown): string | null {
  const errors = isRecord(body) ? body.errors : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const message = isRecord(first) ? first.message : undefined;
  return typeof message === "string" && message.trim() !== "" ? message : null;
}

function isUploadResult(body: unknown): body is QuickOrderUploadResult {
  return (
    isRecord(body) &&
    Array.isArray(body.products) &&
    Array.isArray(body.errorProducts) &&
    isRecord(body.quantityMapping) &&
    (body.option === "add" || body.option === "replace")
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An uploaded product the list holds already, with the quantities the shopper chooses between. */
export interface DuplicateLine {
  product: QuickOrderProduct;
  manual: number;
  csv: number;
  /** Both together; the list clamps it to the product's limits when it takes the quantity. */
  combined: number;
}

export type QuantityChoice = "manual" | "csv" | "combined";

/** Spec §4: the comparison keeps the list's quantity unless the shopper chooses another. */
export const DEFAULT_QUANTITY_CHOICE: QuantityChoice = "manual";

/** The upload's products that are on the list already (spec §4: they get the comparison table), in the file's order. */
export function duplicateLines(result: QuickOrderUploadResult, listQuantities: Record<string, number>): DuplicateLine[] {
  return result.products.flatMap((product) => {
    const manual = listQuantities[product.productNumber];
    if (manual === undefined) return [];
    const csv = csvQuantity(result, product);
    return [{ product, manual, csv, combined: manual + csv }];
  });
}

/**
 * The quantity per product number after the comparison: each duplicate as chosen (the default when nothing
 * was chosen), every other product with its CSV quantity.
 */
export function chosenQuantities(
  result: QuickOrderUploadResult,
  duplicates: DuplicateLine[],
  choices: Record<string, QuantityChoice>,
): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const product of result.products) quantities[product.productNumber] = csvQuantity(result, product);
  for (const line of duplicates) {
    quantities[line.product.productNumber] = line[choices[line.product.productNumber] ?? DEFAULT_QUANTITY_CHOICE];
  }
  return quantities;
}

/** The server maps every product it answers; the minimum purchase stands in should one be missing. */
function csvQuantity(result: QuickOrderUploadResult, product: QuickOrderProduct): number {
  return result.quantityMapping[product.productNumber] ?? product.minPurchase;
}
