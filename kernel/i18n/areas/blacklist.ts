/** UI text of one area (see ../en.ts); `de` has the same keys. Registration and address blacklists (issue 26, CONTRACT §8). */
export const blacklistEn = {
  "form.error.blacklisted": 'The value "{word}" is not allowed in this field.',
} as const;

export const blacklistDe: Record<keyof typeof blacklistEn, string> = {
  "form.error.blacklisted": 'Der Wert „{word}“ ist in diesem Feld nicht erlaubt.',
};
