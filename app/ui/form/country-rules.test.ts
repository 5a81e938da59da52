import { describe, expect, it } from "vitest";
import type { CountryOption } from "../../../server/customer/types";
import { countryOptionData, rulesFromDataset, rulesOf, stateFieldState } from "./country-rules";

const usa: CountryOption = {
  id: "us",
  iso: "US",
  name: "United States",
  stateRequired: true,
  zipcodeRequired: true,
  vatIdRequired: false,
  states: [{ id: "ca", name: "California" }],
};

/** The dataset a browser builds from `data-*` attributes: `data-state-required` → `stateRequired`. */
const datasetOf = (attributes: Record<string, string>): DOMStringMap =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name.slice(5).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), value]));

describe("country rules (spec §5)", () => {
  it("round-trip through the option's data attributes", () => {
    const attributes = countryOptionData(usa);
    expect(attributes).toEqual({ "data-state-required": "1", "data-zipcode-required": "1", "data-vat-id-required": "0" });
    expect(rulesFromDataset(datasetOf(attributes))).toEqual(rulesOf(usa));
    expect(rulesFromDataset(datasetOf(countryOptionData({ ...usa, stateRequired: false, zipcodeRequired: false, vatIdRequired: true })))).toEqual({
      stateRequired: false,
      zipcodeRequired: false,
      vatIdRequired: true,
    });
  });

  it("no country means no rules", () => {
    expect(rulesFromDataset(undefined)).toEqual({ stateRequired: false, zipcodeRequired: false, vatIdRequired: false });
    expect(rulesOf(undefined)).toEqual({ stateRequired: false, zipcodeRequired: false, vatIdRequired: false });
  });

  it("hides and disables the state select when the country has no states", () => {
    expect(stateFieldState(0, false)).toEqual({ hidden: true, disabled: true, required: false, placeholderDisabled: false });
    expect(stateFieldState(0, true)).toEqual({ hidden: true, disabled: true, required: false, placeholderDisabled: false });
  });

  it("makes it required with a disabled placeholder when the country requires a state", () => {
    expect(stateFieldState(51, true)).toEqual({ hidden: false, disabled: false, required: true, placeholderDisabled: true });
    expect(stateFieldState(16, false)).toEqual({ hidden: false, disabled: false, required: false, placeholderDisabled: false });
  });
});
