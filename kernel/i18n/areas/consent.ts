/** UI text of the cookie consent bar and settings panel; `de` has the same keys. */
export const consentEn = {
  "consent.region": "Cookie consent",
  "consent.text": "We use cookies so the shop works and, if you agree, for comfort features such as your wishlist on this device.",
  "consent.deny": "Deny",
  "consent.configure": "Configure",
  "consent.acceptAll": "Accept all cookies",
  "consent.panel": "Cookie settings",
  "consent.intro": "Choose which cookies we may use. Technically required cookies are always on.",
  "consent.save": "Save selection",
  "consent.loading": "Loading cookie settings…",
  "consent.error": "The cookie settings could not be loaded. Please try again.",
  "consent.expires": "{days} days",
  "footer.cookieSettings": "Cookie settings",
} as const;

export const consentDe: Record<keyof typeof consentEn, string> = {
  "consent.region": "Cookie-Zustimmung",
  "consent.text": "Wir verwenden Cookies, damit der Shop funktioniert, und mit Ihrer Zustimmung für Komfortfunktionen wie Ihren Merkzettel auf diesem Gerät.",
  "consent.deny": "Ablehnen",
  "consent.configure": "Anpassen",
  "consent.acceptAll": "Alle Cookies akzeptieren",
  "consent.panel": "Cookie-Einstellungen",
  "consent.intro": "Wählen Sie, welche Cookies wir verwenden dürfen. Technisch erforderliche Cookies sind immer aktiv.",
  "consent.save": "Auswahl speichern",
  "consent.loading": "Cookie-Einstellungen werden geladen …",
  "consent.error": "Die Cookie-Einstellungen konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
  "consent.expires": "{days} Tage",
  "footer.cookieSettings": "Cookie-Einstellungen",
};
