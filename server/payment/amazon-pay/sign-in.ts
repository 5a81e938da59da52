import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { SalesChannelContext } from "../../catalog/service";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { isSecureRequest, readCookie, tokenCookie } from "../../visitor";
import { customerProviderLogin } from "../tables";

/*
 * Sign in with Amazon (reference §3.1): Amazon's buyer id logs a customer in only once it is linked to
 * that customer, by a registration through Amazon or by the account's password entered once. An email
 * alone never logs anyone in. Between Amazon's return and that registration or password, the buyer is
 * kept in a short-lived cookie the server signed (no state is stored).
 */

const PROVIDER = "amazon_pay";

/** The cookie of a buyer back from Amazon who still has to register or enter their password. */
export const AMAZON_SIGN_IN_COOKIE = "amazon-pay-signin";
/** How long that buyer has to do so. */
export const PENDING_BUYER_MINUTES = 15;

/** The query the sign-in sends a pending buyer on with: `link` for the login page's notice, `register` for the registration form's Amazon variant. */
export const AMAZON_SIGN_IN_PARAM = "amazon";
export const AMAZON_SIGN_IN_STEP = { link: "link", register: "1" } as const;

/** A buyer Amazon vouched for, not yet linked to a customer; `exp` in milliseconds since the epoch. */
export interface PendingBuyer {
  buyerId: string;
  email: string;
  name: string;
  exp: number;
}

const PendingBuyerShape = z.object({
  buyerId: z.string().min(1).max(200),
  email: z.string().min(1).max(254),
  name: z.string().max(200),
  exp: z.number().int(),
});

/** The MAC is over a name for its purpose too, so no other value signed with the secret passes as this one. */
const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`${AMAZON_SIGN_IN_COOKIE}.${payload}`).digest("base64url");

/** The cookie value: base64url JSON, a dot, its HMAC-SHA256. */
export function signPendingBuyer(buyer: PendingBuyer, secret: string): string {
  const payload = Buffer.from(JSON.stringify(buyer)).toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

/** The buyer of a cookie value; null when it is malformed, tampered with or expired. */
export function verifyPendingBuyer(value: string | undefined, secret: string, now: number = Date.now()): PendingBuyer | null {
  if (!value || value.length > 2048) return null;
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = PendingBuyerShape.safeParse(json);
  return parsed.success && parsed.data.exp > now ? parsed.data : null;
}

/** The pending buyer of a request's cookie, if valid. */
export function pendingBuyerOf(request: Request, secret: string, now: number = Date.now()): PendingBuyer | null {
  return verifyPendingBuyer(readCookie(request.headers.get("cookie"), AMAZON_SIGN_IN_COOKIE), secret, now);
}

/** `Set-Cookie` keeping the buyer for `PENDING_BUYER_MINUTES` (HttpOnly, SameSite=Lax, Secure on https). */
export function pendingBuyerCookie(request: Request, buyer: Omit<PendingBuyer, "exp">, secret: string, now: number = Date.now()): string {
  const value = signPendingBuyer({ ...buyer, exp: now + PENDING_BUYER_MINUTES * 60_000 }, secret);
  return tokenCookie(AMAZON_SIGN_IN_COOKIE, value, PENDING_BUYER_MINUTES / (24 * 60), isSecureRequest(request));
}

/** `Set-Cookie` that removes the pending buyer. */
export function clearedPendingBuyerCookie(request: Request): string {
  return tokenCookie(AMAZON_SIGN_IN_COOKIE, "", 0, isSecureRequest(request));
}

/** "Erika Mustermann" → first and last name for the registration form (one word: the first name only). */
export function splitBuyerName(name: string): { firstName: string; lastName: string } {
  const full = name.trim();
  const space = full.lastIndexOf(" ");
  return space > 0 ? { firstName: full.slice(0, space), lastName: full.slice(space + 1) } : { firstName: full, lastName: "" };
}

/** The links between Amazon buyers and this sales channel's customers. */
export function createAmazonSignInLinks(db: Database, channel: SalesChannelContext) {
  return {
    /** The customer (with an account) linked to Amazon's buyer id, or null. */
    async linkedCustomerId(buyerId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: customer.id })
        .from(customerProviderLogin)
        .innerJoin(customer, eq(customer.id, customerProviderLogin.customerId))
        .where(
          and(
            eq(customerProviderLogin.provider, PROVIDER),
            eq(customerProviderLogin.subject, buyerId),
            eq(customer.salesChannelId, channel.id),
            eq(customer.guest, false),
          ),
        );
      return row?.id ?? null;
    },

    /** The account (not a guest) with this email, or null. */
    async accountIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: customer.id })
        .from(customer)
        .where(and(eq(customer.salesChannelId, channel.id), eq(customer.email, email.toLowerCase()), eq(customer.guest, false)));
      return row?.id ?? null;
    },

    /** Links the buyer to the customer; a buyer already linked keeps its customer. */
    async link(customerId: string, buyerId: string): Promise<void> {
      await db.insert(customerProviderLogin).values({ provider: PROVIDER, subject: buyerId, customerId }).onConflictDoNothing();
    },
  };
}

export type AmazonSignInLinks = ReturnType<typeof createAmazonSignInLinks>;

/**
 * After a password login or a registration: when the request carries a pending buyer whose email is
 * this customer's account, the buyer is linked to it. Answers the `Set-Cookie` that clears the pending
 * buyer, or null when nothing was linked.
 */
export async function linkPendingBuyer(links: AmazonSignInLinks, request: Request, secret: string, customerId: string): Promise<string | null> {
  const pending = pendingBuyerOf(request, secret);
  if (!pending || (await links.accountIdByEmail(pending.email)) !== customerId) return null;
  await links.link(customerId, pending.buyerId);
  return clearedPendingBuyerCookie(request);
}
