/**
 * UI text of the maximum order quantity and of subscriptions (product page, product boxes, cart and
 * order lines); `de` has the same keys.
 */
export const purchaseOptionsEn = {
  "purchase.option": "Purchase option",
  "purchase.oneTime": "One-time purchase",
  "purchase.everyWeek": "Every week",
  "purchase.everyWeeks": "Every {count} weeks",
  "purchase.everyMonth": "Every month",
  "purchase.everyMonths": "Every {count} months",
  "purchase.plan": "{interval} · {discount}% off",
  "purchase.perDelivery": "{price} per delivery",
  "purchase.note": "Demo shop: the subscription is recorded with your order. No later deliveries are placed or charged.",
  "purchase.badge": "Subscribe & save {percent}%",
  "purchase.badgePlain": "Subscription available",
  "purchase.subscription": "Subscription: {plan}",
  "purchase.limit": "You can order at most {max} of this product.",
  "purchase.limitLeft": "Your cart already holds {inCart}: you can add {count} more.",
  "purchase.limitReached": "Your cart already holds the maximum of {max}.",
  "cart.notice.orderLimit": "You can order at most {max} of {name}.",
  "cart.notice.orderLimitInCart": "You can order at most {max} of {name}; your cart already holds {inCart}.",
  "cart.notice.planUnavailable": "This subscription is not offered for {name}.",
} as const;

export const purchaseOptionsDe: Record<keyof typeof purchaseOptionsEn, string> = {
  "purchase.option": "Kaufoption",
  "purchase.oneTime": "Einmalkauf",
  "purchase.everyWeek": "Jede Woche",
  "purchase.everyWeeks": "Alle {count} Wochen",
  "purchase.everyMonth": "Jeden Monat",
  "purchase.everyMonths": "Alle {count} Monate",
  "purchase.plan": "{interval} · {discount} % Rabatt",
  "purchase.perDelivery": "{price} pro Lieferung",
  "purchase.note": "Demo-Shop: Das Abo wird mit Ihrer Bestellung gespeichert. Spätere Lieferungen werden weder ausgelöst noch berechnet.",
  "purchase.badge": "Im Abo {percent} % sparen",
  "purchase.badgePlain": "Im Abo erhältlich",
  "purchase.subscription": "Abo: {plan}",
  "purchase.limit": "Sie können höchstens {max} Stück dieses Produkts bestellen.",
  "purchase.limitLeft": "Ihr Warenkorb enthält bereits {inCart}: Sie können noch {count} hinzufügen.",
  "purchase.limitReached": "Ihr Warenkorb enthält bereits die Höchstmenge von {max}.",
  "cart.notice.orderLimit": "Sie können höchstens {max} × {name} bestellen.",
  "cart.notice.orderLimitInCart": "Sie können höchstens {max} × {name} bestellen; Ihr Warenkorb enthält bereits {inCart}.",
  "cart.notice.planUnavailable": "Dieses Abo wird für {name} nicht angeboten.",
};
