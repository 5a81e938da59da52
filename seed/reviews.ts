import { pickOne, randomFor, randomInt } from "./random";

/** Reviews are dated relative to this day, not to "now", so every import produces the same rows. */
export const REVIEW_REFERENCE_DATE = new Date("2026-11-01T00:00:00Z");

type Sentiment = "positive" | "mixed" | "critical";

interface ReviewText {
  sentiment: Sentiment;
  title: string;
  content: string;
}

/** Worded so that they fit any product in the shop, from a tent to a memory module. */
const REVIEW_TEXTS: readonly ReviewText[] = [
  {
    sentiment: "positive",
    title: "Exactly as described",
    content:
      "Arrived well packed and matches the photos and the description. The quality feels better than the price suggests.",
  },
  {
    sentiment: "positive",
    title: "Great value",
    content:
      "I compared a few options before buying and I'm glad I picked this one. Solid build, and it has held up well to daily use so far.",
  },
  {
    sentiment: "positive",
    title: "Would buy again",
    content:
      "This is the second one I've ordered; the first went to my brother as a gift. Quick delivery and no surprises.",
  },
  {
    sentiment: "positive",
    title: "Really happy with it",
    content: "Looks even better in person and feels well made. It was ready to use within a couple of minutes.",
  },
  {
    sentiment: "positive",
    title: "Better than expected",
    content:
      "I wasn't sure what to expect at this price, but it has won me over. The small details are nicely finished.",
  },
  {
    sentiment: "positive",
    title: "Does the job perfectly",
    content: "No complaints after several weeks of use. Simple, reliable and easy to look after.",
  },
  {
    sentiment: "positive",
    title: "Lovely quality",
    content:
      "The materials feel sturdy and the finish is clean. It has become one of those things I use every day without thinking about it.",
  },
  {
    sentiment: "positive",
    title: "Fast delivery, great product",
    content:
      "Ordered on a Monday and it was here by Wednesday. The product itself is just as good as the other reviews said.",
  },
  {
    sentiment: "positive",
    title: "Good choice",
    content:
      "It took me a while to decide, but this was the right call. Good quality, and it fits in well with what I already have.",
  },
  {
    sentiment: "positive",
    title: "Recommended",
    content: "I've already recommended it to two friends. Reliable, good-looking and fairly priced.",
  },
  {
    sentiment: "mixed",
    title: "Good, with small flaws",
    content:
      "Overall I'm satisfied, although the finish has a couple of small imperfections. For the price it's acceptable.",
  },
  {
    sentiment: "mixed",
    title: "Decent, but not perfect",
    content: "It works as advertised, but I expected it to feel a little sturdier. Fine for occasional use.",
  },
  {
    sentiment: "mixed",
    title: "Okay for the price",
    content: "Nothing special, but nothing wrong with it either. Delivery took a few days longer than promised.",
  },
  {
    sentiment: "critical",
    title: "Not quite right for me",
    content:
      "The product is fine in itself, but it didn't suit what I needed. Customer service was helpful with the return.",
  },
  {
    sentiment: "critical",
    title: "Expected more",
    content:
      "Smaller than I pictured from the photos, so check the measurements before ordering. It works, but I'm not convinced.",
  },
];

/**
 * Reviews written in German, so the demo shows the Translate button on English pages (and English
 * reviews get one on German pages). Their language is detected at import, like any review's.
 */
const GERMAN_REVIEW_TEXTS: readonly ReviewText[] = [
  {
    sentiment: "positive",
    title: "Genau wie beschrieben",
    content: "Kam gut verpackt an und entspricht den Fotos und der Beschreibung. Die Qualität ist besser, als der Preis vermuten lässt.",
  },
  {
    sentiment: "positive",
    title: "Sehr zufrieden",
    content: "Schnelle Lieferung, solide verarbeitet und nach ein paar Minuten einsatzbereit. Ich würde es jederzeit wieder kaufen.",
  },
  {
    sentiment: "positive",
    title: "Klare Empfehlung",
    content: "Ich benutze es seit einigen Wochen jeden Tag und habe nichts auszusetzen. Einfach, zuverlässig und leicht zu pflegen.",
  },
  {
    sentiment: "mixed",
    title: "Gut, mit kleinen Schwächen",
    content: "Insgesamt ordentlich, aber die Anleitung könnte besser sein. Für den Preis bin ich trotzdem zufrieden.",
  },
  {
    sentiment: "critical",
    title: "Hatte mehr erwartet",
    content: "Die Verarbeitung wirkt etwas billig und es sieht anders aus als auf den Bildern. Für mich leider nicht das Richtige.",
  },
];

