/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const captchaEn = {
  "captcha.image": "Captcha",
  "captcha.input": "Captcha",
  "captcha.hint": "Enter the characters shown in the image. Upper and lower case do not matter.",
  "captcha.reload": "Reload captcha",
  "captcha.reloaded": "A new captcha image was loaded.",
  "captcha.reloadFailed": "A new captcha image could not be loaded. Please try again.",
  "captcha.provider.required": "Please confirm that you are not a robot.",
  "captcha.provider.loading": "The spam protection is loading. The form is sent as soon as it is ready.",
  "captcha.provider.unavailable": "The spam protection could not be loaded. Please check your connection and reload the page.",
  "captcha.provider.expired": "The confirmation has expired. Please confirm again.",
  "captcha.recaptcha.notice": "This form is protected by reCAPTCHA; Google's privacy policy and terms of service apply.",
} as const;

export const captchaDe: Record<keyof typeof captchaEn, string> = {
  "captcha.image": "Captcha",
  "captcha.input": "Captcha",
  "captcha.hint": "Geben Sie die Zeichen aus dem Bild ein. Groß- und Kleinschreibung spielt keine Rolle.",
  "captcha.reload": "Captcha neu laden",
  "captcha.reloaded": "Ein neues Captcha-Bild wurde geladen.",
  "captcha.reloadFailed": "Es konnte kein neues Captcha-Bild geladen werden. Bitte versuchen Sie es erneut.",
  "captcha.provider.required": "Bitte bestätigen Sie, dass Sie kein Roboter sind.",
  "captcha.provider.loading": "Der Spamschutz wird geladen. Das Formular wird gesendet, sobald er bereit ist.",
  "captcha.provider.unavailable": "Der Spamschutz konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.",
  "captcha.provider.expired": "Die Bestätigung ist abgelaufen. Bitte bestätigen Sie erneut.",
  "captcha.recaptcha.notice": "Dieses Formular ist durch reCAPTCHA geschützt; es gelten die Datenschutzerklärung und die Nutzungsbedingungen von Google.",
};
