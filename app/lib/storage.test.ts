import { describe, expect, it } from "vitest";
import { memoryStore, webStore } from "./storage";

function fakeStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe("webStore", () => {
  it("reads, writes and removes through the storage area", () => {
    const area = fakeStorage();
    const store = webStore(() => area);
    store.set("cart-widget-template", "{}");
    expect(area.getItem("cart-widget-template")).toBe("{}");
    expect(store.get("cart-widget-template")).toBe("{}");
    store.remove("cart-widget-template");
    expect(store.get("cart-widget-template")).toBeNull();
  });

  it("keeps working in memory when the storage area throws (disabled, private mode, quota)", () => {
    const store = webStore(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(store.get("a")).toBeNull();
    store.set("a", "1");
    expect(store.get("a")).toBe("1");
    store.remove("a");
    expect(store.get("a")).toBeNull();
  });

  it("falls back to memory for a write that fails, e.g. when the quota is full", () => {
    const area = fakeStorage();
    area.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const store = webStore(() => area);
    expect(() => store.set("a", "1")).not.toThrow();
    expect(store.get("a")).toBe("1");
  });
});

describe("memoryStore", () => {
  it("keeps values per key", () => {
    const store = memoryStore();
    store.set("a", "1");
    store.set("b", "2");
    store.remove("a");
    expect([store.get("a"), store.get("b")]).toEqual([null, "2"]);
  });
});
