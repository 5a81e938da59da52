/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const addressBookEn = {} as const;

export const addressBookDe: Record<keyof typeof addressBookEn, string> = {};
