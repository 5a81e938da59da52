import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import type { ReviewTranslationAnswer } from "../translation/service";
import { limitRequest, REQUEST_LIMITS } from "./rate-limit";
import { describeIssues, isXhr } from "./errors";
import { readJson } from "./json-body";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { requestLocale } from "./locale";

/*
 * POST frontend.product.review.translate, JSON {reviewId} (spec extensions "Review translation"):
 * 200 ReviewTranslationAnswer in the shopper's language (the page's locale), else 4xx/5xx
 * `{errors: [{status, message}]}`: 400 bad body, 403 not from our scripts, 404 unknown or unpublished
 * review, 409 already in the shopper's language, 415 not JSON, 429 too many (REQUEST_LIMITS), 503 no translation
 * service configured, 502 the service failed. The answer is the same for everyone: cacheable privately.
 */

export type { ReviewTranslationAnswer };

export const TranslateReviewBody = z.object(
  { reviewId: z.uuid({ message: "must be a review id" }) },
  { message: 'must be a JSON object like {"reviewId": "…"}' },
);

export function registerReviewEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "reviewTranslation" | "config" | "rateLimiter">) {
  const { reviewTranslation } = services;
  const fail = (c: Context, status: ContentfulStatusCode, message: string) =>
    c.json({ errors: [{ status, message }] }, status, { "Cache-Control": CACHE_CONTROL.noStore });

  app.post(routeNames["frontend.product.review.translate"], async (c) => {
    if (!isXhr(c)) return fail(c, 403, "This request did not come from our shop's pages, so it was refused.");
    if (!reviewTranslation) return fail(c, 503, "Reviews cannot be translated in this shop.");
    const json = await readJson(c, (status, message) => fail(c, status, message));
    if (!json.ok) return json.response;
    const body = TranslateReviewBody.safeParse(json.body);
    if (!body.success) return fail(c, 400, `The request is not valid: ${describeIssues(body.error)}.`);
    const refused = await limitRequest(c, services, REQUEST_LIMITS.reviewTranslation);
    if (refused) return refused;
    const locale = requestLocale(c);
    const result = await reviewTranslation.translate(body.data.reviewId, locale);
    if (result.ok) return c.json<ReviewTranslationAnswer>(result.translation, 200, { "Cache-Control": CACHE_CONTROL.reviewTranslation });
    switch (result.reason) {
      case "unknown-review":
        return fail(c, 404, "This review does not exist or is not published.");
      case "same-language":
        return fail(c, 409, "This review is already written in your language.");
      case "provider-failed":
        return fail(c, 502, "The translation service did not answer. Please try again later.");
    }
  });
}
