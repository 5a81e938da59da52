import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { Logger } from "../logger";
import { manualProvider, PaymentOperationRefused, type PaymentProvider, type ProviderOutcome, type ProviderTransaction } from "./provider";
import { transition } from "./state";
import { paymentTransaction } from "./tables";
import type { PaymentProviderName, TransactionState } from "./types";

/*
 * What happens to a payment after checkout, for every method alike: the shop's staff capture, refund or
 * cancel it, and the status sync asks the providers about the attempts still waiting. Each goes through
 * the attempt's provider and the state machine (./state.ts); a change is written only if nobody changed
 * the attempt meanwhile.
 */

/** How often a running server asks the providers about waiting attempts. */
export const PAYMENT_SYNC_INTERVAL_MS = 5 * 60 * 1000;
/** An attempt is asked about again after this long at the earliest. */
export const PAYMENT_SYNC_MIN_AGE_MS = 60 * 1000;
/** Attempts older than this are no longer asked about (PayPal's approvals and authorizations have long expired). */
export const PAYMENT_SYNC_MAX_AGE_DAYS = 30;
/** At most this many attempts per sync run. */
export const PAYMENT_SYNC_BATCH = 50;

export type OperationResult =
  | { ok: true; state: TransactionState; changed: boolean }
  | { ok: false; status: 404 | 409 | 502; message: string };

export interface PaymentOperations {
  capture(transactionId: string): Promise<OperationResult>;
  /** Refunds `amount` minor units (at most what was paid and not yet refunded). */
  refund(transactionId: string, amount: number): Promise<OperationResult>;
  cancel(transactionId: string): Promise<OperationResult>;
  /** Asks the attempt's provider for its state and takes it over. */
  sync(transactionId: string): Promise<OperationResult>;
  /** Syncs the orders' attempts still open or authorized at a provider, least recently asked first. */
  syncPending(now?: Date): Promise<{ checked: number; changed: number; failed: number }>;
}

interface Row {
  id: string;
  method: string;
  provider: PaymentProviderName;
  state: TransactionState;
  amount_gross: number;
  refunded_gross: number;
  currency: string;
  provider_reference: string | null;
  settlement_reference: string | null;
}

const asProviderTransaction = (row: Row): ProviderTransaction => ({
  id: row.id,
  method: row.method,
  state: row.state,
  amountGross: row.amount_gross,
  refundedGross: row.refunded_gross,
  currency: row.currency,
  providerReference: row.provider_reference,
  settlementReference: row.settlement_reference,
});

