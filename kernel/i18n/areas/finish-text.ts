/** UI text of one area (see ../en.ts); `de` has the same keys. The finish page's thank-you text (issue 26). */
export const finishTextEn = {
  "checkout.finish.text.heading": "A message from the shop",
  "checkout.finish.text.loading": "Loading a message from the shop…",
} as const;

export const finishTextDe: Record<keyof typeof finishTextEn, string> = {
  "checkout.finish.text.heading": "Eine Nachricht vom Shop",
  "checkout.finish.text.loading": "Eine Nachricht vom Shop wird geladen…",
};
