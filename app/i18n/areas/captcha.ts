/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const captchaEn = {} as const;

export const captchaDe: Record<keyof typeof captchaEn, string> = {};
