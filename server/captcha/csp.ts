import type { CaptchaProviderConfig } from "../config.server";

export interface CaptchaOrigins {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

/**
 * What the Content-Security-Policy must allow for the configured captcha provider, and nothing when
 * none is configured: a shop without reCAPTCHA never lets Google's scripts run.
 * reCAPTCHA: https://developers.google.com/recaptcha/docs/faq (CSP). Friendly Captcha's SDK is bundled
 * (a script of our own origin); its widget and agent run in frames of its API hosts (`*.frcapi.com`).
 */
export function captchaProviderOrigins(provider: CaptchaProviderConfig | undefined): CaptchaOrigins {
  if (provider?.kind === "recaptcha") {
    return {
      scriptSrc: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      frameSrc: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
      connectSrc: [],
    };
  }
  if (provider?.kind === "friendly-captcha") {
    return { scriptSrc: [], frameSrc: ["https://*.frcapi.com"], connectSrc: ["https://*.frcapi.com"] };
  }
  return { scriptSrc: [], frameSrc: [], connectSrc: [] };
}
