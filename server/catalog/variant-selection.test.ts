import { describe, expect, it } from "vitest";
import { chooseVariant, type VariantOptions } from "./variant-selection";

// Colours red/blue × sizes S/M, where blue exists only in M.
const variants: VariantOptions[] = [
  { id: "red-s", productNumber: "T-RED-S", optionIds: ["red", "s"] },
  { id: "red-m", productNumber: "T-RED-M", optionIds: ["red", "m"] },
  { id: "blue-m", productNumber: "T-BLUE-M", optionIds: ["blue", "m"] },
];

describe("chooseVariant", () => {
  it("returns the exact match for a full selection", () => {
    expect(chooseVariant(variants, ["red", "m"], "m")?.id).toBe("red-m");
  });

  it("keeps the switched option when the combination does not exist", () => {
    // Shopper is on red-s and switches to blue: blue-s does not exist, blue-m does.
    expect(chooseVariant(variants, ["blue", "s"], "blue")?.id).toBe("blue-m");
  });

  it("prefers the earlier variant on a tie", () => {
    expect(chooseVariant(variants, ["red"], "red")?.id).toBe("red-s");
  });

  it("ignores a switched option that no variant has", () => {
    expect(chooseVariant(variants, ["blue", "m"], "green")?.id).toBe("blue-m");
  });

  it("returns undefined without variants", () => {
    expect(chooseVariant([], ["red"], "red")).toBeUndefined();
  });
});
