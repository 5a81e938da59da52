import { describe, expect, it } from "vitest";
import {
  discountField,
  pageParam,
  percentOfBasisPoints,
  quoteRefusalMessage,
  readReplyForm,
  REPLY_MESSAGES,
  replyErrorsFromService,
  statusFilter,
  utcDay,
  validUntilRefusal,
} from "./quote-admin";

describe("statusFilter", () => {
  it("takes the display statuses, expired included", () => {
    expect(statusFilter("replied")).toBe("replied");
    expect(statusFilter("expired")).toBe("expired");
    expect(statusFilter("changes_requested")).toBe("changes_requested");
  });

  it("lists all for nothing, an empty value or anything unknown", () => {
    for (const value of [null, "", "Open", "toString", "__proto__"]) expect(statusFilter(value)).toBeUndefined();
  });
});

describe("pageParam", () => {
  it("reads whole page numbers from 1 on and falls back to the first page", () => {
    expect(pageParam("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "1.5", "abc", "1234567"]) expect(pageParam(value)).toBe(1);
  });
});

describe("percentOfBasisPoints", () => {
  it("shows basis points as the field's percent without trailing zeros", () => {
    expect(percentOfBasisPoints(0)).toBe("0");
    expect(percentOfBasisPoints(1250)).toBe("12.5");
    expect(percentOfBasisPoints(1234)).toBe("12.34");
    expect(percentOfBasisPoints(5)).toBe("0.05");
    expect(percentOfBasisPoints(10_000)).toBe("100");
  });
});

describe("utcDay", () => {
  it("is the UTC day, whatever the time of day", () => {
    expect(utcDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(utcDay(new Date("2026-03-02T00:00:00.000Z"))).toBe("2026-03-02");
  });
});

describe("readReplyForm", () => {
  it("reads one discount per line of the quote, the date and the comment as typed", () => {
    const form = new FormData();
    form.set(discountField("a"), " 12.5 ");
    form.set(discountField("stranger"), "99");
    form.set("validUntil", "2026-04-30");
    form.set("comment", "  Best we can do.\n");
    expect(readReplyForm(form, ["a", "b"])).toEqual({ percents: { a: "12.5", b: "" }, validUntil: "2026-04-30", comment: "  Best we can do.\n" });
  });

  it("reads a missing or broken body as empty fields", () => {
    expect(readReplyForm(null, ["a"])).toEqual({ percents: { a: "" }, validUntil: "", comment: "" });
  });
});

describe("the server's answers as messages", () => {
  it("maps the service's field errors to the form's fields", () => {
    expect(replyErrorsFromService({ validUntil: "invalid", comment: "too-long" })).toEqual({
      validUntil: REPLY_MESSAGES.validUntilInvalid,
      comment: REPLY_MESSAGES.commentTooLong,
    });
    expect(replyErrorsFromService({ comment: "invalid-characters" })).toEqual({ comment: REPLY_MESSAGES.commentInvalid });
    expect(replyErrorsFromService({ discounts: "invalid" })).toEqual({ form: REPLY_MESSAGES.linesChanged });
  });

  it("puts the date refusals on the date field and nothing else", () => {
    expect(validUntilRefusal("valid-until-past")).toBe(REPLY_MESSAGES.validUntilPast);
    expect(validUntilRefusal("valid-until-required")).toBe(REPLY_MESSAGES.validUntilRequired);
    expect(validUntilRefusal("not-allowed-in-state")).toBeNull();
  });

  it("says why a quote takes no change now", () => {
    expect(quoteRefusalMessage("expired")).toBe("This quote has expired: it can no longer be changed.");
    expect(quoteRefusalMessage("not-allowed-in-state")).toContain("status has changed since the page was loaded");
  });
});
