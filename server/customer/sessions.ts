import { and, eq, lt, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { hashToken, newToken, SESSION_COOKIE_DAYS } from "../visitor";
import { session } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Starts a session for the customer: a new random token (only its hash is stored). The visitor's
 * previous session row is deleted, so the cookie's value changes on every login (no session fixation).
 */
export async function startCustomerSession(
  tx: Database,
  customerId: string,
  { previousToken, at }: { previousToken: string | undefined; at: Date },
): Promise<string> {
  const token = newToken();
  if (previousToken) await tx.delete(session).where(eq(session.tokenHash, hashToken(previousToken)));
  // Expired rows are never read again; starting a session is rare enough to sweep them here.
  await tx.delete(session).where(lt(session.expiresAt, at));
  await tx.insert(session).values({ tokenHash: hashToken(token), customerId, expiresAt: new Date(at.getTime() + SESSION_COOKIE_DAYS * DAY_MS) });
  return token;
}

/** Ends every session of the customer except the one with `keepToken` (if given). */
export async function endOtherSessions(tx: Database, customerId: string, keepToken?: string): Promise<void> {
  const ofCustomer = eq(session.customerId, customerId);
  await tx.delete(session).where(keepToken ? and(ofCustomer, ne(session.tokenHash, hashToken(keepToken))) : ofCustomer);
}
