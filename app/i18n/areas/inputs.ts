/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const inputsEn = {} as const;

export const inputsDe: Record<keyof typeof inputsEn, string> = {};
