import { z } from "zod";
import type { CartNotice } from "./types";

/**
 * Without JavaScript a cart change ends on a page by redirect; its notices travel in the `notices`
 * query parameter (base64url JSON) and the page shows them. Anything malformed is dropped.
 */
export const NOTICES_PARAM = "notices";
const MAX_ENCODED_LENGTH = 2048;

const text = z.string().max(200);
const CartNoticeSchema: z.ZodType<CartNotice> = z.discriminatedUnion("code", [
  z.object({ code: z.literal("added"), name: text, quantity: z.number().int() }),
  z.object({ code: z.literal("quantity-adjusted"), name: text, quantity: z.number().int() }),
  z.object({ code: z.literal("sold-out"), name: text }),
  z.object({ code: z.literal("order-limit"), name: text, max: z.number().int(), inCart: z.number().int() }),
  z.object({ code: z.literal("plan-unavailable"), name: text }),
  ...(["promotion-added", "promotion-not-found", "promotion-expired", "promotion-not-yet-valid", "promotion-used-up", "promotion-already-added"] as const).map(
    (code) => z.object({ code: z.literal(code), promotionCode: text }),
  ),
  z.object({ code: z.literal("promotion-not-combinable"), promotionCode: text, blockedBy: text }),
  z.object({ code: z.literal("line-item-not-found") }),
  z.object({ code: z.literal("product-not-found") }),
]);

export function encodeNotices(notices: CartNotice[]): string {
  return Buffer.from(JSON.stringify(notices)).toString("base64url");
}

export function decodeNotices(param: string | null | undefined): CartNotice[] {
  if (!param || param.length > MAX_ENCODED_LENGTH) return [];
  try {
    const parsed = z.array(CartNoticeSchema).max(10).safeParse(JSON.parse(Buffer.from(param, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
