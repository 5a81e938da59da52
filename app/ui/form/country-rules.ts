import type { CountryOption } from "../../../server/customer/types";

/** The address rules of a country (spec §5), as the country `<option>` carries them in data attributes. */
export interface CountryRules {
  stateRequired: boolean;
  zipcodeRequired: boolean;
  vatIdRequired: boolean;
}

const NO_RULES: CountryRules = { stateRequired: false, zipcodeRequired: false, vatIdRequired: false };

/** `data-state-required` etc. of a country `<option>` (values "1" or "0"). */
export function countryOptionData(country: CountryOption) {
  return {
    "data-state-required": country.stateRequired ? "1" : "0",
    "data-zipcode-required": country.zipcodeRequired ? "1" : "0",
    "data-vat-id-required": country.vatIdRequired ? "1" : "0",
  };
}

/** Reads the rules back from an option's `dataset`; no option (no country chosen) means no rules. */
export function rulesFromDataset(dataset: DOMStringMap | undefined): CountryRules {
  if (!dataset) return NO_RULES;
  return {
    stateRequired: dataset.stateRequired === "1",
    zipcodeRequired: dataset.zipcodeRequired === "1",
    vatIdRequired: dataset.vatIdRequired === "1",
  };
}

export function rulesOf(country: CountryOption | undefined): CountryRules {
  return country
    ? { stateRequired: country.stateRequired, zipcodeRequired: country.zipcodeRequired, vatIdRequired: country.vatIdRequired }
    : NO_RULES;
}

/**
 * How the state select looks for a country (spec §5): hidden and disabled without states; required,
 * starred and with a disabled placeholder when the country requires a state.
 */
export function stateFieldState(stateCount: number, stateRequired: boolean) {
  const hidden = stateCount === 0;
  const required = !hidden && stateRequired;
  return { hidden, disabled: hidden, required, placeholderDisabled: required };
}
