import { createContext, useContext, useMemo, type ComponentType } from "react";

/** Where an express checkout button sits (reference §2.1): each place prepares the cart its own way. */
export interface ExpressCheckoutSlotProps {
  place: "product" | "cart" | "offcanvas";
  /** On the product page: the id of the add-to-cart form whose product is bought. */
  formId?: string;
  /** The chosen quantity is above what may be ordered (spec §4): a warning instead of PayPal's window. */
  restricted?: boolean;
}

/** An instalment offer for an amount in minor units (spec §3 installment banner). */
export interface InstallmentBannerSlotProps {
  amount: number;
  currency: string;
}

/** What one provider offers the pages (each slot optional). */
export interface PaymentSlots {
  ExpressCheckout?: ComponentType<ExpressCheckoutSlotProps>;
  InstallmentBanner?: ComponentType<InstallmentBannerSlotProps>;
}

/**
 * Product and cart pages offer a payment provider's express button and instalment offer without
 * importing the payment feature (ui does not import features): the page chrome provides them, and
 * provides nothing when the shop has no such provider.
 */
export const PaymentSlotsContext = createContext<readonly PaymentSlots[]>([]);

/** Adds a provider's slots to those of the providers above (a provider nests its context in theirs). */
export function useWithSlots(slots: PaymentSlots | null): readonly PaymentSlots[] {
  const outer = useContext(PaymentSlotsContext);
  return useMemo(() => (slots ? [...outer, slots] : outer), [outer, slots]);
}

export function ExpressCheckoutSlot(props: ExpressCheckoutSlotProps) {
  const providers = useContext(PaymentSlotsContext);
  return providers.map((slots, index) => slots.ExpressCheckout && <slots.ExpressCheckout key={index} {...props} />);
}

export function InstallmentBannerSlot(props: InstallmentBannerSlotProps) {
  const providers = useContext(PaymentSlotsContext);
  return providers.map((slots, index) => slots.InstallmentBanner && <slots.InstallmentBanner key={index} {...props} />);
}