export function createPaymentOperations({
  db,
  providers,
  logger,
}: {
  db: Database;
  /** The connected providers besides the shop's own (`manual` is always there). */
  providers: readonly PaymentProvider[];
  logger: Logger;
}): PaymentOperations {
  const byName = new Map<PaymentProviderName, PaymentProvider>([["manual", manualProvider], ...providers.map((p) => [p.name, p] as const)]);

  async function load(transactionId: string): Promise<Row | null> {
    if (!/^[0-9a-f-]{36}$/i.test(transactionId)) return null;
    const rows = await queryRows<Row>(
      db,
      sql`select id, method, provider, state, amount_gross, refunded_gross, currency, provider_reference, settlement_reference
          from payment_transaction where id = ${transactionId}`,
    );
    return rows[0] ?? null;
  }

  /** Writes the provider's outcome when the state machine allows it and the attempt is as it was read. */
  async function apply(row: Row, outcome: ProviderOutcome, cause: string): Promise<OperationResult> {
    const move = transition(row.state, outcome.state);
    if (!move.ok) {
      logger.warn("payment: state change refused", { transactionId: row.id, cause, reason: move.reason });
      return { ok: false, status: 409, message: `This payment is ${row.state.replace("_", " ")} and cannot become ${outcome.state.replace("_", " ")}.` };
    }
    const extra = outcome.settlementReference !== undefined || outcome.refundedGross !== undefined || outcome.instructions !== undefined;
    if (!move.changed && !extra) return { ok: true, state: row.state, changed: false };
    const written = await db
      .update(paymentTransaction)
      .set({
        state: outcome.state,
        ...(outcome.settlementReference !== undefined && { settlementReference: outcome.settlementReference }),
        ...(outcome.refundedGross !== undefined && { refundedGross: outcome.refundedGross }),
        ...(outcome.instructions !== undefined && { instructions: outcome.instructions }),
        updatedAt: new Date(),
      })
      .where(and(eq(paymentTransaction.id, row.id), eq(paymentTransaction.state, row.state), eq(paymentTransaction.refundedGross, row.refunded_gross)))
      .returning({ id: paymentTransaction.id });
    if (written.length === 0) return { ok: false, status: 409, message: "This payment changed meanwhile. Please reload and try again." };
    if (move.changed) logger.info("payment: transaction moved", { transactionId: row.id, provider: row.provider, cause, from: row.state, to: outcome.state });
    return { ok: true, state: outcome.state, changed: move.changed };
  }

  async function run(transactionId: string, cause: string, act: (provider: PaymentProvider, row: Row) => Promise<ProviderOutcome | null>): Promise<OperationResult> {
    const row = await load(transactionId);
    if (!row) return { ok: false, status: 404, message: "This payment does not exist." };
    const provider = byName.get(row.provider);
    if (!provider) return { ok: false, status: 409, message: `The payment provider ${row.provider} is not connected.` };
    let outcome: ProviderOutcome | null;
    try {
      outcome = await act(provider, row);
    } catch (error) {
      if (error instanceof PaymentOperationRefused) return { ok: false, status: 409, message: error.message };
      logger.warn("payment: the provider failed", { transactionId, provider: row.provider, cause, error: String(error) });
      return { ok: false, status: 502, message: "The payment provider did not answer as expected. Please try again later." };
    }
    if (!outcome) return { ok: true, state: row.state, changed: false };
    return apply(row, outcome, cause);
  }

  async function sync(transactionId: string): Promise<OperationResult> {
    const result = await run(transactionId, "sync", (provider, row) => provider.sync(asProviderTransaction(row)));
    await db.update(paymentTransaction).set({ syncedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
    return result;
  }

  return {
    capture: (transactionId) => run(transactionId, "capture", (provider, row) => provider.capture(asProviderTransaction(row))),

    refund(transactionId, amount) {
      return run(transactionId, "refund", (provider, row) => {
        const left = row.amount_gross - row.refunded_gross;
        if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
          throw new PaymentOperationRefused(`A refund must be a positive amount of at most ${left} (minor units) for this payment.`);
        }
        return provider.refund(asProviderTransaction(row), amount);
      });
    },

    cancel: (transactionId) => run(transactionId, "cancel", (provider, row) => provider.cancel(asProviderTransaction(row))),

    sync,

    async syncPending(now = new Date()) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from payment_transaction
            where provider <> 'manual' and order_id is not null and provider_reference is not null
              and state in ('open', 'authorized')
              and created_at > ${new Date(now.getTime() - PAYMENT_SYNC_MAX_AGE_DAYS * 86_400_000)}
              and updated_at < ${new Date(now.getTime() - PAYMENT_SYNC_MIN_AGE_MS)}
              and (synced_at is null or synced_at < ${new Date(now.getTime() - PAYMENT_SYNC_MIN_AGE_MS)})
            order by synced_at nulls first, created_at
            limit ${PAYMENT_SYNC_BATCH}`,
      );
      let changed = 0;
      let failed = 0;
      for (const { id } of rows) {
        const result = await sync(id);
        if (!result.ok) failed += 1;
        else if (result.changed) changed += 1;
      }
      return { checked: rows.length, changed, failed };
    },
  };
}

/** Syncs waiting payments every PAYMENT_SYNC_INTERVAL_MS (0: never); the timer never keeps the process alive. */
export function schedulePaymentSync(operations: PaymentOperations, logger: Logger, intervalMs = PAYMENT_SYNC_INTERVAL_MS): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    operations
      .syncPending()
      .then(
        (result) => {
          if (result.changed || result.failed) logger.info("payment status sync", result);
        },
        (error: unknown) => logger.error("payment status sync failed", { error: String(error) }),
      )
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
