import { z } from "zod";

/*
 * Edge validation of PayPal's answers: only the fields the shop reads are checked (ids, statuses,
 * payments, payment source, payer, shipping); everything else passes through untouched (loose
 * objects), typed by the generated OpenAPI types.
 */

const Link = z.looseObject({ href: z.string(), rel: z.string(), method: z.string().optional() });

const MoneyShape = z.looseObject({ currency_code: z.string(), value: z.string() });

const AddressShape = z.looseObject({
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  admin_area_1: z.string().optional(),
  admin_area_2: z.string().optional(),
  postal_code: z.string().optional(),
  country_code: z.string(),
});

export const CaptureShape = z.looseObject({
  id: z.string(),
  status: z.enum(["COMPLETED", "DECLINED", "PARTIALLY_REFUNDED", "PENDING", "REFUNDED", "FAILED"]),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
  amount: MoneyShape.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  links: z.array(Link).optional(),
});

export const AuthorizationShape = z.looseObject({
  id: z.string(),
  status: z.enum(["CREATED", "CAPTURED", "DENIED", "PARTIALLY_CAPTURED", "VOIDED", "PENDING"]),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
  amount: MoneyShape.optional(),
  custom_id: z.string().optional(),
  links: z.array(Link).optional(),
});

export const RefundShape = z.looseObject({
  id: z.string(),
  status: z.enum(["CANCELLED", "FAILED", "PENDING", "COMPLETED"]),
  amount: MoneyShape.optional(),
  links: z.array(Link).optional(),
});

const AuthenticationResultShape = z.looseObject({
  liability_shift: z.string().optional(),
  three_d_secure: z
    .looseObject({ enrollment_status: z.string().optional(), authentication_status: z.string().optional() })
    .optional(),
});

const CardShape = z.looseObject({
  last_digits: z.string().optional(),
  brand: z.string().optional(),
  authentication_result: AuthenticationResultShape.optional(),
});

const WalletShape = z.looseObject({ card: CardShape.optional() });

const PaymentSourceShape = z.looseObject({
  card: CardShape.optional(),
  paypal: z
    .looseObject({
      email_address: z.string().optional(),
      account_id: z.string().optional(),
      name: z.looseObject({ given_name: z.string().optional(), surname: z.string().optional() }).optional(),
      address: AddressShape.optional(),
    })
    .optional(),
  venmo: z.looseObject({ email_address: z.string().optional() }).optional(),
  apple_pay: WalletShape.optional(),
  google_pay: WalletShape.optional(),
  pay_upon_invoice: z
    .looseObject({
      payment_reference: z.string().optional(),
      deposit_bank_details: z
        .looseObject({
          bic: z.string().optional(),
          bank_name: z.string().optional(),
          iban: z.string().optional(),
          account_holder_name: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});

const PurchaseUnitShape = z.looseObject({
  reference_id: z.string().optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  amount: MoneyShape.optional(),
  shipping: z
    .looseObject({
      name: z.looseObject({ full_name: z.string().optional() }).optional(),
      address: AddressShape.optional(),
    })
    .optional(),
  payments: z
    .looseObject({
      captures: z.array(CaptureShape).optional(),
      authorizations: z.array(AuthorizationShape).optional(),
      refunds: z.array(RefundShape).optional(),
    })
    .optional(),
});

export const OrderShape = z.looseObject({
  id: z.string(),
  // PENDING_APPROVAL: a Pay upon invoice order waiting for Ratepay (PayPal's PUI guide; not in the published enum).
  status: z.enum(["CREATED", "SAVED", "APPROVED", "VOIDED", "COMPLETED", "PAYER_ACTION_REQUIRED", "PENDING_APPROVAL"]),
  intent: z.enum(["CAPTURE", "AUTHORIZE"]).optional(),
  payment_source: PaymentSourceShape.optional(),
  payer: z
    .looseObject({
      email_address: z.string().optional(),
      payer_id: z.string().optional(),
      name: z.looseObject({ given_name: z.string().optional(), surname: z.string().optional() }).optional(),
      address: AddressShape.optional(),
    })
    .optional(),
  purchase_units: z.array(PurchaseUnitShape).optional(),
  links: z.array(Link).optional(),
});

/** The OAuth answer of `/v1/oauth2/token`. */
export const TokenShape = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

export const VerifySignatureShape = z.looseObject({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });

/** PayPal's error body; the OAuth endpoint answers `{error, error_description}` instead. */
export const ErrorShape = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.looseObject({ issue: z.string().optional(), description: z.string().optional(), field: z.string().optional() }))
    .optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
