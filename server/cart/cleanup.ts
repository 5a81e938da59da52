import { and, eq, lt, notExists } from "drizzle-orm";
import { b2bPendingOrder } from "../b2b/approvals/tables";
import { session } from "../customer/tables";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { CART_COOKIE_DAYS } from "../visitor";
import { cart } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a running server sweeps; every server may do it, the deletes are idempotent. */
export const CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes carts nobody can reach any more (unchanged for longer than the cart cookie lives, so no
 * browser still holds their token) and expired sessions. Orders keep their copies and never depend
 * on a cart row; a pending order's cart (B2B) stays until the order is approved or declined.
 */
export async function deleteStaleVisitorData(db: Database, now = new Date()): Promise<{ carts: number; sessions: number }> {
  const cartCutoff = new Date(now.getTime() - CART_COOKIE_DAYS * DAY_MS);
  const held = db.select({ id: b2bPendingOrder.id }).from(b2bPendingOrder).where(eq(b2bPendingOrder.cartId, cart.id));
  const carts = await db
    .delete(cart)
    .where(and(lt(cart.updatedAt, cartCutoff), notExists(held)))
    .returning({ id: cart.id });
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.tokenHash });
  return { carts: carts.length, sessions: sessions.length };
}

/**
 * Sweeps once now and then every CLEANUP_INTERVAL_MS; the timer never keeps the process alive.
 * `deleteOrphanFiles` runs after the carts are gone: files that only deleted carts named (the
 * eligibility proofs), returning how many it deleted.
 */
export function scheduleVisitorCleanup(db: Database, logger: Logger, deleteOrphanFiles: () => Promise<number> = async () => 0): () => void {
  const sweep = () =>
    deleteStaleVisitorData(db)
      .then(async (removed) => ({ ...removed, files: await deleteOrphanFiles() }))
      .then(
        (removed) => {
          if (removed.carts || removed.sessions || removed.files) logger.info("deleted stale carts, sessions and their files", removed);
        },
        (error: unknown) => logger.error("cart and session clean-up failed", { error: String(error) }),
      );
  void sweep();
  const timer = setInterval(() => void sweep(), CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

