import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { decoyHash, hashPassword, verifyPassword } from "../customer/password";
import { THROTTLE_RULES } from "../customer/throttle";
import { createRateLimiter, rateLimitKey } from "../rate-limit/limiter";
import type { Database } from "../db/client";
import { hashToken, newToken } from "../visitor";
import { operator, operatorAudit, operatorSession } from "./tables";

/*
 * The operator console's accounts (issue 22): operators are not customers. Their passwords take the
 * customers' slow KDF, their logins the customers' attempt limits (per address and per account, the
 * same answer for an unknown email), every login starts a fresh session (the previous token is
 * dropped), and every action is written to the audit log.
 */

/** The operator cookie: HttpOnly, SameSite=Strict, path /admin; a working day long. */
export const OPERATOR_COOKIE = "vitrine-operator";
export const OPERATOR_SESSION_HOURS = 8;
/** The shortest password an operator may have. */
export const OPERATOR_PASSWORD_MIN = 10;
/** Audit entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

const HOUR_MS = 60 * 60 * 1000;
/** Attempt keys of operators are apart from customers' (`operator:` before the email). */
const ACCOUNT_PREFIX = "operator:";

export interface OperatorView {
  id: string;
  email: string;
}

export const OperatorLogin = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("must be an email address")),
  password: z.string().min(1, "is required").max(200, "is too long"),
});

export type OperatorLoginResult = { ok: true; operator: OperatorView; sessionToken: string } | { ok: false; lockedUntil?: Date };

/** An audit entry as the console lists it. */
export interface AuditEntry {
  at: Date;
  operatorEmail: string;
  action: string;
  subject: string | null;
  details: Record<string, string | number | boolean | null> | null;
}

export interface OperatorService {
  /** A new operator (or a new password for an existing one); refuses a short password. */
  upsert(email: string, password: string): Promise<{ ok: true; id: string; created: boolean } | { ok: false; message: string }>;
  login(input: unknown, options: { previousToken?: string; clientIp?: string }): Promise<OperatorLoginResult>;
  /** The active operator of an unexpired session, or null. */
  fromSession(token: string | undefined): Promise<OperatorView | null>;
  logout(token: string | undefined): Promise<void>;
  /** Writes who did what to which object. */
  audit(who: OperatorView, action: string, subject?: string | null, details?: AuditEntry["details"]): Promise<void>;
  /** The newest entries first, one page (1-based). */
  auditLog(page: number): Promise<{ entries: AuditEntry[]; total: number }>;
}

export function createOperatorService(db: Database, { now = () => new Date() }: { now?: () => Date } = {}): OperatorService {
  const throttle = createRateLimiter(db, now);

  async function fromSession(token: string | undefined): Promise<OperatorView | null> {
    if (!token) return null;
    const [row] = await db
      .select({ id: operator.id, email: operator.email })
      .from(operatorSession)
      .innerJoin(operator, eq(operator.id, operatorSession.operatorId))
      .where(and(eq(operatorSession.tokenHash, hashToken(token)), gt(operatorSession.expiresAt, now()), eq(operator.active, true)));
    return row ?? null;
  }

  async function audit(who: OperatorView, action: string, subject: string | null = null, details: AuditEntry["details"] = null) {
    await db.insert(operatorAudit).values({ operatorId: who.id, operatorEmail: who.email, action, subject, details, at: now() });
  }

  return {
    async upsert(email, password) {
      const address = z.email().safeParse(email.trim().toLowerCase());
      if (!address.success) return { ok: false, message: `"${email}" is not an email address.` };
      if (password.length < OPERATOR_PASSWORD_MIN) return { ok: false, message: `The password needs at least ${OPERATOR_PASSWORD_MIN} characters.` };
      const passwordHash = await hashPassword(password);
      const [existing] = await db.select({ id: operator.id }).from(operator).where(eq(operator.email, address.data));
      if (existing) {
        await db.update(operator).set({ passwordHash, active: true }).where(eq(operator.id, existing.id));
        // A new password ends the sessions made with the old one.
        await db.delete(operatorSession).where(eq(operatorSession.operatorId, existing.id));
        return { ok: true, id: existing.id, created: false };
      }
      const [row] = await db.insert(operator).values({ email: address.data, passwordHash }).returning({ id: operator.id });
      return { ok: true, id: row!.id, created: true };
    },

    async login(input, { previousToken, clientIp = "unknown" }) {
      const parsed = OperatorLogin.safeParse(input);
      if (!parsed.success) return { ok: false };
      const { email, password } = parsed.data;
      const accountKey = rateLimitKey(THROTTLE_RULES.loginPerAccount, `${ACCOUNT_PREFIX}${email}`);
      const keys = [rateLimitKey(THROTTLE_RULES.loginPerIp, `${ACCOUNT_PREFIX}${clientIp}`), accountKey];
      const locked = await throttle.lockedUntil(keys);
      if (locked) return { ok: false, lockedUntil: locked };
      const [account] = await db
        .select({ id: operator.id, email: operator.email, passwordHash: operator.passwordHash })
        .from(operator)
        .where(and(eq(operator.email, email), eq(operator.active, true)));
      // An unknown email is checked against a decoy, so both failures take as long.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!account || !matches) {
        const lockedNow = await throttle.count(keys);
        return lockedNow ? { ok: false, lockedUntil: lockedNow } : { ok: false };
      }
      await throttle.clear(accountKey);
      const token = newToken();
      const at = now();
      await db.transaction(async (tx) => {
        if (previousToken) await tx.delete(operatorSession).where(eq(operatorSession.tokenHash, hashToken(previousToken)));
        await tx.delete(operatorSession).where(lt(operatorSession.expiresAt, at));
        await tx.insert(operatorSession).values({ tokenHash: hashToken(token), operatorId: account.id, expiresAt: new Date(at.getTime() + OPERATOR_SESSION_HOURS * HOUR_MS) });
      });
      const view = { id: account.id, email: account.email };
      await audit(view, "login");
      return { ok: true, operator: view, sessionToken: token };
    },

    fromSession,

    async logout(token) {
      if (!token) return;
      const who = await fromSession(token);
      await db.delete(operatorSession).where(eq(operatorSession.tokenHash, hashToken(token)));
      if (who) await audit(who, "logout");
    },

    audit,

    async auditLog(page) {
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(operatorAudit);
      const rows = await db
        .select({ at: operatorAudit.at, operatorEmail: operatorAudit.operatorEmail, action: operatorAudit.action, subject: operatorAudit.subject, details: operatorAudit.details })
        .from(operatorAudit)
        .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE);
      return { entries: rows, total: count?.total ?? 0 };
    },
  };
}
