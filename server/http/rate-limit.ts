import type { Context } from "hono";
import { AI_SEARCH_MAX_TERMS } from "../ai-search/service";
import { rateLimitKey, type RateLimitRule } from "../rate-limit/limiter";
import type { AppServices } from "../services";
import { clientIp } from "./client-ip";
import { CACHE_CONTROL } from "./cache-control";

/*
 * Request limits of the endpoints, per client address (issue 25 point 6, docs/decisions/0039): one
 * shared limiter in the database (server/rate-limit/limiter.ts), so every app server counts the same
 * requests. Every limit is here; the attempt limits of logins and resets are in server/customer/throttle.ts.
 */

const MINUTE_MS = 60_000;

/** A rule of an endpoint, with what it counts in words ("searches") for the refusal. */
export interface RequestLimit extends RateLimitRule {
  counted: string;
}

/** Descriptions one address may have read per minute: a shopper types a few; each may cost a model call. */
export const AI_SEARCH_TERMS_PER_IP_PER_MINUTE = 30;

export const REQUEST_LIMITS = {
  /** Review translations (each may cost the shop money at the translation service). */
  reviewTranslation: { name: "translate:ip", limit: 30, windowMs: MINUTE_MS, counted: "translations" },
  aiSearchTerms: { name: "ai-search-terms:ip", limit: AI_SEARCH_TERMS_PER_IP_PER_MINUTE, windowMs: MINUTE_MS, counted: "AI searches" },
  /** Every description's terms get their products: a description asks for up to AI_SEARCH_MAX_TERMS of them. */
  aiSearchProducts: { name: "ai-search-products:ip", limit: AI_SEARCH_TERMS_PER_IP_PER_MINUTE * AI_SEARCH_MAX_TERMS, windowMs: MINUTE_MS, counted: "AI search product lists" },
  /** Photos searched: each costs 50–130 ms of the server's CPU (decoding, hashing, comparing). */
  imageSearch: { name: "image-search:ip", limit: 20, windowMs: MINUTE_MS, counted: "image searches" },
  /** Visitor pings: a browser sends one per 12 hours (kernel/visitor-pinger.ts); many browsers may share an address (NAT). */
  visitorPing: { name: "visitor-ping:ip", limit: 120, windowMs: MINUTE_MS, counted: "visit pings" },
} as const satisfies Record<string, RequestLimit>;

function windowInWords(ms: number): string {
  if (ms === MINUTE_MS) return "a minute";
  if (ms === 60 * MINUTE_MS) return "an hour";
  return ms % (60 * MINUTE_MS) === 0 ? `${ms / (60 * MINUTE_MS)} hours` : `${Math.round(ms / MINUTE_MS)} minutes`;
}

/**
 * Counts this request against `rule` for the client's address (TRUST_PROXY decides which, decision 0007).
 * Null: go on. Past the limit: the 429 to answer, with `Retry-After` and a sentence saying when to retry.
 *
 *     const refused = await limitRequest(c, services, REQUEST_LIMITS.aiSearchTerms);
 *     if (refused) return refused;
 */
export async function limitRequest(c: Context, services: Pick<AppServices, "rateLimiter" | "config">, rule: RequestLimit): Promise<Response | null> {
  const address = clientIp(c, services.config.trustProxy) ?? "unknown";
  const result = await services.rateLimiter.take(rateLimitKey(rule, address));
  if (result.allowed) return null;
  const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  const wait = seconds === 1 ? "1 second" : `${seconds} seconds`;
  const message = `You asked for more than ${rule.limit} ${rule.counted} in ${windowInWords(rule.windowMs)}. Please try again in ${wait}.`;
  return c.json({ errors: [{ status: 429, message }] }, 429, { "Retry-After": String(seconds), "Cache-Control": CACHE_CONTROL.noStore });
}
