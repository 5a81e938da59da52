import { z } from "zod";
import { plainText } from "../forms/text";

/** Lengths the review form enforces; the page repeats them as `minLength`/`maxLength`. */
export const REVIEW_LIMITS = {
  titleMax: 100,
  /** A review says something: fewer characters are almost always a slip. */
  contentMin: 20,
  contentMax: 3000,
} as const;

/** Why a review field was refused; the page words it in the shopper's language. */
export type ReviewFieldError =
  | "rating-required"
  | "title-required"
  | "title-too-long"
  | "content-too-short"
  | "content-too-long"
  | "invalid-characters";
export type ReviewFieldErrors = Partial<Record<"rating" | "title" | "content", ReviewFieldError>>;

export const reviewSchema = z.object({
  rating: z.coerce.number("rating-required").int("rating-required").min(1, "rating-required").max(5, "rating-required"),
  title: plainText({ typeMessage: "title-required", message: "invalid-characters" satisfies ReviewFieldError })
    .min(1, "title-required")
    .max(REVIEW_LIMITS.titleMax, "title-too-long"),
  content: plainText({ multiline: true, typeMessage: "content-too-short", message: "invalid-characters" satisfies ReviewFieldError })
    .min(REVIEW_LIMITS.contentMin, "content-too-short")
    .max(REVIEW_LIMITS.contentMax, "content-too-long"),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/** The review form's fields from a submitted form (anything but text reads as absent). */
export function reviewFromForm(form: FormData): Record<string, string | undefined> {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { rating: get("rating") || undefined, title: get("title") ?? "", content: get("content") ?? "" };
}

export type ParsedReview = { ok: true; review: ReviewInput } | { ok: false; errors: ReviewFieldErrors };

export function parseReview(input: Record<string, unknown>): ParsedReview {
  const parsed = reviewSchema.safeParse(input);
  if (parsed.success) return { ok: true, review: parsed.data };
  const errors: ReviewFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ReviewFieldErrors;
    errors[field] ??= issue.message as ReviewFieldError;
  }
  return { ok: false, errors };
}

/** What the page shows again after a refusal: the values as typed, cut to their limits. */
export function reviewValues(input: Record<string, string | undefined>): Record<string, string> {
  return {
    rating: (input.rating ?? "").slice(0, 1),
    title: (input.title ?? "").slice(0, REVIEW_LIMITS.titleMax),
    content: (input.content ?? "").slice(0, REVIEW_LIMITS.contentMax),
  };
}
