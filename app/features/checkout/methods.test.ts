import { describe, expect, it } from "vitest";
import { METHODS_VISIBLE_COUNT, splitMethods } from "./methods";

const methods = ["standard", "express", "pickup", "freight"].map((id) => ({ id }));

describe("methods behind Show more", () => {
  it("shows the first ones and keeps the rest for Show more", () => {
    const { visible, more, startExpanded } = splitMethods(methods, "standard");
    expect(visible.map((m) => m.id)).toEqual(["standard", "express"].slice(0, METHODS_VISIBLE_COUNT));
    expect(more.map((m) => m.id)).toEqual(["pickup", "freight"]);
    expect(startExpanded).toBe(false);
  });

  it("starts expanded when the chosen method is among the rest", () => {
    expect(splitMethods(methods, "freight").startExpanded).toBe(true);
  });

  it("has nothing to expand when all fit", () => {
    expect(splitMethods(methods.slice(0, 2), null)).toEqual({ visible: methods.slice(0, 2), more: [], startExpanded: false });
  });
});
