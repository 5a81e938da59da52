import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { product } from "../catalog/tables";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { runReviewCommand } from "../reviews/command";
import { review } from "../reviews/tables";
import { createServices, type AppServices } from "../services";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { doubleTranslation, startTranslationDouble, type TranslationDouble } from "../translation/provider-double";
import { reviewTranslation } from "../translation/tables";
import { createRateLimiter } from "../rate-limit/limiter";
import type { ReviewTranslationAnswer } from "./reviews";

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE, "Content-Type": "application/json" };
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000f00d";

describe.each(availableBackends())("reviews and review translation on %s", (backend) => {
  let database: TestDatabase;
  let double: TranslationDouble;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let servicesWithout: AppServices;
  let appWithout: ReturnType<typeof createApp>;
  let tentId: string;
  let tentVariantId: string;
  let customerId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    double = await startTranslationDouble();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-reviews-"));
    const env = { DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" };
    const build = () => Promise.reject(new Error("no pages in this test"));
    services = await createServices({ ...loadConfig({ ...env, LIBRETRANSLATE_URL: double.url }), mediaDir: TEST_MEDIA_DIR }, createLogger("silent"), database.handle);
    app = createApp({ services, build });
    servicesWithout = await createServices({ ...loadConfig(env), mediaDir: TEST_MEDIA_DIR }, createLogger("silent"), database.handle);
    appWithout = createApp({ services: servicesWithout, build });
    const [tent] = await queryRows<{ id: string; variant_id: string }>(
      database.handle.db,
      sql`select p.id, v.id as variant_id from product p join product_variant v on v.product_id = p.id where p.slug = 'dome-tent-2-person' limit 1`,
    );
    tentId = tent!.id;
    tentVariantId = tent!.variant_id;
    const countryId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    const registered = await services.customers.register(
      {
        guest: false,
        firstName: "Erika",
        lastName: "Mustermann",
        email: `reviews-${backend}-${Date.now()}@example.com`,
        password: "correct horse",
        passwordConfirmation: "correct horse",
        billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId },
      },
      { clientIp: "198.51.100.77" },
    );
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    customerId = registered.customer.id;
  });
  afterAll(async () => {
    await double?.close();
    await database?.close();
  });

  const tentAggregates = async () => {
    const [row] = await database.handle.db.select({ average: product.ratingAverageCenti, count: product.reviewCount }).from(product).where(eq(product.id, tentId));
    return row!;
  };

  it("serves the demo tent's 23 approved reviews in pages of 10, newest first; a page past the end shows the last", async () => {
    const first = (await services.catalog.productPage(tentVariantId, 1))!.reviews;
    expect(first).toMatchObject({ count: 23, page: 1, pageCount: 3 });
    expect(first.items).toHaveLength(10);
    expect(first.distribution.reduce((a, b) => a + b, 0)).toBe(23);
    const third = (await services.catalog.productPage(tentVariantId, 3))!.reviews;
    expect(third.items).toHaveLength(3);
    const dates = [...first.items, ...(await services.catalog.productPage(tentVariantId, 2))!.reviews.items, ...third.items].map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.items, ...third.items].map((r) => r.id)).size).toBe(13);
    expect((await services.catalog.productPage(tentVariantId, 99))!.reviews.page).toBe(3);
    // The demo reviews' languages were detected at import: some are German.
    const languages = await queryRows<{ language: string }>(database.handle.db, sql`select distinct language from review order by language`);
    expect(languages.map((l) => l.language)).toEqual(["de", "en"]);
  });

  it("keeps a written review pending (not public, not counted) until approved; writing again replaces it", async () => {
    const before = await tentAggregates();
    const refused = await services.reviews.submit({ customerId, name: "Erika M." }, tentId, { rating: "0", title: "", content: "short" });
    expect(refused).toEqual({ ok: false, reason: "invalid", errors: { rating: "rating-required", title: "title-required", content: "content-too-short" } });
    expect(await services.reviews.submit({ customerId, name: "Erika M." }, UNKNOWN_ID, { rating: "5", title: "Fine", content: "A perfectly fine product for the money." })).toEqual({
      ok: false,
      reason: "unknown-product",
    });

    const first = await services.reviews.submit({ customerId, name: "Erika M." }, tentId, { rating: "5", title: "Stays dry", content: "Two nights of rain and the inside stayed completely dry." });
    expect(first).toMatchObject({ ok: true, replaced: false });
    const second = await services.reviews.submit({ customerId, name: "Erika M." }, tentId, { rating: "4", title: "Hält dicht", content: "Zwei Nächte Regen und innen blieb alles trocken. Der Aufbau dauert etwas." });
    expect(second).toMatchObject({ ok: true, replaced: true });
    if (!first.ok || !second.ok) throw new Error("not stored");
    expect(second.reviewId).toBe(first.reviewId);
    const [stored] = await database.handle.db.select().from(review).where(eq(review.id, first.reviewId));
    expect(stored).toMatchObject({ status: "pending", rating: 4, language: "de", authorName: "Erika M.", customerId });
    expect(await tentAggregates()).toEqual(before);
    const pending = await services.reviews.listPending();
    expect(pending.map((r) => r.id)).toContain(first.reviewId);

    expect(await runReviewCommand(["approve", first.reviewId], services.reviews)).toBe(`Review ${first.reviewId} is published.`);
    const after = await tentAggregates();
    expect(after.count).toBe(before.count + 1);
    const ratings = await queryRows<{ avg: number }>(database.handle.db, sql`select round(avg(rating) * 100)::int as avg from review where product_id = ${tentId} and status = 'approved'`);
    expect(after.average).toBe(ratings[0]!.avg);
    const page = await servicesWithout.catalog.productPage(tentVariantId, 1);
    expect(page!.reviews.items[0]).toMatchObject({ id: first.reviewId, title: "Hält dicht", language: "de" });

    await expect(runReviewCommand(["reject", UNKNOWN_ID], services.reviews)).rejects.toThrow(/no review/);
    await expect(runReviewCommand(["approve", "nonsense"], services.reviews)).rejects.toThrow(/give the review's id/);
    await runReviewCommand(["reject", first.reviewId], services.reviews);
    expect(await tentAggregates()).toEqual(before);
    await runReviewCommand(["approve", first.reviewId], services.reviews);
  });

  const translate = (target: ReturnType<typeof createApp>, body: unknown, headers: Record<string, string> = {}) =>
    target.request(`${BASE}/product/review/translate`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { ...xhr, ...headers } });

  async function germanReviewId(): Promise<string> {
    const [row] = await database.handle.db.select({ id: review.id }).from(review).where(and(eq(review.language, "de"), eq(review.status, "approved"))).limit(1);
    return row!.id;
  }

  it("translates a review into the shopper's language through the provider and caches it while the text is unchanged", async () => {
    const reviewId = await germanReviewId();
    const [original] = await database.handle.db.select().from(review).where(eq(review.id, reviewId));
    const sent = double.received.length;
    const response = await translate(app, { reviewId }, { Cookie: "language=en" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ReviewTranslationAnswer;
    expect(answer).toEqual({
      id: reviewId,
      title: doubleTranslation(original!.title, "en"),
      content: doubleTranslation(original!.content, "en"),
      comment: null,
      language_name: "German",
      provider: "LibreTranslate",
    });
    expect(double.received.at(-1)!.body).toMatchObject({ source: "de", target: "en", q: [original!.title, original!.content, ""] });

    expect(await (await translate(app, { reviewId }, { Cookie: "language=en" })).json()).toEqual(answer);
    expect(double.received.length).toBe(sent + 1);
    const cached = await database.handle.db.select().from(reviewTranslation).where(eq(reviewTranslation.reviewId, reviewId));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({ targetLocale: "en", provider: "libretranslate" });

    await database.handle.db.update(review).set({ comment: "Danke für Ihre Bewertung!" }).where(eq(review.id, reviewId));
    const changed = (await (await translate(app, { reviewId }, { Cookie: "language=en" })).json()) as ReviewTranslationAnswer;
    expect(changed.comment).toBe(doubleTranslation("Danke für Ihre Bewertung!", "en"));
    expect(double.received.length).toBe(sent + 2);
    await database.handle.db.update(review).set({ comment: null }).where(eq(review.id, reviewId));
  });

  it("answers 4xx with a sentence for bad requests and 502 when the service fails", async () => {
    const reviewId = await germanReviewId();
    const sentence = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { errors: { status: number; message: string }[] };
      expect(body.errors[0]!.message).toMatch(/^[A-Z].{10,}\.$/);
      return body.errors[0]!.message;
    };
    expect(await sentence(await translate(app, { reviewId: UNKNOWN_ID }), 404)).toMatch(/does not exist/);
    expect(await sentence(await translate(app, { reviewId: "x" }), 400)).toMatch(/reviewId: must be a review id/);
    await sentence(await translate(app, "{nope"), 400);
    await sentence(await translate(app, { reviewId }, { "Content-Type": "text/plain" }), 415);
    await sentence(await app.request(`${BASE}/product/review/translate`, { method: "POST", body: JSON.stringify({ reviewId }), headers: { Origin: BASE, "Content-Type": "application/json" } }), 403);
    expect(await sentence(await translate(app, { reviewId }, { Cookie: "language=de" }), 409)).toMatch(/already written in your language/);
    expect(await sentence(await translate(appWithout, { reviewId }), 503)).toMatch(/cannot be translated/);

    const [english] = await database.handle.db.select({ id: review.id }).from(review).where(eq(review.language, "en")).limit(1);
    double.failWith(500);
    try {
      expect(await sentence(await translate(app, { reviewId: english!.id }, { Cookie: "language=de" }), 502)).toMatch(/did not answer/);
    } finally {
      double.failWith(null);
    }
    const recovered = (await (await translate(app, { reviewId: english!.id }, { Cookie: "language=de" })).json()) as ReviewTranslationAnswer;
    expect(recovered.language_name).toBe("Englisch");
    expect(recovered.title.startsWith("[DE · test double] ")).toBe(true);
  });

  it("answers 429 to the 31st translation request of a minute", async () => {
    // An hour later: a window of its own, untouched by the tests above.
    const later = new Date(Date.now() + 60 * 60_000);
    const limited = createApp({ services: { ...services, rateLimiter: createRateLimiter(database.handle.db, () => later) }, build: () => Promise.reject(new Error("no pages in this test")) });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await translate(limited, { reviewId: UNKNOWN_ID })).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const refused = await translate(limited, { reviewId: UNKNOWN_ID });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/more than 30 translations in a minute\. Please try again in 60 seconds\./);
    expect(refused.headers.get("retry-after")).toBe("60");
  });
});
