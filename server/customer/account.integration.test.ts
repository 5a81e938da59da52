import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import type { Mail } from "../mail/mailer";
import { loadSalesChannel } from "../services";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { hashToken } from "../visitor";
import { createAccountService, PASSWORD_RESET_TOKEN_TTL_MS, type AccountService } from "./account";
import type { RegistrationInput } from "./schemas";
import { createCustomerService, type CustomerService } from "./service";
import { passwordResetToken, session } from "./tables";
import { authThrottle } from "../rate-limit/tables";
import { THROTTLE_RULES } from "./throttle";

const mailTexts = { subject: "Set a new password", lines: ["Hello,", "Open {link}", "Valid {hours} hours."] };

describe.each(availableBackends())("accounts on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let customers: CustomerService;
  let accounts: AccountService;
  let germanyId: string;
  const mails: Mail[] = [];
  /** The clock of both services; tests move it forward. */
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    customers = createCustomerService(db, channel, { now });
    accounts = createAccountService({
      db,
      channel,
      mailer: { send: async (mail) => (mails.push(mail), "memory") },
      logger: createLogger("silent"),
      appUrl: "http://shop.test",
      resetPath: "/account/recover/password",
      now,
    });
    germanyId = (await customers.countries()).find((c) => c.iso === "DE")!.id;
  });
  afterAll(async () => database?.close());

  let counter = 0;
  /** Every test from its own address, so the per-address limits of one test do not touch another. */
  const newIp = () => `192.0.2.${++counter}`;
  const registration = (overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
    salutation: "mrs",
    firstName: "Erika",
    lastName: "Muster",
    email: `erika${++counter}@example.com`,
    password: "correct horse",
    passwordConfirmation: "correct horse",
    billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: germanyId },
    ...overrides,
  });
  async function newAccount(overrides: Partial<RegistrationInput> = {}) {
    const input = registration(overrides);
    const result = await customers.register(input, { clientIp: newIp() });
    if (!result.ok) throw new Error(`registration failed: ${JSON.stringify(result)}`);
    return { ...result, email: input.email };
  }
  const sessionsOf = async (customerId: string) => db.select().from(session).where(eq(session.customerId, customerId));

  describe("registration", () => {
    it("registers a business with company and VAT id, and refuses one without", async () => {
      const refused = await customers.register(registration({ accountType: "business" }), { clientIp: newIp() });
      expect(refused).toEqual({ ok: false, errors: { "billingAddress.company": "required", "billingAddress.vatId": "vat-id-required" } });
      const { customer: created } = await newAccount({
        accountType: "business",
        billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: germanyId, company: "ACME GmbH", vatId: "DE123456789" },
      });
      expect(created).toMatchObject({ company: "ACME GmbH", vatId: "DE123456789" });
      expect(created.billingAddress?.company).toBe("ACME GmbH");
    });

    it("refuses a password confirmation that differs", async () => {
      const result = await customers.register(registration({ passwordConfirmation: "correct horsE" }), { clientIp: newIp() });
      expect(result).toEqual({ ok: false, errors: { passwordConfirmation: "confirmation-mismatch" } });
    });

    it("limits the accounts made from one address; guests and refused forms do not count", async () => {
      const ip = newIp();
      const { limit } = THROTTLE_RULES.registrationPerIp;
      for (let i = 0; i < limit; i++) {
        expect((await customers.register(registration(), { clientIp: ip })).ok).toBe(true);
        await customers.register(registration({ firstName: "" }), { clientIp: ip });
        await customers.register(registration({ guest: true, password: undefined }), { clientIp: ip });
      }
      const locked = await customers.register(registration(), { clientIp: ip });
      expect(locked.ok).toBe(false);
      expect(!locked.ok && locked.lockedUntil?.getTime()).toBeGreaterThan(clock);
      // Another address is not affected.
      expect((await customers.register(registration(), { clientIp: newIp() })).ok).toBe(true);
    });
  });

  describe("login limits", () => {
    it("locks an account after repeated failures from anywhere, the same way for an unknown email", async () => {
      const { email } = await newAccount();
      const unknown = `nobody${++counter}@example.com`;
      const { limit } = THROTTLE_RULES.loginPerAccount;
      for (let i = 0; i < limit; i++) {
        // Every failure from another address: the account's own count locks it.
        expect(await customers.login({ email, password: "wrong password" }, { clientIp: newIp() })).toEqual({ ok: false });
        expect(await customers.login({ email: unknown, password: "wrong password" }, { clientIp: newIp() })).toEqual({ ok: false });
      }
      const known = await customers.login({ email, password: "correct horse" }, { clientIp: newIp() });
      const notKnown = await customers.login({ email: unknown, password: "correct horse" }, { clientIp: newIp() });
      expect(known).toEqual({ ok: false, lockedUntil: expect.any(Date) });
      expect(notKnown).toEqual({ ok: false, lockedUntil: expect.any(Date) });
      expect(!known.ok && known.lockedUntil).toEqual(!notKnown.ok && notKnown.lockedUntil);
      // The lock holds for the rest of the window, then the right password works again.
      clock += THROTTLE_RULES.loginPerAccount.windowMs;
      expect((await customers.login({ email, password: "correct horse" }, { clientIp: newIp() })).ok).toBe(true);
    });

    it("locks an address after repeated failures on any accounts; others still log in", async () => {
      const { email } = await newAccount();
      const ip = newIp();
      for (let i = 0; i < THROTTLE_RULES.loginPerIp.limit; i++) {
        await customers.login({ email: `guess${i}-${counter}@example.com`, password: "wrong password" }, { clientIp: ip });
      }
      const locked = await customers.login({ email, password: "correct horse" }, { clientIp: ip });
      expect(locked).toMatchObject({ ok: false, lockedUntil: expect.any(Date) });
      expect((await customers.login({ email, password: "correct horse" }, { clientIp: newIp() })).ok).toBe(true);
    });

    it("clears an account's count after a successful login, and stores no email or address in clear", async () => {
      const { email } = await newAccount();
      const ip = newIp();
      for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit - 1; i++) await customers.login({ email, password: "wrong" }, { clientIp: ip });
      expect((await customers.login({ email, password: "correct horse" }, { clientIp: ip })).ok).toBe(true);
      for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit - 1; i++) await customers.login({ email, password: "wrong" }, { clientIp: ip });
      expect((await customers.login({ email, password: "correct horse" }, { clientIp: newIp() })).ok).toBe(true);
      const keys = (await db.select({ key: authThrottle.key }).from(authThrottle)).map((row) => row.key).join(" ");
      expect(keys).not.toContain(email);
      expect(keys).not.toContain(ip);
    });
  });

  describe("logout", () => {
    it("deletes the session row", async () => {
      const { customer: created, sessionToken } = await newAccount();
      expect(await customers.fromSession(sessionToken)).not.toBeNull();
      await customers.logout(sessionToken);
      expect(await customers.fromSession(sessionToken)).toBeNull();
      expect(await db.select().from(session).where(eq(session.tokenHash, hashToken(sessionToken)))).toEqual([]);
      expect(await sessionsOf(created.id)).toEqual([]);
    });
  });

  describe("profile", () => {
    it("updates salutation, names and birthday, and refuses a malformed birthday", async () => {
      const { customer: created } = await newAccount();
      expect(await accounts.updateProfile(created.id, { salutation: "mr", firstName: " Max ", lastName: "Muster", birthday: "1990-04-01" })).toEqual({ ok: true });
      expect(await accounts.profile(created.id)).toMatchObject({ salutation: "mr", firstName: "Max", birthday: "1990-04-01" });
      expect(await accounts.updateProfile(created.id, { firstName: "", lastName: "Muster", birthday: "01.04.1990" })).toEqual({
        ok: false,
        errors: { firstName: "required", birthday: "invalid" },
      });
      expect(await accounts.updateProfile(created.id, { firstName: "Max", lastName: "Muster", birthday: "" })).toEqual({ ok: true });
      expect((await accounts.profile(created.id))?.birthday).toBeNull();
    });

    it("changes the email with the current password only, to an email no other account has", async () => {
      const { customer: created } = await newAccount();
      const other = await newAccount();
      const change = (email: string, password: string) => accounts.changeEmail(created.id, { email, emailConfirmation: email, password });
      expect(await change("new@example.org", "wrong password")).toEqual({ ok: false, errors: { password: "password-wrong" } });
      expect(await change(other.email.toUpperCase(), "correct horse")).toEqual({ ok: false, errors: { email: "email-taken" } });
      expect(await accounts.changeEmail(created.id, { email: "a@example.org", emailConfirmation: "b@example.org", password: "correct horse" })).toEqual({
        ok: false,
        errors: { emailConfirmation: "confirmation-mismatch" },
      });
      const fresh = `changed${++counter}@example.org`;
      expect(await change(fresh, "correct horse")).toEqual({ ok: true });
      expect((await customers.login({ email: fresh, password: "correct horse" }, { clientIp: newIp() })).ok).toBe(true);
    });

    it("changes the password with the current one: other sessions end, this one gets a new token", async () => {
      const { customer: created, email, sessionToken } = await newAccount();
      const elsewhere = await customers.login({ email, password: "correct horse" }, { clientIp: newIp() });
      expect(elsewhere.ok).toBe(true);
      const input = { currentPassword: "wrong password", newPassword: "battery staple", newPasswordConfirmation: "battery staple" };
      expect(await accounts.changePassword(created.id, input, sessionToken)).toEqual({ ok: false, errors: { currentPassword: "password-wrong" } });
      expect(await accounts.changePassword(created.id, { ...input, currentPassword: "correct horse", newPasswordConfirmation: "battery" }, sessionToken)).toEqual({
        ok: false,
        errors: { newPasswordConfirmation: "confirmation-mismatch" },
      });
      const changed = await accounts.changePassword(created.id, { ...input, currentPassword: "correct horse" }, sessionToken);
      expect(changed.ok).toBe(true);
      if (!changed.ok) return;
      expect(changed.sessionToken).not.toBe(sessionToken);
      expect(await customers.fromSession(sessionToken)).toBeNull();
      expect(await customers.fromSession(elsewhere.ok ? elsewhere.sessionToken : "")).toBeNull();
      expect((await customers.fromSession(changed.sessionToken))?.id).toBe(created.id);
      expect((await sessionsOf(created.id)).length).toBe(1);
      expect((await customers.login({ email, password: "correct horse" }, { clientIp: newIp() })).ok).toBe(false);
      expect((await customers.login({ email, password: "battery staple" }, { clientIp: newIp() })).ok).toBe(true);
    });

    it("locks the current-password check after 5 wrong ones in 15 minutes, even for the right password, then opens again", async () => {
      const { customer: created } = await newAccount();
      const rule = THROTTLE_RULES.currentPasswordPerAccount;
      expect([rule.limit, rule.windowMs]).toEqual([5, 15 * 60_000]);
      const changeEmail = (password: string) => {
        const email = `locked${++counter}@example.org`;
        return accounts.changeEmail(created.id, { email, emailConfirmation: email, password });
      };
      const wrongPasswordChange = () =>
        accounts.changePassword(created.id, { currentPassword: "wrong password", newPassword: "battery staple", newPasswordConfirmation: "battery staple" }, undefined);
      // A right password in between clears the count.
      for (let i = 0; i < rule.limit - 1; i++) expect(await wrongPasswordChange()).toEqual({ ok: false, errors: { currentPassword: "password-wrong" } });
      expect(await changeEmail("correct horse")).toEqual({ ok: true });
      for (let i = 0; i < rule.limit - 1; i++) expect(await wrongPasswordChange()).toEqual({ ok: false, errors: { currentPassword: "password-wrong" } });
      // The fifth wrong one in a row locks; from then on the right password is refused too (both forms).
      expect(await wrongPasswordChange()).toEqual({ ok: false, errors: { currentPassword: "password-attempts" } });
      expect(await changeEmail("correct horse")).toEqual({ ok: false, errors: { password: "password-attempts" } });
      clock += rule.windowMs;
      expect(await changeEmail("correct horse")).toEqual({ ok: true });
    });

    it("touches no other customer's data", async () => {
      const { customer: created } = await newAccount();
      expect(await accounts.profile("00000000-0000-4000-8000-000000000000")).toBeNull();
      await accounts.updateProfile("00000000-0000-4000-8000-000000000000", { firstName: "X", lastName: "Y" });
      expect((await accounts.profile(created.id))?.firstName).toBe("Erika");
    });
  });

  describe("password reset", () => {
    const tokenOf = (mail: Mail) => /hash=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

    it("answers the same for unknown emails, mails a link for accounts, and stores only the token's hash", async () => {
      const { email } = await newAccount();
      const before = mails.length;
      expect(await accounts.requestPasswordReset({ email: `nobody${++counter}@example.com` }, { clientIp: newIp(), mailTexts })).toEqual({ ok: true });
      expect(mails.length).toBe(before);
      expect(await accounts.requestPasswordReset({ email: email.toUpperCase() }, { clientIp: newIp(), mailTexts })).toEqual({ ok: true });
      const mail = mails.at(-1)!;
      expect(mail.to).toBe(email);
      expect(mail.subject).toBe("Set a new password");
      expect(mail.text).toMatch(/http:\/\/shop\.test\/account\/recover\/password\?hash=[A-Za-z0-9_-]{43}/);
      expect(mail.text).toContain("Valid 2 hours.");
      const token = tokenOf(mail);
      const [row] = await db.select().from(passwordResetToken).where(eq(passwordResetToken.tokenHash, hashToken(token)));
      expect(row!.expiresAt.getTime()).toBe(clock + PASSWORD_RESET_TOKEN_TTL_MS);
      expect(await db.select().from(passwordResetToken).where(eq(passwordResetToken.tokenHash, token))).toEqual([]);
    });

    it("sets a new password once per link, ends every session and starts one", async () => {
      const { customer: created, email, sessionToken } = await newAccount();
      await accounts.requestPasswordReset({ email }, { clientIp: newIp(), mailTexts });
      const token = tokenOf(mails.at(-1)!);
      expect(await accounts.resetTokenValid(token)).toBe(true);
      const input = { token, newPassword: "new password", newPasswordConfirmation: "new password" };
      expect(await accounts.resetPassword({ ...input, newPasswordConfirmation: "other" }, {})).toEqual({
        ok: false,
        errors: { newPasswordConfirmation: "confirmation-mismatch" },
      });
      const reset = await accounts.resetPassword(input, {});
      expect(reset.ok).toBe(true);
      expect(await customers.fromSession(sessionToken)).toBeNull();
      expect((await customers.fromSession(reset.ok ? reset.sessionToken : ""))?.id).toBe(created.id);
      expect(await accounts.resetTokenValid(token)).toBe(false);
      expect(await accounts.resetPassword({ ...input, newPassword: "third try!", newPasswordConfirmation: "third try!" }, {})).toEqual({ ok: false, tokenInvalid: true });
      expect((await customers.login({ email, password: "new password" }, { clientIp: newIp() })).ok).toBe(true);
    });

    it("refuses an expired or malformed link", async () => {
      const { email } = await newAccount();
      await accounts.requestPasswordReset({ email }, { clientIp: newIp(), mailTexts });
      const token = tokenOf(mails.at(-1)!);
      clock += PASSWORD_RESET_TOKEN_TTL_MS + 1;
      expect(await accounts.resetTokenValid(token)).toBe(false);
      expect(await accounts.resetPassword({ token, newPassword: "new password", newPasswordConfirmation: "new password" }, {})).toEqual({
        ok: false,
        tokenInvalid: true,
      });
      for (const bad of ["", "x".repeat(5000), "' or 1=1 --"]) {
        expect(await accounts.resetTokenValid(bad)).toBe(false);
        expect(await accounts.resetPassword({ token: bad, newPassword: "new password", newPasswordConfirmation: "new password" }, {})).toEqual({
          ok: false,
          tokenInvalid: true,
        });
      }
    });

    it("limits requests per email and per address, the same for unknown emails", async () => {
      const { email } = await newAccount();
      const unknown = `nobody${++counter}@example.com`;
      for (let i = 0; i < THROTTLE_RULES.resetPerEmail.limit; i++) {
        await accounts.requestPasswordReset({ email }, { clientIp: newIp(), mailTexts });
        await accounts.requestPasswordReset({ email: unknown }, { clientIp: newIp(), mailTexts });
      }
      expect(await accounts.requestPasswordReset({ email }, { clientIp: newIp(), mailTexts })).toEqual({ ok: false, lockedUntil: expect.any(Date) });
      expect(await accounts.requestPasswordReset({ email: unknown }, { clientIp: newIp(), mailTexts })).toEqual({ ok: false, lockedUntil: expect.any(Date) });
      const ip = newIp();
      for (let i = 0; i < THROTTLE_RULES.resetPerIp.limit; i++) {
        await accounts.requestPasswordReset({ email: `someone${i}-${counter}@example.com` }, { clientIp: ip, mailTexts });
      }
      expect(await accounts.requestPasswordReset({ email: `fresh${++counter}@example.com` }, { clientIp: ip, mailTexts })).toMatchObject({ ok: false });
    });
  });
});
