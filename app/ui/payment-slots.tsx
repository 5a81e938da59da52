import { createContext, useContext, type ComponentType } from "react";

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

export interface PaymentSlots {
  ExpressCheckout: ComponentType<ExpressCheckoutSlotProps>;
  InstallmentBanner: ComponentType<InstallmentBannerSlotProps>;
}

/**
 * Product and cart pages offer a payment provider's express button and instalment offer without
 * importing the payment feature (ui does not import features): the page chrome provides them, and
 * provides nothing when the shop has no such provider.
 */
export const PaymentSlotsContext = createContext<PaymentSlots | null>(null);

export function ExpressCheckoutSlot(props: ExpressCheckoutSlotProps) {
  const slots = useContext(PaymentSlotsContext);
  return slots ? <slots.ExpressCheckout {...props} /> : null;
}

export function InstallmentBannerSlot(props: InstallmentBannerSlotProps) {
  const slots = useContext(PaymentSlotsContext);
  return slots ? <slots.InstallmentBanner {...props} /> : null;
}
