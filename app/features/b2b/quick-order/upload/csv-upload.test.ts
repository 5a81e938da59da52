import { describe, expect, it } from "vitest";
import type { QuickOrderUploadResult } from "../../../../../kernel/quick-order";
import { testProduct } from "../testing";
import { chosenQuantities, duplicateLines, isUploadableCsv, readUploadAnswer } from "./csv-upload";

const MAX = 104_857_600;

const product = (productNumber: string, minPurchase = 1) => testProduct(productNumber, { minPurchase });

const RESULT: QuickOrderUploadResult = {
  products: [product("SW1"), product("SW2"), product("SW3")],
  errorProducts: ["NOPE"],
  quantityMapping: { SW1: 4, SW2: 10, SW3: 1 },
  option: "add",
};

describe("isUploadableCsv", () => {
  it("takes a text/csv file up to the 100 MB limit, not a byte more", () => {
    expect(isUploadableCsv({ name: "order.csv", type: "text/csv", size: MAX })).toBe(true);
    expect(isUploadableCsv({ name: "order.csv", type: "text/csv", size: MAX + 1 })).toBe(false);
  });

  it("takes a .csv name whatever type the browser gives it (none, plain text, Excel's on Windows)", () => {
    expect(isUploadableCsv({ name: "ORDER.CSV", type: "", size: 10 })).toBe(true);
    expect(isUploadableCsv({ name: "order.csv", type: "application/vnd.ms-excel", size: 10 })).toBe(true);
  });

  it("refuses other files", () => {
    expect(isUploadableCsv({ name: "order.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", size: 10 })).toBe(false);
    expect(isUploadableCsv({ name: "photo.png", type: "image/png", size: 10 })).toBe(false);
    expect(isUploadableCsv({ name: "order", type: "", size: 10 })).toBe(false);
  });
});

describe("readUploadAnswer", () => {
  it("passes a well-formed result on", () => {
    expect(readUploadAnswer(200, RESULT)).toEqual({ ok: true, result: RESULT });
  });

  it("takes the server's message from a refusal", () => {
    expect(readUploadAnswer(415, { errors: [{ status: "415", message: "Choose a CSV file (text/csv)." }] })).toEqual({
      ok: false,
      message: "Choose a CSV file (text/csv).",
    });
  });

  it("leaves the generic message to a server error, a refusal without a message and an unreadable answer", () => {
    const generic = { ok: false, message: null };
    expect(readUploadAnswer(500, { errors: [{ status: "500", message: "Internal" }] })).toEqual(generic);
    expect(readUploadAnswer(400, { errors: [] })).toEqual(generic);
    expect(readUploadAnswer(400, { errors: [{ message: "  " }] })).toEqual(generic);
    expect(readUploadAnswer(403, undefined)).toEqual(generic);
    expect(readUploadAnswer(200, undefined)).toEqual(generic);
    expect(readUploadAnswer(200, { products: [], errorProducts: [] })).toEqual(generic);
  });
});

describe("duplicateLines", () => {
  it("lists the uploaded products the list holds, in the file's order, with manual, CSV and combined quantities", () => {
    expect(duplicateLines(RESULT, { SW3: 2, SW1: 5, OTHER: 9 })).toEqual([
      { product: RESULT.products[0], manual: 5, csv: 4, combined: 9 },
      { product: RESULT.products[2], manual: 2, csv: 1, combined: 3 },
    ]);
  });

  it("finds none when the list holds none of them", () => {
    expect(duplicateLines(RESULT, { OTHER: 1 })).toEqual([]);
  });
});

describe("chosenQuantities", () => {
  const duplicates = duplicateLines(RESULT, { SW1: 5, SW2: 3, SW3: 2 });

  it("keeps the manual quantity unless another is chosen", () => {
    expect(chosenQuantities(RESULT, duplicates, {})).toEqual({ SW1: 5, SW2: 3, SW3: 2 });
  });

  it("takes each duplicate's choice: manual, CSV or combined", () => {
    expect(chosenQuantities(RESULT, duplicates, { SW1: "manual", SW2: "csv", SW3: "combined" })).toEqual({ SW1: 5, SW2: 10, SW3: 3 });
  });

  it("gives products that are not duplicates their CSV quantity", () => {
    const one = duplicateLines(RESULT, { SW2: 3 });
    expect(chosenQuantities(RESULT, one, { SW2: "combined" })).toEqual({ SW1: 4, SW2: 13, SW3: 1 });
  });
});
