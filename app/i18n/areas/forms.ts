/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const formsEn = {} as const;

export const formsDe: Record<keyof typeof formsEn, string> = {};
