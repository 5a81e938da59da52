/** UI text of one area (see ../en.ts); `de` has the same keys. */
export const inputsEn = {
  // Date picker (form pages).
  "form.date.birthday": "Birthday",
  // Tax-info link and modal (every page: the price notes are everywhere).
  "taxInfo.link": "plus shipping costs",
  "taxInfo.footerNote": "* All prices incl. VAT {link}.",
  "taxInfo.productNote": "Prices incl. {rate}% VAT {link}",
  "taxInfo.title": "Shipping and payment",
  "taxInfo.lead": "We deliver with these shipping methods; their costs are charged once per order.",
  "taxInfo.shippingTitle": "Shipping costs",
  "taxInfo.method": "Shipping method",
  "taxInfo.deliveryTime": "Delivery time",
  "taxInfo.price": "Costs",
  "taxInfo.free": "Free",
  "taxInfo.freeFrom": "Free from an order value of {amount}",
  "taxInfo.paymentTitle": "Payment methods",
  "taxInfo.noSurcharge": "No extra charge.",
  "taxInfo.vatNote": "All prices include the statutory VAT.",
} as const;

export const inputsDe: Record<keyof typeof inputsEn, string> = {
  "form.date.birthday": "Geburtstag",
  "taxInfo.link": "zzgl. Versandkosten",
  "taxInfo.footerNote": "* Alle Preise inkl. MwSt. {link}.",
  "taxInfo.productNote": "Preise inkl. {rate} % MwSt. {link}",
  "taxInfo.title": "Versand und Zahlung",
  "taxInfo.lead": "Wir liefern mit diesen Versandarten; die Versandkosten fallen einmal pro Bestellung an.",
  "taxInfo.shippingTitle": "Versandkosten",
  "taxInfo.method": "Versandart",
  "taxInfo.deliveryTime": "Lieferzeit",
  "taxInfo.price": "Kosten",
  "taxInfo.free": "Kostenlos",
  "taxInfo.freeFrom": "Kostenlos ab einem Bestellwert von {amount}",
  "taxInfo.paymentTitle": "Zahlungsarten",
  "taxInfo.noSurcharge": "Ohne Aufpreis.",
  "taxInfo.vatNote": "Alle Preise enthalten die gesetzliche Mehrwertsteuer.",
};
