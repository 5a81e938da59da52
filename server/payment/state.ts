import type { TransactionState } from "./types";

/**
 * The transaction state machine. A provider's answer, a webhook or the shop's staff ask for a state; only
 * these moves are made. Asking for the state a transaction already has is answered "unchanged", so a
 * replayed webhook or a retried capture changes nothing.
 */
const MOVES: Record<TransactionState, readonly TransactionState[]> = {
  open: ["authorized", "paid", "failed", "cancelled"],
  authorized: ["paid", "failed", "cancelled"],
  paid: ["refunded", "partially_refunded"],
  partially_refunded: ["partially_refunded", "refunded"],
  // A failed or cancelled attempt is over: paying again is a new transaction.
  failed: [],
  cancelled: [],
  refunded: [],
};

export type TransitionResult = { ok: true; changed: boolean } | { ok: false; reason: string };

export function transition(from: TransactionState, to: TransactionState): TransitionResult {
  // A further partial refund is a change even though the state's name stays.
  if (from === to && to !== "partially_refunded") return { ok: true, changed: false };
  if (MOVES[from].includes(to)) return { ok: true, changed: true };
  return { ok: false, reason: `a ${from} transaction cannot become ${to}` };
}

/** States in which the shop holds (or held) the money: the order needs no further payment. */
export function isSettled(state: TransactionState): boolean {
  return state === "paid" || state === "authorized" || state === "partially_refunded" || state === "refunded";
}

/** States from which a customer may pay again (account order page). */
export function canPayAgain(state: TransactionState): boolean {
  return state === "failed" || state === "cancelled" || state === "open";
}
