/** UI text of the B2B pending orders page (`customer.pendingOrders.*`, sent with the account pages); `de` has the same keys. */
export const b2bPendingOrdersEn = {
  "customer.pendingOrders.title": "Pending orders",
};

export const b2bPendingOrdersDe: Record<keyof typeof b2bPendingOrdersEn, string> = {
  "customer.pendingOrders.title": "Offene Freigaben",
};
