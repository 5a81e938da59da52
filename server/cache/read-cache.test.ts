import { describe, expect, it, vi } from "vitest";
import { createReadCache } from "./read-cache";

describe("createReadCache", () => {
  it("loads once for concurrent and repeated reads within the TTL", async () => {
    const load = vi.fn(async () => "value");
    const cache = createReadCache(1000, 10);
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual(["value", "value"]);
    expect(await cache.get("a", load)).toBe("value");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads again once the TTL has passed", async () => {
    let time = 0;
    const cache = createReadCache(1000, 10, () => time);
    const load = vi.fn(async () => time);
    expect(await cache.get("a", load)).toBe(0);
    time = 999;
    expect(await cache.get("a", load)).toBe(0);
    time = 1000;
    expect(await cache.get("a", load)).toBe(1000);
  });

  it("evicts the least recently used entry beyond the limit", async () => {
    const cache = createReadCache(1000, 2);
    const load = vi.fn(async () => 1);
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("a", load); // a is now the most recent
    await cache.get("c", load); // evicts b
    load.mockClear();
    await cache.get("a", load);
    expect(load).not.toHaveBeenCalled();
    await cache.get("b", load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets failed loads", async () => {
    const cache = createReadCache(1000, 10);
    await expect(cache.get("a", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("a", async () => "recovered")).toBe("recovered");
  });
});
