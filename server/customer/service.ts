import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { b2bEmployee, b2bEmployeeSession } from "../b2b/tables";
import { createReadCache } from "../cache/read-cache";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { hashToken } from "../visitor";
import { selectAddressViews } from "./address-view";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import { loginEmailTaken } from "./login-email";
import { startCustomerSession } from "./sessions";
import { country, countryState, customer, customerAddress, session } from "./tables";
import { THROTTLE_RULES } from "./throttle";
import { createRateLimiter, rateLimitKey } from "../rate-limit/limiter";
import { blacklistErrors, type FieldBlacklist } from "./blacklist-check";
import { fieldErrors, loginSchema, registrationSchema, type LoginInput, type RegistrationInput } from "./schemas";
import type { CountryOption, CountryStateData, CustomerView, FieldErrors } from "./types";

/** Countries change rarely; like catalog reads they are reused for this long. */
const COUNTRIES_CACHE_TTL_MS = 30_000;
/** PostgreSQL's unique_violation: two registrations of one email raced each other. */
const UNIQUE_VIOLATION = "23505";

/** A new session: the token goes into the visitor's cookie, only its hash into the database. */
export interface SessionStart {
  customer: CustomerView;
  sessionToken: string;
}

/** A refusal because of too many attempts: the same for every account, with the time to try again. */
export interface Locked {
  ok: false;
  lockedUntil: Date;
}

export type RegisterResult = ({ ok: true } & SessionStart) | { ok: false; errors: FieldErrors; lockedUntil?: undefined } | Locked;
export type LoginResult = ({ ok: true } & SessionStart) | { ok: false; lockedUntil?: undefined } | Locked;

export interface SessionOptions {
  /** The visitor's current session token: its row is deleted, so every login gets a fresh token. */
  previousSessionToken?: string;
  /** The visitor's address, for the attempt limits per address (docs/decisions/0007). */
  clientIp?: string;
}

export interface CustomerService {
  /** Active countries with their address rules and states, in the shop's order. */
  countries(): Promise<CountryOption[]>;
  /** The country-data answer (spec §3), or null for an unknown country. */
  countryStates(countryId: string): Promise<CountryStateData | null>;
  /** Creates an account or a guest with its billing address (default billing and shipping) and a session. */
  register(input: RegistrationInput, options?: SessionOptions): Promise<RegisterResult>;
  /** The same answer for an unknown email and a wrong password. Guests cannot log in. */
  login(input: LoginInput, options?: SessionOptions): Promise<LoginResult>;
  /**
   * A fresh session for an account whose owner a provider vouched for (Sign in with Amazon, once linked);
   * null for an unknown customer or a guest. Callers prove the link, never an email alone.
   */
  loginAs(customerId: string, options?: SessionOptions): Promise<SessionStart | null>;
  /** The customer of an unexpired session, or null. */
  fromSession(token: string | undefined): Promise<CustomerView | null>;
  /** Deletes the session; the visitor's next request starts without one. */
  logout(token: string | undefined): Promise<void>;
}

/** Stands for a caller whose address is unknown (scripts, tests): they share one counter. */
export const UNKNOWN_CLIENT_IP = "unknown";

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export interface CustomerServiceOptions {
  now?: () => Date;
  /** Overrides the limit of `THROTTLE_RULES.registrationPerIp` (the `REGISTRATIONS_PER_IP_PER_HOUR` setting). */
  registrationsPerIpPerHour?: number;
  /** Refuses blacklisted names and address parts (issue 26 point 1); none: nothing is refused. */
  blacklist?: FieldBlacklist;
}

