import type { Locale } from "../locales";

/**
 * UI text of the AI search page (issue 25). The page's own keys are `form.aiSearch.*`, so they travel
 * with that page's data and not with every page; only the header's link (`header.aiSearch`) is on every
 * page. `de` has the same keys.
 */
export const aiSearchEn = {
  "header.aiSearch": "AI search",
  "form.aiSearch.title": "AI search",
  "form.aiSearch.lead": "Describe the product in your own words: colour, material, brand, price, what it should not have. We turn it into searches and show what each one found.",
  "form.aiSearch.label": "Describe what you are looking for",
  "form.aiSearch.counter": "{count} / {max}",
  "form.aiSearch.submit": "Search",
  "form.aiSearch.searching": "Searching…",
  "form.aiSearch.error": "The search did not work just now. Please try again in a moment.",
  "form.aiSearch.emptyTitle": "No matching products",
  "form.aiSearch.emptyText": "Nothing in the shop matches this description. Try other words, or one of these examples:",
  "form.aiSearch.examples": "For example:",
  "form.aiSearch.termEmpty": "No products match this search.",
  "form.aiSearch.testDouble": "Answers by a test double",
  "form.aiSearch.tooMany": "You have searched very often in the last minute. Please try again in {seconds} seconds.",
} as const;

export const aiSearchDe: Record<keyof typeof aiSearchEn, string> = {
  "header.aiSearch": "KI-Suche",
  "form.aiSearch.title": "KI-Suche",
  "form.aiSearch.lead": "Beschreiben Sie das Produkt mit Ihren eigenen Worten: Farbe, Material, Marke, Preis, was es nicht haben soll. Wir machen daraus Suchen und zeigen, was jede gefunden hat.",
  "form.aiSearch.label": "Beschreiben Sie, was Sie suchen",
  "form.aiSearch.counter": "{count} / {max}",
  "form.aiSearch.submit": "Suchen",
  "form.aiSearch.searching": "Suche läuft…",
  "form.aiSearch.error": "Die Suche hat gerade nicht funktioniert. Bitte versuchen Sie es gleich noch einmal.",
  "form.aiSearch.emptyTitle": "Keine passenden Produkte",
  "form.aiSearch.emptyText": "Zu dieser Beschreibung passt nichts im Shop. Versuchen Sie andere Worte oder eines dieser Beispiele:",
  "form.aiSearch.examples": "Zum Beispiel:",
  "form.aiSearch.termEmpty": "Zu dieser Suche passen keine Produkte.",
  "form.aiSearch.testDouble": "Antworten von einem Test-Double",
  "form.aiSearch.tooMany": "Sie haben in der letzten Minute sehr oft gesucht. Bitte versuchen Sie es in {seconds} Sekunden noch einmal.",
};

/** Descriptions the page offers as links, in the page's language (the offline interpreter reads them). */
export const aiSearchExamples: Record<Locale, readonly string[]> = {
  en: ["black running shoes under 150 euros", "a sofa without leather", "cheapest cameras in stock"],
  de: ["schwarze Laufschuhe unter 150 Euro", "ein Sofa ohne Leder", "günstigste Kameras sofort lieferbar"],
};
