/*
 * The Amazon Pay API v2 shapes the shop sends and reads (Amazon's API reference: Checkout Session,
 * Charge, Refund, Buyer; reference §3.1). Amounts are decimal strings as Amazon writes them ("49.90");
 * timestamps are Amazon's compact ISO 8601 ("20261126T123456Z"). Fields Amazon documents but the shop
 * never uses are left out; the client passes them through untouched.
 */

/** Amazon's `price`. */
export interface Price {
  amount: string;
  currencyCode: string;
}

export type PaymentIntent = "AuthorizeWithCapture" | "Authorize" | "Confirm";
export type ProductType = "PayAndShip" | "PayOnly" | "SignIn";

export type CheckoutSessionState = "Open" | "Completed" | "Canceled";
/** Why a checkout session was canceled. */
export type CheckoutSessionReasonCode = "BuyerCanceled" | "Declined" | "Expired" | "AmazonCanceled";

export type ChargeState = "AuthorizationInitiated" | "Authorized" | "CaptureInitiated" | "Captured" | "Canceled" | "Declined";
export type RefundState = "RefundInitiated" | "Refunded" | "Declined";

export interface StatusDetails<State extends string = string> {
  state: State;
  reasonCode: string | null;
  reasonDescription: string | null;
  lastUpdatedTimestamp: string;
}

export interface Address {
  name: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  addressLine3: string | null;
  city: string | null;
  county: string | null;
  district: string | null;
  stateOrRegion: string | null;
  postalCode: string | null;
  countryCode: string | null;
  phoneNumber: string | null;
}

export interface Buyer {
  buyerId: string;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  /** Only in Get Buyer (sign-in): the billing/shipping postal code and country the buyer shared. */
  postalCode?: string | null;
  countryCode?: string | null;
}

export interface WebCheckoutDetails {
  checkoutReviewReturnUrl?: string | null;
  checkoutResultReturnUrl?: string | null;
  /** Set by Amazon once the session has no constraints left: where the shop sends the buyer to pay. */
  amazonPayRedirectUrl?: string | null;
  checkoutMode?: "ProcessOrder" | null;
}

export interface PaymentDetails {
  paymentIntent?: PaymentIntent | null;
  canHandlePendingAuthorization?: boolean;
  chargeAmount?: Price | null;
  totalOrderAmount?: Price | null;
  softDescriptor?: string | null;
  presentmentCurrency?: string | null;
}

export interface MerchantMetadata {
  merchantReferenceId?: string | null;
  merchantStoreName?: string | null;
  noteToBuyer?: string | null;
  customInformation?: string | null;
}

export interface Constraint {
  constraintId: "BuyerNotAssociated" | "ChargeAmountNotSet" | "CheckoutResultReturnUrlNotSet" | "PaymentIntentNotSet" | (string & {});
  description: string;
}

export interface CheckoutSession {
  checkoutSessionId: string;
  webCheckoutDetails: WebCheckoutDetails;
  productType: ProductType | null;
  paymentDetails: PaymentDetails;
  merchantMetadata: MerchantMetadata;
  buyer: Buyer | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  paymentPreferences: { paymentDescriptor: string | null }[] | null;
  statusDetails: StatusDetails<CheckoutSessionState>;
  constraints: Constraint[];
  creationTimestamp: string;
  expirationTimestamp: string;
  chargePermissionId: string | null;
  chargeId: string | null;
  storeId: string;
  releaseEnvironment: "Sandbox" | "Live";
}

export interface Charge {
  chargeId: string;
  chargePermissionId: string;
  chargeAmount: Price;
  captureAmount: Price | null;
  refundedAmount: Price | null;
  softDescriptor: string | null;
  statusDetails: StatusDetails<ChargeState>;
  creationTimestamp: string;
  expirationTimestamp: string;
  releaseEnvironment: "Sandbox" | "Live";
}

export interface Refund {
  refundId: string;
  chargeId: string;
  refundAmount: Price;
  softDescriptor: string | null;
  statusDetails: StatusDetails<RefundState>;
  creationTimestamp: string;
  releaseEnvironment: "Sandbox" | "Live";
}

/** Amazon's error body. */
export interface AmazonPayErrorBody {
  reasonCode: string;
  message: string;
}

// Requests

export interface CreateCheckoutSessionRequest {
  webCheckoutDetails: { checkoutReviewReturnUrl?: string; checkoutResultReturnUrl?: string; checkoutMode?: "ProcessOrder" };
  storeId: string;
  scopes?: ("name" | "email" | "phoneNumber" | "billingAddress")[];
  paymentDetails?: PaymentDetails;
  merchantMetadata?: MerchantMetadata;
  deliverySpecifications?: {
    specialRestrictions?: ("RestrictPOBoxes" | "RestrictPackstations")[];
    addressRestrictions?: { type: "Allowed" | "NotAllowed"; restrictions: Record<string, { statesOrRegions?: string[]; zipCodes?: string[] }> };
  };
}

export interface UpdateCheckoutSessionRequest {
  webCheckoutDetails?: { checkoutResultReturnUrl?: string };
  paymentDetails?: PaymentDetails;
  merchantMetadata?: MerchantMetadata;
}

export interface CompleteCheckoutSessionRequest {
  chargeAmount: Price;
  totalOrderAmount?: Price;
}

export interface CaptureChargeRequest {
  captureAmount: Price;
  softDescriptor?: string;
}

export interface CancelChargeRequest {
  cancellationReason: string;
}

export interface CreateRefundRequest {
  chargeId: string;
  refundAmount: Price;
  softDescriptor?: string;
}
