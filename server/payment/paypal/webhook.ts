import { z } from "zod";
import type { PayPalClient } from "./client";
import { fromDecimalValue } from "../decimal";

/*
 * PayPal webhooks (reference §2.1 "Webhooks"): a delivery is believed only after PayPal's own
 * verify-webhook-signature endpoint confirmed it, and is then turned into a payment state transition
 * for the shop. Handlers must be idempotent per event id: PayPal redelivers until it gets a 2xx.
 */

const Link = z.looseObject({ href: z.string(), rel: z.string(), method: z.string().optional() });
const MoneyShape = z.looseObject({ currency_code: z.string(), value: z.string() });

/** The envelope of every PayPal webhook event (notifications_webhooks_v1 `event`). */
export const WebhookEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  create_time: z.string().optional(),
  resource_type: z.string().optional(),
  resource_version: z.string().optional(),
  event_version: z.string().optional(),
  summary: z.string().optional(),
  resource: z.record(z.string(), z.unknown()),
  links: z.array(Link).optional(),
});

export type PayPalWebhookEvent = z.infer<typeof WebhookEventSchema>;

/**
 * The fields read from the event's resource: a capture, an authorization or a refund (Payments v2),
 * or an order (Orders v2). Which ids it carries depends on the type; all are optional here.
 */
const ResourceSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  amount: MoneyShape.optional(),
  supplementary_data: z
    .looseObject({
      related_ids: z
        .looseObject({ order_id: z.string().optional(), authorization_id: z.string().optional(), capture_id: z.string().optional() })
        .optional(),
    })
    .optional(),
  seller_payable_breakdown: z.looseObject({ total_refunded_amount: MoneyShape.optional() }).optional(),
  payment_source: z.looseObject({ pay_upon_invoice: z.unknown().optional() }).optional(),
  purchase_units: z.array(z.looseObject({ custom_id: z.string().optional() })).optional(),
  /** CHECKOUT.PAYMENT-APPROVAL.REVERSED names the order here rather than in `id`. */
  order_id: z.string().optional(),
  links: z.array(Link).optional(),
});

export async function verifyWebhook(
  client: PayPalClient,
  input: { headers: Headers | Record<string, string | undefined>; webhookId: string; rawBody: string },
): Promise<PayPalWebhookEvent | null> {
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return null;
  }
  const event = WebhookEventSchema.safeParse(json);
  if (!event.success) return null;
  const genuine = await client.verifyWebhookSignature({ headers: input.headers, webhookId: input.webhookId, event: input.rawBody });
  return genuine ? event.data : null;
}

export type WebhookTarget = "paid" | "failed" | "refunded" | "partially_refunded" | "cancelled" | "authorized";

export interface WebhookMove {
  to: WebhookTarget;
  paypalOrderId?: string;
  captureId?: string;
  authorizationId?: string;
  refundId?: string;
  /** Our transaction id, as PATCHed into the purchase unit (custom_id). */
  customId?: string;
}

export type WebhookTransition = WebhookMove | { ignore: true };

/**
 * The transition an event asks for, or `{ignore: true}` for types the shop does not act on (they are
 * acknowledged with 200 all the same, so PayPal stops sending them).
 *
 * A refund event carries the refund, not the capture: whether the capture is now wholly refunded is
 * known only against the captured amount, `capturedAmount` (a decimal string as PayPal writes it);
 * without it a refund counts as partial, which never closes a payment by mistake.
 */
export function webhookTransition(event: PayPalWebhookEvent, options: { capturedAmount?: string } = {}): WebhookTransition {
  const parsed = ResourceSchema.safeParse(event.resource);
  if (!parsed.success) return { ignore: true };
  const resource = parsed.data;
  const related = resource.supplementary_data?.related_ids;
  const orderId = related?.order_id ?? linkedId(resource.links, /\/v2\/checkout\/orders\/([^/?#]+)/);

  switch (event.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED":
      return clean({ to: "paid", paypalOrderId: orderId, captureId: resource.id, authorizationId: related?.authorization_id, customId: resource.custom_id });
    case "PAYMENT.CAPTURE.DENIED":
    case "PAYMENT.CAPTURE.DECLINED":
      return clean({ to: "failed", paypalOrderId: orderId, captureId: resource.id, customId: resource.custom_id });
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      // The resource is the refund (or the reversal); its "up" link names the capture.
      const captureId = related?.capture_id ?? linkedId(resource.links, /\/v2\/payments\/captures\/([^/?#]+)/);
      return clean({
        to: wholeRefund(resource.seller_payable_breakdown?.total_refunded_amount?.value, options.capturedAmount) ? "refunded" : "partially_refunded",
        paypalOrderId: orderId,
        captureId,
        refundId: resource.id,
        customId: resource.custom_id,
      });
    }
    case "PAYMENT.AUTHORIZATION.CREATED":
      return clean({ to: "authorized", paypalOrderId: orderId, authorizationId: resource.id, customId: resource.custom_id });
    case "PAYMENT.AUTHORIZATION.VOIDED":
      return clean({ to: "cancelled", paypalOrderId: orderId, authorizationId: resource.id, customId: resource.custom_id });
    case "CHECKOUT.ORDER.APPROVED":
      // Only Pay upon invoice treats an approved order as authorized (reference: PUI approved →
      // authorized); for the other methods approval is a step before the shop's own capture.
      if (resource.payment_source?.pay_upon_invoice === undefined) return { ignore: true };
      return clean({ to: "authorized", paypalOrderId: resource.id, customId: resource.purchase_units?.[0]?.custom_id });
    case "CHECKOUT.PAYMENT-APPROVAL.REVERSED":
      // PayPal could not complete an approved order (for Pay upon invoice: Ratepay said no after the
      // approval); nothing was captured.
      return clean({ to: "failed", paypalOrderId: resource.order_id ?? resource.id, customId: resource.purchase_units?.[0]?.custom_id });
    default:
      return { ignore: true };
  }
}

/** A reversal or refund closes the payment when the refunded sum reaches the captured amount. */
function wholeRefund(totalRefunded: string | undefined, capturedAmount: string | undefined): boolean {
  if (totalRefunded === undefined || capturedAmount === undefined) return false;
  const refunded = fromDecimalValue(totalRefunded);
  const captured = fromDecimalValue(capturedAmount);
  return refunded !== null && captured !== null && refunded >= captured;
}

function linkedId(links: { href: string; rel: string }[] | undefined, pattern: RegExp): string | undefined {
  for (const link of links ?? []) {
    if (link.rel !== "up") continue;
    const match = pattern.exec(link.href);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/** Leaves out the ids an event did not carry, so results compare and log cleanly. */
function clean(transition: WebhookMove): WebhookMove {
  return Object.fromEntries(Object.entries(transition).filter(([, value]) => value !== undefined)) as unknown as WebhookMove;
}
