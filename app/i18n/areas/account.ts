/** UI text of the account pages (`customer.*`, sent with the form pages); `de` has the same keys. */
export const accountEn = {
  "customer.nav.label": "Your account",
  "customer.nav.overview": "Overview",
  "customer.nav.profile": "Your profile",
  "customer.nav.addresses": "Addresses",
  "customer.nav.orders": "Orders",
  "customer.overview.title": "Welcome, {name}",
} as const;

export const accountDe: Record<keyof typeof accountEn, string> = {
  "customer.nav.label": "Ihr Konto",
  "customer.nav.overview": "Übersicht",
  "customer.nav.profile": "Persönliches Profil",
  "customer.nav.addresses": "Adressen",
  "customer.nav.orders": "Bestellungen",
  "customer.overview.title": "Willkommen, {name}",
};
