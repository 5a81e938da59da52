import { describe, expect, it } from "vitest";
import { WISHLIST_CONSENT_COOKIE } from "../../../kernel/constants";
import { memoryStore } from "../../lib/storage";
import {
  guestWishlistKey,
  MERGE_FAILED_MESSAGE,
  newestFirst,
  readGuestList,
  withoutProducts,
  withProduct,
  writeGuestList,
} from "./guest-list";

describe("guest wishlist in local storage", () => {
  it("uses the spec's names", () => {
    expect(guestWishlistKey("sc-1")).toBe("wishlist-sc-1");
    expect(WISHLIST_CONSENT_COOKIE).toBe("wishlist-enabled");
    expect(MERGE_FAILED_MESSAGE).toBe("Unable to merge product wishlist from anonymous user");
  });

  it("stores product id → ISO time of adding, and removes the key when the list is empty", () => {
    const store = memoryStore();
    const key = guestWishlistKey("sc");
    expect(readGuestList(store, key)).toEqual({});
    const list = withProduct({}, "p1", new Date("2026-11-24T10:00:00.000Z"));
    writeGuestList(store, key, list);
    expect(JSON.parse(store.get(key)!)).toEqual({ p1: "2026-11-24T10:00:00.000Z" });
    writeGuestList(store, key, withoutProducts(list, ["p1"]));
    expect(store.get(key)).toBeNull();
  });

  it.each(["{broken", "[1,2]", "null", '"text"', "42"])("reads %s as an empty list", (raw) => {
    const store = memoryStore();
    store.set("k", raw);
    expect(readGuestList(store, "k")).toEqual({});
  });

  it("drops entries whose time is not a string", () => {
    const store = memoryStore();
    store.set("k", JSON.stringify({ a: "2026-01-01T00:00:00.000Z", b: 5, c: null }));
    expect(readGuestList(store, "k")).toEqual({ a: "2026-01-01T00:00:00.000Z" });
  });

  it("orders ids newest first", () => {
    expect(
      newestFirst({ old: "2026-01-01T00:00:00.000Z", newest: "2026-03-01T00:00:00.000Z", middle: "2026-02-01T00:00:00.000Z", bad: "x" }),
    ).toEqual(["newest", "middle", "old", "bad"]);
  });
});
