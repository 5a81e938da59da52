import { z } from "zod";

/*
 * Edge validation of Amazon Pay's answers: only the fields the shop reads are checked (ids, states,
 * amounts, the redirect URL, buyer and addresses); the rest passes through untouched (loose objects),
 * typed by ./types.
 */

const PriceShape = z.looseObject({ amount: z.string(), currencyCode: z.string() });

const statusDetails = <S extends [string, ...string[]]>(states: S) =>
  z.looseObject({ state: z.enum(states), reasonCode: z.string().nullish(), reasonDescription: z.string().nullish() });

const AddressShape = z.looseObject({ name: z.string().nullish(), countryCode: z.string().nullish() });

const BuyerShape = z.looseObject({ buyerId: z.string(), name: z.string().nullish(), email: z.string().nullish() });

export const CheckoutSessionShape = z.looseObject({
  checkoutSessionId: z.string(),
  webCheckoutDetails: z.looseObject({ amazonPayRedirectUrl: z.string().nullish() }).nullish(),
  paymentDetails: z.looseObject({ paymentIntent: z.string().nullish(), chargeAmount: PriceShape.nullish() }).nullish(),
  buyer: BuyerShape.nullish(),
  shippingAddress: AddressShape.nullish(),
  billingAddress: AddressShape.nullish(),
  paymentPreferences: z.array(z.looseObject({ paymentDescriptor: z.string().nullish() })).nullish(),
  statusDetails: statusDetails(["Open", "Completed", "Canceled"]),
  chargePermissionId: z.string().nullish(),
  chargeId: z.string().nullish(),
});

export const ChargeShape = z.looseObject({
  chargeId: z.string(),
  chargePermissionId: z.string(),
  chargeAmount: PriceShape,
  captureAmount: PriceShape.nullish(),
  refundedAmount: PriceShape.nullish(),
  statusDetails: statusDetails(["AuthorizationInitiated", "Authorized", "CaptureInitiated", "Captured", "Canceled", "Declined"]),
});

export const RefundShape = z.looseObject({
  refundId: z.string(),
  chargeId: z.string(),
  refundAmount: PriceShape,
  statusDetails: statusDetails(["RefundInitiated", "Refunded", "Declined"]),
});

export const BuyerResponseShape = BuyerShape;

export const ErrorShape = z.looseObject({ reasonCode: z.string(), message: z.string().optional() });
