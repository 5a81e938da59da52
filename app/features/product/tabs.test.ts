import { describe, expect, it } from "vitest";
import { tabIndexForKey } from "./tabs";

describe("tabIndexForKey", () => {
  it("steps with the arrows of a horizontal list and wraps at both ends", () => {
    expect(tabIndexForKey("ArrowRight", 0, 3, "horizontal")).toBe(1);
    expect(tabIndexForKey("ArrowRight", 2, 3, "horizontal")).toBe(0);
    expect(tabIndexForKey("ArrowLeft", 0, 3, "horizontal")).toBe(2);
    expect(tabIndexForKey("ArrowDown", 0, 3, "horizontal")).toBeNull();
  });

  it("steps with up and down in a vertical list", () => {
    expect(tabIndexForKey("ArrowDown", 1, 3, "vertical")).toBe(2);
    expect(tabIndexForKey("ArrowUp", 0, 3, "vertical")).toBe(2);
    expect(tabIndexForKey("ArrowRight", 0, 3, "vertical")).toBeNull();
  });

  it("jumps to the first and last tab with Home and End, and ignores other keys", () => {
    expect(tabIndexForKey("Home", 2, 4, "horizontal")).toBe(0);
    expect(tabIndexForKey("End", 0, 4, "vertical")).toBe(3);
    expect(tabIndexForKey("Enter", 1, 4, "horizontal")).toBeNull();
  });
});
