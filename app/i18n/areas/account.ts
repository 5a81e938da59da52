/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const accountEn = {} as const;

export const accountDe: Record<keyof typeof accountEn, string> = {};
