import type { PayPalCardFieldsStateObject } from "@paypal/paypal-js";

/** The card fields in the order they are shown (the first invalid one is focused, spec §5). */
export const CARD_FIELDS = ["number", "expiry", "cvv", "name"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

const STATE_KEY = {
  number: "cardNumberField",
  expiry: "cardExpiryField",
  cvv: "cardCvvField",
  name: "cardNameField",
} as const satisfies Record<CardField, keyof PayPalCardFieldsStateObject["fields"]>;

/** The invalid card fields, in display order. */
export function invalidCardFields(state: Pick<PayPalCardFieldsStateObject, "fields">): CardField[] {
  return CARD_FIELDS.filter((field) => state.fields[STATE_KEY[field]]?.isValid === false);
}
