import type { Locale } from "../../kernel/i18n/locales";

/** One of the shop's legal pages: terms and conditions, or privacy. */
export type LegalPageKind = "terms" | "privacy";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/**
 * The demo shop's terms and privacy texts, per language: our own texts, kept here rather than with the UI
 * text so they travel only with their pages (and the ajax modals that show them), not with every page.
 */
const texts: Record<LegalPageKind, Record<Locale, LegalSection[]>> = {
  terms: {
    en: [
      {
        heading: "1. Scope",
        paragraphs: [
          "These terms apply to every order placed in the Vitrine demo shop. Vitrine is a demonstration: products are fictional, no goods are delivered and no payment is taken.",
        ],
      },
      {
        heading: "2. Contract",
        paragraphs: [
          "The products shown are not a binding offer. By pressing Submit order you make a binding offer to buy the goods in your cart; the contract is concluded when we confirm the order by email.",
        ],
      },
      {
        heading: "3. Prices and shipping",
        paragraphs: ["All prices include the statutory VAT. Shipping costs are added once per order and shown before you submit it."],
      },
      {
        heading: "4. Right of withdrawal",
        paragraphs: ["Consumers may withdraw from the contract within 14 days without giving a reason. The period begins on the day the goods are received."],
      },
    ],
    de: [
      {
        heading: "1. Geltungsbereich",
        paragraphs: [
          "Diese Bedingungen gelten für jede Bestellung im Vitrine-Demoshop. Vitrine ist eine Vorführung: Die Produkte sind erfunden, es wird nichts geliefert und nichts berechnet.",
        ],
      },
      {
        heading: "2. Vertragsschluss",
        paragraphs: [
          "Die gezeigten Produkte sind kein bindendes Angebot. Mit Bestellung abschicken geben Sie ein bindendes Angebot für die Waren im Warenkorb ab; der Vertrag kommt mit unserer Bestätigung per E-Mail zustande.",
        ],
      },
      {
        heading: "3. Preise und Versand",
        paragraphs: ["Alle Preise enthalten die gesetzliche Mehrwertsteuer. Versandkosten fallen einmal pro Bestellung an und werden vor dem Abschicken angezeigt."],
      },
      {
        heading: "4. Widerrufsrecht",
        paragraphs: ["Verbraucher können den Vertrag binnen 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt mit dem Erhalt der Waren."],
      },
    ],
  },
  privacy: {
    en: [
      {
        heading: "What we store",
        paragraphs: [
          "We store what you enter to order: your name, addresses and email address, and your orders. Without an account, the data of a guest order is kept only as long as the law requires.",
        ],
      },
      {
        heading: "Cookies and statistics",
        paragraphs: [
          "Technically necessary cookies keep your cart and session. Statistics and marketing cookies are set only after you agree to them in the cookie settings; visitor counts are stored without IP addresses.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: ["You may ask what we store about you, have it corrected or deleted, and withdraw your consent at any time through the contact form."],
      },
    ],
    de: [
      {
        heading: "Was wir speichern",
        paragraphs: [
          "Wir speichern, was Sie zum Bestellen angeben: Name, Adressen, E-Mail-Adresse und Ihre Bestellungen. Ohne Kundenkonto bleiben die Daten einer Gastbestellung nur so lange, wie das Gesetz es verlangt.",
        ],
      },
      {
        heading: "Cookies und Statistik",
        paragraphs: [
          "Technisch notwendige Cookies halten Warenkorb und Sitzung. Statistik- und Marketing-Cookies setzen wir erst nach Ihrer Zustimmung in den Cookie-Einstellungen; Besuche zählen wir ohne IP-Adressen.",
        ],
      },
      {
        heading: "Ihre Rechte",
        paragraphs: ["Sie können jederzeit über das Kontaktformular erfragen, was wir über Sie speichern, es berichtigen oder löschen lassen und Ihre Einwilligung widerrufen."],
      },
    ],
  },
};

export function legalSections(kind: LegalPageKind, locale: Locale): LegalSection[] {
  return texts[kind][locale];
}
