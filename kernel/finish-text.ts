/*
 * The order-finish text (issue 26, spec extensions "Order-finish page"): the shop's thank-you text on the
 * finish page, edited in the operator console. No HTML sanitiser is among the app's dependencies, so the
 * text is plain text: paragraphs separated by a blank line, line breaks inside them. The page renders it
 * as text (React escapes it), so markup typed into it shows as typed and can never run.
 */

/** The longest text the console stores. */
export const FINISH_TEXT_MAX_LENGTH = 4000;

/** The placeholders filled per order. */
export const FINISH_TEXT_PLACEHOLDERS = ["{firstName}", "{orderNumber}"] as const;

/** The demo shop's text (shop settings default; the console replaces it). */
export const DEMO_FINISH_TEXT =
  "Thank you, {firstName}! Your order {orderNumber} is in good hands: we pack it with care and let you know as soon as it ships.\n\n" +
  "Questions about your order? Reply to your confirmation email and mention {orderNumber}.";

/**
 * The text as stored: line ends unified, white space at the ends of lines dropped, at most one blank line
 * between paragraphs, no blank lines at the start or end. (Control characters are refused by the form's
 * schema before this.)
 */
export function normaliseFinishText(input: string): string {
  return input
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/u, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Fills the placeholders for one order; any other text in braces stays as it is. */
export function fillFinishText(text: string, values: { firstName: string; orderNumber: string }): string {
  return text.replace(/\{(firstName|orderNumber)\}/g, (_match, name: "firstName" | "orderNumber") => values[name]);
}

/** The paragraphs of a stored text, each a list of lines (how the page shows it). */
export function finishTextParagraphs(text: string): string[][] {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split("\n"))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
}
