import type { QuoteDetail, QuoteSummary } from "../../../../server/b2b/quotes/types";

/** Quotes as the service answers them, for the views' tests. */

export const ANSWERED: QuoteSummary = {
  id: "0b8e3c2a-5d4f-4a61-9c1e-2f7a8b9c0d11",
  number: 20001,
  numberLabel: "Q-20001",
  status: "replied",
  displayStatus: "replied",
  currency: "EUR",
  totalGross: 107_910,
  validUntil: "2026-12-31",
  requesterId: null,
  requesterName: "Northwind Trading",
  lineCount: 1,
  createdAt: "2026-11-20T09:15:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
};

export const EXPIRED: QuoteSummary = {
  ...ANSWERED,
  id: "1c9f4d3b-6e5a-4b72-8d2f-3a8b9c0d1e22",
  number: 20002,
  numberLabel: "Q-20002",
  validUntil: "2026-11-01",
  displayStatus: "expired",
  requesterName: "Mara Lind",
};

export function detailOf(summary: QuoteSummary, overrides: Partial<QuoteDetail> = {}): QuoteDetail {
  const open = summary.displayStatus !== "expired" && summary.status === "replied";
  return {
    ...summary,
    lines: [
      {
        id: "2d0a5e4c-7f6b-4c83-9e3a-4b9c0d1e2f33",
        variantId: "3e1b6f5d-8a7c-4d94-8f4b-5c0d1e2f3a44",
        productNumber: "SW-1001",
        label: "Office chair Ergo",
        quantity: 10,
        listUnitGross: 11_990,
        discountBasisPoints: 1000,
        quotedUnitGross: 10_791,
        totalGross: 107_910,
      },
    ],
    totals: { positionsGross: 119_900, discountGross: 11_990, totalGross: 107_910 },
    comments: [
      { id: "c1", authorKind: "customer", authorName: "Mara Lind", text: "Ten chairs, please.", createdAt: "2026-11-20T09:15:00.000Z" },
      { id: "c2", authorKind: "shop", authorName: "Vitrine", text: "10 % off for ten.", createdAt: "2026-11-21T10:00:00.000Z" },
    ],
    orderId: null,
    actions: { review: false, reply: false, accept: open, decline: open, requestChanges: open },
    ...overrides,
  };
}