export function createCustomerService(
  db: Database,
  channel: SalesChannelContext,
  { now = () => new Date(), registrationsPerIpPerHour = THROTTLE_RULES.registrationPerIp.limit, blacklist }: CustomerServiceOptions = {},
): CustomerService {
  const registrationPerIp = { ...THROTTLE_RULES.registrationPerIp, limit: registrationsPerIpPerHour };
  const cache = createReadCache(COUNTRIES_CACHE_TTL_MS, 2);
  const throttle = createRateLimiter(db, now);

  const countries = () =>
    cache.get("countries", async (): Promise<CountryOption[]> => {
      const [countryRows, stateRows] = await Promise.all([
        db.select().from(country).where(eq(country.active, true)).orderBy(asc(country.position), asc(country.name)),
        db
          .select({ id: countryState.id, countryId: countryState.countryId, name: countryState.name })
          .from(countryState)
          .orderBy(asc(countryState.position), asc(countryState.name)),
      ]);
      return countryRows.map((row) => ({
        id: row.id,
        iso: row.iso,
        name: row.name,
        stateRequired: row.stateRequired,
        zipcodeRequired: row.zipcodeRequired,
        vatIdRequired: row.vatIdRequired,
        states: stateRows.filter((s) => s.countryId === row.id).map((s) => ({ id: s.id, name: s.name })),
      }));
    });

  const startSession = (tx: Database, customerId: string, previousToken: string | undefined) =>
    startCustomerSession(tx, customerId, { previousToken, at: now() });

  const loadAddresses = async (ids: string[]) => (ids.length === 0 ? [] : selectAddressViews(db, inArray(customerAddress.id, ids)));

  /**
   * Who may log in with `email`: a customer account, else an employee of a business partner (who acts
   * for the partner's customer account). Emails are unique across both (server/b2b/service.ts).
   */
  async function loginAccount(email: string) {
    const [account] = await db
      .select({ customerId: customer.id, passwordHash: customer.passwordHash })
      .from(customer)
      .where(and(eq(customer.salesChannelId, channel.id), eq(customer.email, email), eq(customer.guest, false)));
    if (account) return { ...account, employeeId: null, active: true };
    const [employee] = await db
      .select({ customerId: b2bEmployee.partnerId, passwordHash: b2bEmployee.passwordHash, employeeId: b2bEmployee.id, active: b2bEmployee.active })
      .from(b2bEmployee)
      .innerJoin(customer, eq(customer.id, b2bEmployee.partnerId))
      .where(and(eq(b2bEmployee.email, email), eq(customer.salesChannelId, channel.id)));
    return employee ?? null;
  }

  /** The customer with the default addresses; `employeeId` marks an employee's session (null when they are no longer active). */
  async function customerView(customerId: string, employeeId: string | null = null): Promise<CustomerView | null> {
    const [c] = await db
      .select()
      .from(customer)
      .where(and(eq(customer.id, customerId), eq(customer.salesChannelId, channel.id)));
    if (!c) return null;
    let employee: CustomerView["employee"] = null;
    if (employeeId) {
      const [row] = await db
        .select({ id: b2bEmployee.id, firstName: b2bEmployee.firstName, lastName: b2bEmployee.lastName, email: b2bEmployee.email })
        .from(b2bEmployee)
        .where(and(eq(b2bEmployee.id, employeeId), eq(b2bEmployee.partnerId, customerId), eq(b2bEmployee.active, true)));
      // Deactivation ends the sessions; a session read in between is no session at all.
      if (!row) return null;
      employee = row;
    }
    const billingId = c.defaultBillingAddressId;
    const shippingId = c.defaultShippingAddressId;
    const addresses = await loadAddresses([...new Set([billingId, shippingId].filter((id): id is string => !!id))]);
    return {
      id: c.id,
      email: c.email,
      guest: c.guest,
      salutation: c.salutation,
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      vatId: c.vatId,
      billingAddress: addresses.find((a) => a.id === billingId) ?? null,
      shippingAddress: addresses.find((a) => a.id === shippingId) ?? null,
      employee,
    };
  }

  return {
    countries,

    async countryStates(countryId) {
      const found = (await countries()).find((c) => c.id === countryId);
      if (!found) return null;
      return { stateRequired: found.stateRequired, states: found.states.map((s) => ({ id: s.id, translated: { name: s.name } })) };
    },

    async register(input, options = {}) {
      const parsed = registrationSchema(await countries()).safeParse(input);
      const blocked = await blacklistErrors(blacklist, {
        firstName: input.firstName,
        lastName: input.lastName,
        "billingAddress.company": parsed.success ? parsed.data.billingAddress.company : input.billingAddress?.company,
        "billingAddress.street": input.billingAddress?.street,
        "billingAddress.zipcode": input.billingAddress?.zipcode,
        "billingAddress.city": input.billingAddress?.city,
      });
      if (!parsed.success) return { ok: false, errors: { ...blocked, ...fieldErrors(parsed.error) } };
      if (Object.keys(blocked).length > 0) return { ok: false, errors: blocked };
      const data = parsed.data;
      if (!data.guest) {
        // Accounts made, and tries on taken emails, count per address; a form with mistakes does not,
        // nor does a guest's order address.
        const perIp = [rateLimitKey(registrationPerIp, options.clientIp ?? UNKNOWN_CLIENT_IP)];
        const locked = await throttle.lockedUntil(perIp);
        if (locked) return { ok: false, lockedUntil: locked };
        await throttle.count(perIp);
      }
      const emailTaken = { ok: false as const, errors: { email: "email-taken" as const } };
      if (!data.guest) {
        if (await loginEmailTaken(db, channel.id, data.email)) return emailTaken;
      }
      const passwordHash = data.password ? await hashPassword(data.password) : null;
      const { vatId, ...address } = data.billingAddress;
      try {
        const { customerId, token } = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(customer)
            .values({
              salesChannelId: channel.id,
              email: data.email,
              passwordHash,
              guest: data.guest,
              salutation: data.salutation,
              firstName: data.firstName,
              lastName: data.lastName,
              company: address.company ?? null,
              vatId: vatId ?? null,
              birthday: data.birthday ?? null,
            })
            .returning({ id: customer.id });
          const [addressRow] = await tx
            .insert(customerAddress)
            .values({
              customerId: created!.id,
              salutation: data.salutation,
              firstName: data.firstName,
              lastName: data.lastName,
              company: address.company ?? null,
              street: address.street,
              zipcode: address.zipcode,
              city: address.city,
              countryId: address.countryId,
              countryStateId: address.countryStateId ?? null,
              phone: address.phone ?? null,
            })
            .returning({ id: customerAddress.id });
          await tx
            .update(customer)
            .set({ defaultBillingAddressId: addressRow!.id, defaultShippingAddressId: addressRow!.id })
            .where(eq(customer.id, created!.id));
          const token = await startSession(tx as unknown as Database, created!.id, options.previousSessionToken);
          return { customerId: created!.id, token };
        });
        return { ok: true, customer: (await customerView(customerId))!, sessionToken: token };
      } catch (error) {
        if (isUniqueViolation(error)) return emailTaken;
        throw error;
      }
    },

    async login(input, options = {}) {
      const parsed = loginSchema.safeParse(input);
      if (!parsed.success) return { ok: false };
      const { email, password } = parsed.data;
      // Counted for unknown emails too, so a lock tells nothing about which emails have an account.
      const accountKey = rateLimitKey(THROTTLE_RULES.loginPerAccount, `${channel.id}:${email}`);
      const keys = [rateLimitKey(THROTTLE_RULES.loginPerIp, options.clientIp ?? UNKNOWN_CLIENT_IP), accountKey];
      const locked = await throttle.lockedUntil(keys);
      if (locked) return { ok: false, lockedUntil: locked };
      const account = await loginAccount(email);
      // Unknown email: check against a decoy, so both failures take as long.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      // A deactivated employee is refused like a wrong password: the answer tells nothing about the account.
      if (!account?.passwordHash || !matches || !account.active) {
        await throttle.count(keys);
        return { ok: false };
      }
      // The address keeps its count: one's own account must not reset the count of guesses at others.
      await throttle.clear(accountKey);
      const token = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const started = await startSession(tx, account.customerId, options.previousSessionToken);
        if (account.employeeId) await tx.insert(b2bEmployeeSession).values({ tokenHash: hashToken(started), employeeId: account.employeeId });
        return started;
      });
      return { ok: true, customer: (await customerView(account.customerId, account.employeeId))!, sessionToken: token };
    },

    async loginAs(customerId, options = {}) {
      const view = await customerView(customerId);
      if (!view || view.guest) return null;
      const token = await db.transaction((tx) => startSession(tx as unknown as Database, customerId, options.previousSessionToken));
      return { customer: view, sessionToken: token };
    },

    async fromSession(token) {
      if (!token) return null;
      const [row] = await db
        .select({ customerId: session.customerId, employeeId: b2bEmployeeSession.employeeId })
        .from(session)
        .leftJoin(b2bEmployeeSession, eq(b2bEmployeeSession.tokenHash, session.tokenHash))
        .where(and(eq(session.tokenHash, hashToken(token)), gt(session.expiresAt, now())));
      return row?.customerId ? customerView(row.customerId, row.employeeId) : null;
    },

    async logout(token) {
      if (token) await db.delete(session).where(eq(session.tokenHash, hashToken(token)));
    },
  };
}
