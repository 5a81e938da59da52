import type { Order } from "./types";

/** The buyer pays Ratepay within this many days (PayPal's PUI terms); the due date shown is counted from completion. */
export const PUI_PAYMENT_TERM_DAYS = 30;

/** What the finish page shows of a PUI payment. */
export interface PuiInstructions {
  bankName: string;
  accountHolder: string;
  iban: string;
  bic: string;
  reference: string;
  /** Minor units, as the shop counts. */
  amountGross: string;
  currency: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
}

/**
 * What the buyer of a completed invoice purchase must transfer, and where to (PayPal's order, Ratepay's
 * bank details); null when the order lacks them.
 */
export function puiInstructionsOf(order: Order, transaction: { amount_gross: number; currency: string }, today = new Date()): PuiInstructions | null {
  const pui = order.payment_source?.pay_upon_invoice;
  const bank = pui?.deposit_bank_details;
  if (!pui || !bank?.iban || !pui.payment_reference) return null;
  return {
    bankName: bank.bank_name ?? "",
    accountHolder: bank.account_holder_name ?? "",
    iban: bank.iban,
    bic: bank.bic ?? "",
    reference: pui.payment_reference,
    amountGross: String(transaction.amount_gross),
    currency: transaction.currency,
    dueDate: addDays(today, PUI_PAYMENT_TERM_DAYS),
  };
}

function addDays(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
