/** UI text of the quick-order page (`customer.quickOrder.*`, sent with the page); `de` has the same keys. */
export const b2bQuickOrderEn = {
};

export const b2bQuickOrderDe: Record<keyof typeof b2bQuickOrderEn, string> = {
};
