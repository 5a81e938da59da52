/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const legalEn = {
  // Legal pages and the ajax modals that show them (issue 26, CONTRACT §8).
  "legal.terms": "Terms and conditions",
  "legal.privacy": "Privacy",
  "legal.seeAlso": "See also:",
  "ajaxModal.back": "Back",
  "ajaxModal.loading": "Loading…",
  "ajaxModal.error": "This content could not be loaded. Please try again in a moment.",
} as const;

export const legalDe: Record<keyof typeof legalEn, string> = {
  "legal.terms": "Allgemeine Geschäftsbedingungen",
  "legal.privacy": "Datenschutz",
  "legal.seeAlso": "Siehe auch:",
  "ajaxModal.back": "Zurück",
  "ajaxModal.loading": "Wird geladen…",
  "ajaxModal.error": "Dieser Inhalt konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.",
};
