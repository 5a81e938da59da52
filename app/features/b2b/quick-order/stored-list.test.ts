import { describe, expect, it } from "vitest";
import { memoryStore } from "../../../lib/storage";
import { QUICK_ORDER_LIST_KEY, readStoredLines, storeLines } from "./stored-list";
import { testProduct } from "./testing";

describe("stored quick-order list", () => {
  it("reads back what was stored, and an empty list removes the key", () => {
    const store = memoryStore();
    const lines = [{ product: testProduct("A"), quantity: 3 }];
    storeLines(store, lines);
    expect(readStoredLines(store)).toEqual(lines);
    storeLines(store, []);
    expect(store.get(QUICK_ORDER_LIST_KEY)).toBeNull();
    expect(readStoredLines(store)).toEqual([]);
  });

  it("reads nothing from text that is not a list of lines", () => {
    const store = memoryStore();
    for (const text of ["{", '{"lines":[]}', '[{"quantity":1}]', '[{"product":{"id":"x"},"quantity":"2"}]']) {
      store.set(QUICK_ORDER_LIST_KEY, text);
      expect(readStoredLines(store)).toEqual([]);
    }
  });
});
