/** The code of every basic captcha while the browser tests run (playwright.config.ts sets CAPTCHA_FIXED_CODE). */
export const E2E_CAPTCHA_CODE = "E2ECODE";
