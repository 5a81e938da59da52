import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mail, Mailer } from "../mail/mailer";
import { hashToken, newToken } from "../visitor";
import { hashPassword, verifyPassword } from "./password";
import { blacklistErrors, type FieldBlacklist } from "./blacklist-check";
import {
  emailChangeSchema,
  fieldErrors,
  passwordChangeSchema,
  passwordResetSchema,
  profileSchema,
  resetRequestSchema,
  resetTokenSchema,
  type EmailChangeInput,
  type PasswordChangeInput,
  type PasswordResetInput,
  type ProfileInput,
  type ResetRequestInput,
} from "./schemas";
import { UNKNOWN_CLIENT_IP, type Locked } from "./service";
import { endOtherSessions, startCustomerSession } from "./sessions";
import { customer, passwordResetToken } from "./tables";
import { THROTTLE_RULES } from "./throttle";
import { createRateLimiter, rateLimitKey } from "../rate-limit/limiter";
import type { FieldErrors, Salutation } from "./types";
import { linkMail } from "../mail/link-mail";
import { loginEmailTaken } from "./login-email";

/** A reset link works this long, and once. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** PostgreSQL's unique_violation: the new email was taken in the meantime. */
const UNIQUE_VIOLATION = "23505";

/** What the profile page shows and edits. */
export interface ProfileView {
  salutation: Salutation;
  firstName: string;
  lastName: string;
  birthday: string | null;
  email: string;
}

export type FormResult = { ok: true } | { ok: false; errors: FieldErrors; lockedUntil?: undefined };
export type SessionResult = { ok: true; sessionToken: string } | { ok: false; errors: FieldErrors };

/** The texts of the reset mail, in the shopper's language (the caller picks them). */
export interface ResetMailTexts {
  subject: string;
  /** Body lines; `{link}` is replaced by the reset link, `{hours}` by its lifetime. */
  lines: string[];
}

export interface ResetRequestOptions {
  clientIp?: string;
  mailTexts: ResetMailTexts;
}

