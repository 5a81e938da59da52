import { describe, expect, it } from "vitest";
import { canPayAgain, isSettled, transition } from "./state";
import { transactionStates, type TransactionState } from "./types";

describe("payment transaction states", () => {
  it("names the seven states of the issue", () => {
    expect(transactionStates).toEqual(["open", "authorized", "paid", "failed", "cancelled", "refunded", "partially_refunded"]);
  });

  const allowed: [TransactionState, TransactionState][] = [
    ["open", "authorized"],
    ["open", "paid"],
    ["open", "failed"],
    ["open", "cancelled"],
    ["authorized", "paid"],
    ["authorized", "cancelled"],
    ["authorized", "failed"],
    ["paid", "refunded"],
    ["paid", "partially_refunded"],
    ["partially_refunded", "partially_refunded"],
    ["partially_refunded", "refunded"],
  ];

  it("makes exactly the moves of the table", () => {
    for (const from of transactionStates) {
      for (const to of transactionStates) {
        const result = transition(from, to);
        const expected = allowed.some(([f, t]) => f === from && t === to);
        if (from === to && to !== "partially_refunded") expect(result, `${from} → ${to}`).toEqual({ ok: true, changed: false });
        else expect(result.ok, `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it("answers a repeated request (a replayed webhook) as unchanged", () => {
    expect(transition("paid", "paid")).toEqual({ ok: true, changed: false });
    expect(transition("refunded", "refunded")).toEqual({ ok: true, changed: false });
  });

  it("refuses to take back money that was refunded or to pay a failed attempt", () => {
    expect(transition("refunded", "paid")).toMatchObject({ ok: false, reason: "a refunded transaction cannot become paid" });
    expect(transition("failed", "paid").ok).toBe(false);
    expect(transition("paid", "open").ok).toBe(false);
  });

  it("knows which states hold the money and which may be paid again", () => {
    expect(transactionStates.filter(isSettled)).toEqual(["authorized", "paid", "refunded", "partially_refunded"]);
    expect(transactionStates.filter(canPayAgain)).toEqual(["open", "failed", "cancelled"]);
  });
});
