import { describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission } from "../../../../kernel/b2b-permissions";
import { en } from "../../../../kernel/i18n/en";
import { QUOTE_DISPLAY_STATUSES } from "../../../../server/b2b/quotes/states";
import { quoteAbilities, quoteReadScope } from "./quote-access";
import {
  enabledQuoteActions,
  formatDiscount,
  formatQuoteDate,
  quoteNoticeFromQuery,
  quoteNoticeQuery,
  quoteRefusalKey,
  quoteStatusKey,
} from "./quote-format";

describe("quoteStatusKey", () => {
  it("names every display status in words, Expired for an expired quote", () => {
    const labels = QUOTE_DISPLAY_STATUSES.map((status) => en[quoteStatusKey(status)]);
    expect(labels).toEqual(["Open", "In review", "Answered", "Accepted", "Ordered", "Declined", "Changes requested", "Expired"]);
  });
});

describe("quoteRefusalKey", () => {
  it("says what went wrong in words", () => {
    expect(en[quoteRefusalKey("cart-empty")]).toMatch(/shopping cart is empty/);
    expect(en[quoteRefusalKey("expired")]).toBe("This quote has expired.");
  });
  it("reads the console's own refusals as a plain failure", () => {
    expect(quoteRefusalKey("valid-until-past")).toBe("customer.quotes.refusal.other");
    expect(quoteRefusalKey("order-mismatch")).toBe("customer.quotes.refusal.other");
  });
});

describe("formatQuoteDate", () => {
  it("shows a validity day as that day, whatever the time zone", () => {
    expect(formatQuoteDate("2026-03-01", "en")).toBe("1 Mar 2026");
    expect(formatQuoteDate("2026-03-01", "de")).toBe("01.03.2026");
  });
  it("shows a timestamp's UTC day", () => {
    expect(formatQuoteDate("2026-02-28T23:30:00.000Z", "en")).toBe("28 Feb 2026");
  });
});

describe("formatDiscount", () => {
  it("shows basis points as a percentage with up to two decimals", () => {
    expect(formatDiscount(1250, "en")).toBe("12.5%");
    expect(formatDiscount(1225, "de")).toBe("12,25\u00a0%");
    expect(formatDiscount(0, "en")).toBe("0%");
  });
});

describe("enabledQuoteActions", () => {
  const all = { accept: true, decline: true, requestChanges: true };
  const actions = { review: false, reply: false, accept: true, decline: true, requestChanges: true };

  it("enables what the quote takes and the role allows", () => {
    expect(enabledQuoteActions({ displayStatus: "replied", actions }, all)).toEqual({ ...all, order: false });
    expect(enabledQuoteActions({ displayStatus: "replied", actions }, { accept: false, decline: true, requestChanges: false })).toEqual({
      accept: false,
      decline: true,
      requestChanges: false,
      order: false,
    });
    expect(enabledQuoteActions({ displayStatus: "open", actions: { ...actions, accept: false, requestChanges: false } }, all)).toEqual({
      accept: false,
      decline: true,
      requestChanges: false,
      order: false,
    });
  });

  it("lets whoever may accept go to the checkout again with an accepted quote, not one who may not", () => {
    const accepted = { displayStatus: "accepted" as const, actions: { ...actions, accept: false, decline: false, requestChanges: false } };
    expect(enabledQuoteActions(accepted, all)).toEqual({ accept: false, decline: false, requestChanges: false, order: true });
    expect(enabledQuoteActions(accepted, { ...all, accept: false }).order).toBe(false);
  });

  it("enables nothing once the quote has expired", () => {
    expect(enabledQuoteActions({ displayStatus: "expired", actions }, all)).toEqual({ accept: false, decline: false, requestChanges: false, order: false });
  });
});

describe("quote notices", () => {
  it("round-trip through the query", () => {
    for (const notice of ["requested", "declined", "changes-requested"] as const) {
      expect(quoteNoticeFromQuery(new URLSearchParams(quoteNoticeQuery(notice)))).toBe(notice);
    }
    expect(quoteNoticeFromQuery(new URLSearchParams("requested=yes"))).toBeNull();
  });
});

describe("quoteReadScope", () => {
  const may = (...granted: Permission[]) => Object.fromEntries(PERMISSIONS.map((key) => [key, granted.includes(key)])) as Record<Permission, boolean>;

  it("shows all of the company's quotes with quote.read.all", () => {
    expect(quoteReadScope(may("quote.read.all"), "employee-1")).toEqual({ requesterId: null });
  });
  it("shows an employee who may only request quotes their own", () => {
    expect(quoteReadScope(may("quote.request"), "employee-1")).toEqual({ requesterId: "employee-1" });
  });
  it("shows nothing to a role with neither", () => {
    expect(quoteReadScope(may("order.read.all"), "employee-1")).toBeNull();
  });
  it("maps the permissions to the detail page's buttons", () => {
    expect(quoteAbilities(may("quote.read.all", "quote.decline"))).toEqual({ accept: false, decline: true, requestChanges: false });
  });
});