export interface AccountService {
  profile(customerId: string): Promise<ProfileView | null>;
  updateProfile(customerId: string, input: ProfileInput): Promise<FormResult>;
  /** Needs the current password; the new email must be free among the channel's accounts. */
  changeEmail(customerId: string, input: EmailChangeInput): Promise<FormResult>;
  /** Needs the current password; ends the customer's other sessions and rotates the current one. */
  changePassword(customerId: string, input: PasswordChangeInput, currentSessionToken: string | undefined): Promise<SessionResult>;
  /**
   * Mails a reset link when the email belongs to an account. The answer is the same either way (only a
   * lock, which counts every email alike, differs), so it tells nobody which emails have an account.
   */
  requestPasswordReset(input: ResetRequestInput, options: ResetRequestOptions): Promise<FormResult | Locked>;
  /** Whether the link's token is unused and unexpired (the page shows the form or says it expired). */
  resetTokenValid(token: string): Promise<boolean>;
  /** Sets the new password, uses up the token, ends every session of the customer and starts one. */
  resetPassword(input: PasswordResetInput, options: { previousSessionToken?: string }): Promise<SessionResult | { ok: false; tokenInvalid: true }>;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** The reset mail: the link in plain text and as a link in HTML. */
export function passwordResetMail(to: string, link: string, texts: ResetMailTexts): Mail {
  const hours = String(PASSWORD_RESET_TOKEN_TTL_MS / 3_600_000);
  return linkMail(to, link, { subject: texts.subject, lines: texts.lines.map((line) => line.replace("{hours}", hours)) });
}

export interface AccountServiceDeps {
  db: Database;
  channel: SalesChannelContext;
  mailer: Mailer;
  logger: Logger;
  /** The shop's public address; reset links point there. */
  appUrl: string;
  /** Path of the page that sets a new password (`frontend.account.recover.password.page`). */
  resetPath: string;
  now?: () => Date;
  /** Refuses blacklisted names (issue 26 point 1); none: nothing is refused. */
  blacklist?: FieldBlacklist;
}

export function createAccountService({ db, channel, mailer, logger, appUrl, resetPath, now = () => new Date(), blacklist }: AccountServiceDeps): AccountService {
  const throttle = createRateLimiter(db, now);
  const ofChannel = (customerId: string) => and(eq(customer.id, customerId), eq(customer.salesChannelId, channel.id), eq(customer.guest, false));

  async function passwordHashOf(customerId: string): Promise<string | null> {
    const [row] = await db.select({ passwordHash: customer.passwordHash }).from(customer).where(ofChannel(customerId));
    return row?.passwordHash ?? null;
  }

  /**
   * Field errors for a wrong current password (also for an account without one). Wrong ones are counted
   * per account (THROTTLE_RULES.currentPasswordPerAccount); while locked, no password is even checked.
   */
  async function currentPasswordProblem(customerId: string, password: string, field: string): Promise<FieldErrors | null> {
    const key = rateLimitKey(THROTTLE_RULES.currentPasswordPerAccount, customerId);
    if (await throttle.lockedUntil([key])) return { [field]: "password-attempts" };
    const stored = await passwordHashOf(customerId);
    if (stored && (await verifyPassword(password, stored))) {
      await throttle.clear(key);
      return null;
    }
    const locked = await throttle.count([key]);
    return { [field]: locked ? "password-attempts" : "password-wrong" };
  }

  async function usableToken(token: string) {
    if (!resetTokenSchema.safeParse(token).success) return null;
    const [row] = await db
      .select({ customerId: passwordResetToken.customerId })
      .from(passwordResetToken)
      .where(and(eq(passwordResetToken.tokenHash, hashToken(token)), isNull(passwordResetToken.usedAt), gt(passwordResetToken.expiresAt, now())));
    return row ?? null;
  }

  return {
    async profile(customerId) {
      const [row] = await db
        .select({ salutation: customer.salutation, firstName: customer.firstName, lastName: customer.lastName, birthday: customer.birthday, email: customer.email })
        .from(customer)
        .where(ofChannel(customerId));
      return row ?? null;
    },

    async updateProfile(customerId, input) {
      const parsed = profileSchema.safeParse(input);
      const blocked = await blacklistErrors(blacklist, { firstName: input.firstName, lastName: input.lastName });
      if (!parsed.success) return { ok: false, errors: { ...blocked, ...fieldErrors(parsed.error) } };
      if (Object.keys(blocked).length > 0) return { ok: false, errors: blocked };
      const { salutation, firstName, lastName, birthday } = parsed.data;
      await db.update(customer).set({ salutation, firstName, lastName, birthday: birthday ?? null }).where(ofChannel(customerId));
      return { ok: true };
    },

    async changeEmail(customerId, input) {
      const parsed = emailChangeSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const wrong = await currentPasswordProblem(customerId, parsed.data.password, "password");
      if (wrong) return { ok: false, errors: wrong };
      const { email } = parsed.data;
      if (await loginEmailTaken(db, channel.id, email, customerId)) return { ok: false, errors: { email: "email-taken" } };
      try {
        await db.update(customer).set({ email }).where(ofChannel(customerId));
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, errors: { email: "email-taken" } };
        throw error;
      }
      return { ok: true };
    },

    async changePassword(customerId, input, currentSessionToken) {
      const parsed = passwordChangeSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const wrong = await currentPasswordProblem(customerId, parsed.data.currentPassword, "currentPassword");
      if (wrong) return { ok: false, errors: wrong };
      const passwordHash = await hashPassword(parsed.data.newPassword);
      const sessionToken = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        await tx.update(customer).set({ passwordHash }).where(ofChannel(customerId));
        // Whoever knew the old password is logged out everywhere; this browser gets a new session.
        await endOtherSessions(tx, customerId);
        return startCustomerSession(tx, customerId, { previousToken: currentSessionToken, at: now() });
      });
      return { ok: true, sessionToken };
    },

    async requestPasswordReset(input, { clientIp, mailTexts }) {
      const parsed = resetRequestSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const { email } = parsed.data;
      const keys = [
        rateLimitKey(THROTTLE_RULES.resetPerIp, clientIp ?? UNKNOWN_CLIENT_IP),
        rateLimitKey(THROTTLE_RULES.resetPerEmail, `${channel.id}:${email}`),
      ];
      const locked = await throttle.lockedUntil(keys);
      if (locked) return { ok: false, lockedUntil: locked };
      await throttle.count(keys);
      const at = now();
      // Requests are rare: a good moment to forget old counters and dead links.
      await throttle.sweep();
      await db.delete(passwordResetToken).where(or(lt(passwordResetToken.expiresAt, at), lt(passwordResetToken.usedAt, at)));
      const [account] = await db
        .select({ id: customer.id })
        .from(customer)
        .where(and(eq(customer.salesChannelId, channel.id), eq(customer.email, email), eq(customer.guest, false)));
      if (!account) return { ok: true };
      const token = newToken();
      await db
        .insert(passwordResetToken)
        .values({ tokenHash: hashToken(token), customerId: account.id, expiresAt: new Date(at.getTime() + PASSWORD_RESET_TOKEN_TTL_MS) });
      const link = `${appUrl}${resetPath}?hash=${token}`;
      // A mail failure is logged, not shown: the answer must not differ for existing accounts.
      await mailer
        .send(passwordResetMail(email, link, mailTexts))
        .catch((error: unknown) => logger.error("password reset mail failed", { customerId: account.id, error: String(error) }));
      return { ok: true };
    },

    async resetTokenValid(token) {
      return (await usableToken(token)) !== null;
    },

    async resetPassword(input, { previousSessionToken }) {
      const parsed = passwordResetSchema.safeParse(input);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        if (errors.token) return { ok: false, tokenInvalid: true };
        return { ok: false, errors };
      }
      const { token, newPassword } = parsed.data;
      if (!(await usableToken(token))) return { ok: false, tokenInvalid: true };
      const passwordHash = await hashPassword(newPassword);
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        // Using the token and reading its customer in one statement: of two concurrent uses, one wins.
        const [used] = await tx
          .update(passwordResetToken)
          .set({ usedAt: now() })
          .where(and(eq(passwordResetToken.tokenHash, hashToken(token)), isNull(passwordResetToken.usedAt), gt(passwordResetToken.expiresAt, now())))
          .returning({ customerId: passwordResetToken.customerId });
        if (!used) return null;
        await tx.update(customer).set({ passwordHash }).where(eq(customer.id, used.customerId));
        await endOtherSessions(tx, used.customerId);
        // Other links of the customer die with this one.
        await tx.delete(passwordResetToken).where(and(eq(passwordResetToken.customerId, used.customerId), isNull(passwordResetToken.usedAt)));
        return startCustomerSession(tx, used.customerId, { previousToken: previousSessionToken, at: now() });
      });
      return result ? { ok: true, sessionToken: result } : { ok: false, tokenInvalid: true };
    },
  };
}
