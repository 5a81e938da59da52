import { describe, expect, it } from "vitest";
import {
  canApply,
  displayStatus,
  isExpired,
  QUOTE_EVENT_TYPES,
  QUOTE_STATES,
  transition,
  type QuoteEvent,
  type QuoteEventType,
  type QuoteState,
  type TransitionResult,
} from "./states";

const NOW = new Date("2026-11-27T10:00:00.000Z");
const TOMORROW = new Date("2026-11-28T00:00:00.000Z");
const YESTERDAY = new Date("2026-11-26T00:00:00.000Z");

/** Each event with a valid payload: a date in the future, a comment. */
const EVENTS: Record<QuoteEventType, QuoteEvent> = {
  review: { type: "review" },
  reply: { type: "reply", validUntil: TOMORROW },
  accept: { type: "accept" },
  decline: { type: "decline" },
  request_changes: { type: "request_changes", comment: "Can you do 10 % on the shirts?" },
  order_placed: { type: "order_placed" },
};

const no = "not-allowed-in-state";

/** The whole table for quotes whose validity (if any) has not ended: a state, or the refusal. */
const TABLE: Record<QuoteState, Record<QuoteEventType, QuoteState | typeof no>> = {
  open: { review: "in_review", reply: "replied", accept: no, decline: "declined", request_changes: no, order_placed: no },
  in_review: { review: no, reply: "replied", accept: no, decline: "declined", request_changes: no, order_placed: no },
  replied: { review: no, reply: no, accept: "accepted", decline: "declined", request_changes: "changes_requested", order_placed: no },
  accepted: { review: no, reply: no, accept: no, decline: no, request_changes: no, order_placed: "ordered" },
  ordered: { review: no, reply: no, accept: no, decline: no, request_changes: no, order_placed: no },
  declined: { review: no, reply: no, accept: no, decline: no, request_changes: no, order_placed: no },
  changes_requested: { review: "in_review", reply: "replied", accept: no, decline: "declined", request_changes: no, order_placed: no },
};

const expected = (value: QuoteState | typeof no): TransitionResult => (value === no ? { ok: false, reason: no } : { ok: true, status: value });

/** A quote in `status` as it would be stored: replied and later states carry the reply's date. */
const quoteIn = (status: QuoteState, validUntil: Date | null = ["open", "in_review"].includes(status) ? null : TOMORROW) => ({ status, validUntil });

describe("quote state machine", () => {
  describe.each(QUOTE_STATES)("from %s", (state) => {
    it.each(QUOTE_EVENT_TYPES)("on %s", (event) => {
      expect(transition(quoteIn(state), EVENTS[event], NOW)).toEqual(expected(TABLE[state][event]));
      expect(canApply(quoteIn(state), event, NOW)).toBe(TABLE[state][event] !== no);
    });
  });

  describe("once the validity has ended", () => {
    /** Replied and accepted quotes take nothing more: the events they took are refused as expired. */
    const EXPIRED_TABLE: Record<"replied" | "accepted", Record<QuoteEventType, string>> = {
      replied: { review: no, reply: no, accept: "expired", decline: "expired", request_changes: "expired", order_placed: no },
      accepted: { review: no, reply: no, accept: no, decline: no, request_changes: no, order_placed: "expired" },
    };
    describe.each(["replied", "accepted"] as const)("from %s", (state) => {
      it.each(QUOTE_EVENT_TYPES)("on %s", (event) => {
        expect(transition(quoteIn(state, YESTERDAY), EVENTS[event], NOW)).toEqual({ ok: false, reason: EXPIRED_TABLE[state][event] });
        expect(canApply(quoteIn(state, YESTERDAY), event, NOW)).toBe(false);
      });
    });

    it("leaves the other states alone: a quote with changes requested can be answered with a new date", () => {
      const quote = quoteIn("changes_requested", YESTERDAY);
      expect(isExpired(quote, NOW)).toBe(false);
      expect(transition(quote, EVENTS.reply, NOW)).toEqual({ ok: true, status: "replied" });
      for (const state of ["open", "in_review", "ordered", "declined", "changes_requested"] as const) {
        expect(displayStatus(quoteIn(state, YESTERDAY), NOW)).toBe(state);
      }
    });
  });

  describe("payloads", () => {
    it("needs a reply's validity date, today or later", () => {
      const open = quoteIn("open");
      expect(transition(open, { type: "reply", validUntil: null }, NOW)).toEqual({ ok: false, reason: "valid-until-required" });
      expect(transition(open, { type: "reply", validUntil: YESTERDAY }, NOW)).toEqual({ ok: false, reason: "valid-until-past" });
      expect(transition(open, { type: "reply", validUntil: new Date("2026-11-27T00:00:00.000Z") }, NOW)).toEqual({ ok: true, status: "replied" });
      // Today holds until its last millisecond (UTC).
      expect(transition(open, { type: "reply", validUntil: new Date("2026-11-27T00:00:00.000Z") }, new Date("2026-11-27T23:59:59.999Z"))).toEqual({ ok: true, status: "replied" });
    });

    it("needs a comment saying which changes, white space is none", () => {
      expect(transition(quoteIn("replied"), { type: "request_changes", comment: " \n " }, NOW)).toEqual({ ok: false, reason: "comment-required" });
      expect(transition(quoteIn("replied"), { type: "request_changes", comment: "" }, NOW)).toEqual({ ok: false, reason: "comment-required" });
    });

    it("checks the state before the payload", () => {
      expect(transition(quoteIn("declined"), { type: "reply", validUntil: null }, NOW)).toEqual({ ok: false, reason: no });
      expect(transition(quoteIn("replied", YESTERDAY), { type: "request_changes", comment: "" }, NOW)).toEqual({ ok: false, reason: "expired" });
    });
  });
});

describe("quote expiry", () => {
  const VALID_UNTIL = new Date("2026-11-27T00:00:00.000Z");

  it("comes at the end of the validity day (UTC), not at its start", () => {
    for (const status of ["replied", "accepted"] as const) {
      const quote = { status, validUntil: VALID_UNTIL };
      expect(isExpired(quote, new Date("2026-11-27T00:00:00.000Z"))).toBe(false);
      expect(isExpired(quote, new Date("2026-11-27T23:59:59.999Z"))).toBe(false);
      expect(isExpired(quote, new Date("2026-11-28T00:00:00.000Z"))).toBe(true);
      expect(displayStatus(quote, new Date("2026-11-27T23:59:59.999Z"))).toBe(status);
      expect(displayStatus(quote, new Date("2026-11-28T00:00:00.000Z"))).toBe("expired");
    }
  });

  it("reads the day of a validity stored at any time of it", () => {
    const quote = { status: "replied" as const, validUntil: new Date("2026-11-27T18:30:00.000Z") };
    expect(isExpired(quote, new Date("2026-11-27T23:00:00.000Z"))).toBe(false);
    expect(isExpired(quote, new Date("2026-11-28T00:00:00.000Z"))).toBe(true);
  });

  it("never applies without a date or to other states", () => {
    expect(isExpired({ status: "replied", validUntil: null }, NOW)).toBe(false);
    expect(isExpired({ status: "ordered", validUntil: YESTERDAY }, NOW)).toBe(false);
    expect(isExpired({ status: "declined", validUntil: YESTERDAY }, NOW)).toBe(false);
  });
});