/** About this share of the demo reviews is in German. */
const GERMAN_SHARE = 0.3;

/**
 * Products with a long review history, so the reviews tab has several pages (10 per page). The other
 * products keep 3 to 5 reviews.
 */
const LONG_REVIEW_HISTORY: Readonly<Record<string, number>> = { "dome-tent-2-person": 23 };

const AUTHOR_NAMES: readonly string[] = [
  "Anna K.",
  "Jonas M.",
  "Sophie L.",
  "Lukas B.",
  "Emma R.",
  "Noah S.",
  "Mia W.",
  "Felix H.",
  "Clara D.",
  "Ben T.",
  "Lea F.",
  "Paul G.",
  "Hannah V.",
  "Elias N.",
  "Marie P.",
  "Leon J.",
  "Sara O.",
  "David C.",
  "Julia E.",
  "Tom A.",
  "Nina Z.",
  "Oliver Q.",
  "Laura I.",
  "Max U.",
];

export interface GeneratedReview {
  authorName: string;
  title: string;
  content: string;
  rating: number;
  createdAt: Date;
}

const MINUTE_MS = 60 * 1000;

/** 3 to 5 reviews for a product, the same for the same slug on every run. */
export function generateReviews(productSlug: string): GeneratedReview[] {
  const random = randomFor(`reviews:${productSlug}`);
  const count = randomInt(random, 3, 5);
  const unusedTexts = [...REVIEW_TEXTS];
  const unusedAuthors = [...AUTHOR_NAMES];
  const reviews: GeneratedReview[] = [];
  for (let i = 0; i < count; i++) {
    let rating = pickRating(random);
    const text = takeOne(random, unusedTexts, (t) => t.sentiment === sentimentOf(rating));
    // The pool has only a few critical texts; if they ran out, keep text and stars consistent.
    if (text.sentiment !== sentimentOf(rating)) rating = FALLBACK_RATING[text.sentiment];
    const authorName = takeOne(random, unusedAuthors, () => true);
    const ageMinutes = randomInt(random, 0, 365 * 24 * 60 - 1);
    reviews.push({
      authorName,
      title: text.title,
      content: text.content,
      rating,
      createdAt: new Date(REVIEW_REFERENCE_DATE.getTime() - ageMinutes * MINUTE_MS),
    });
  }
  // Separate random streams: the reviews above (their stars, authors and dates) stay as they always were.
  const history = randomFor(`review-history:${productSlug}`);
  for (let i = reviews.length; i < (LONG_REVIEW_HISTORY[productSlug] ?? 0); i++) {
    const rating = pickRating(history);
    const text = pickOne(history, REVIEW_TEXTS.filter((t) => t.sentiment === sentimentOf(rating)));
    const ageMinutes = randomInt(history, 0, 2 * 365 * 24 * 60 - 1);
    reviews.push({
      authorName: pickOne(history, AUTHOR_NAMES),
      title: text.title,
      content: text.content,
      rating,
      createdAt: new Date(REVIEW_REFERENCE_DATE.getTime() - ageMinutes * MINUTE_MS),
    });
  }
  const language = randomFor(`review-language:${productSlug}`);
  const germanTexts = [...GERMAN_REVIEW_TEXTS];
  for (const review of reviews) {
    if (language() >= GERMAN_SHARE || germanTexts.length === 0) continue;
    const text = takeOne(language, germanTexts, (t) => t.sentiment === sentimentOf(review.rating));
    if (text.sentiment !== sentimentOf(review.rating)) {
      germanTexts.push(text);
      continue;
    }
    review.title = text.title;
    review.content = text.content;
  }
  return reviews;
}

/** Roughly 45 % five stars, 35 % four, 12 % three, 8 % two, like a well-liked shop. */
function pickRating(random: () => number): number {
  const roll = random();
  if (roll < 0.45) return 5;
  if (roll < 0.8) return 4;
  if (roll < 0.92) return 3;
  return 2;
}

const FALLBACK_RATING: Record<Sentiment, number> = { positive: 4, mixed: 3, critical: 2 };

function sentimentOf(rating: number): Sentiment {
  if (rating >= 4) return "positive";
  return rating === 3 ? "mixed" : "critical";
}

/** Removes and returns a random matching item, so one product never shows the same text or author twice. */
function takeOne<T>(random: () => number, items: T[], matches: (item: T) => boolean): T {
  const candidates = items.filter(matches);
  const chosen = pickOne(random, candidates.length > 0 ? candidates : items);
  items.splice(items.indexOf(chosen), 1);
  return chosen;
}
