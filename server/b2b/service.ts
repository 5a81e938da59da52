import { and, asc, count, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { isPermission, missingDependency, PERMISSIONS, withDependencies, type Permission } from "../../kernel/b2b-permissions";
import { buildPath, routeNames } from "../../kernel/route-names";
import type { Locale } from "../../kernel/i18n/locales";
import type { SalesChannelContext } from "../catalog/service";
import { emailSchema, fieldErrors } from "../customer/schemas";
import { loginEmailTaken } from "../customer/login-email";
import { isUniqueViolation } from "../customer/service";
import { hashPassword } from "../customer/password";
import { customer, session } from "../customer/tables";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { linkMail } from "../mail/link-mail";
import type { Mailer } from "../mail/mailer";
import { isRowId } from "../db/query";
import { hashToken, newToken } from "../visitor";
import type { B2bService, Saved } from "./api";
import { activationSchema, INVITATION_TTL_HOURS, invitationSchema, invitationTokenSchema, roleSchema } from "./schemas";
import { b2bBusinessPartner, b2bEmployee, b2bEmployeeSession, b2bRole } from "./tables";
import type { EmployeeStatus, EmployeeView, RoleView } from "./types";

const HOUR_MS = 3_600_000;

/** The mails of the invitation page's link: an invitation (in the partner's language) or a new password. */
const INVITATION_MAIL: Record<Locale, { subject: string; lines: string[] }> = {
  en: {
    subject: "{company} invited you to order for the company",
    lines: [
      "Hello {name},",
      "{company} has added you as an employee. To activate your account, choose a password here:",
      "{link}",
      `The link works once and for ${INVITATION_TTL_HOURS} hours. If you did not expect this mail, ignore it.`,
    ],
  },
  de: {
    subject: "{company} hat Sie eingeladen, für das Unternehmen zu bestellen",
    lines: [
      "Hallo {name},",
      "{company} hat Sie als Mitarbeiter hinzugefügt. Um Ihr Konto zu aktivieren, wählen Sie hier ein Passwort:",
      "{link}",
      `Der Link gilt einmal und ${INVITATION_TTL_HOURS} Stunden. Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.`,
    ],
  },
};

const RESET_MAIL: Record<Locale, { subject: string; lines: string[] }> = {
  en: {
    subject: "Set a new password for {company}",
    lines: [
      "Hello {name},",
      "someone (hopefully you) asked to set a new password for your login at {company}. Open this link to choose one:",
      "{link}",
      `The link works once and for ${INVITATION_TTL_HOURS} hours. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ],
  },
  de: {
    subject: "Neues Passwort für {company}",
    lines: [
      "Hallo {name},",
      "jemand (hoffentlich Sie) möchte ein neues Passwort für Ihren Zugang bei {company} festlegen. Öffnen Sie diesen Link, um eines zu wählen:",
      "{link}",
      `Der Link gilt einmal und ${INVITATION_TTL_HOURS} Stunden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.`,
    ],
  },
};

export interface B2bServiceDeps {
  db: Database;
  channel: SalesChannelContext;
  mailer: Mailer;
  logger: Logger;
  /** The shop's public address; invitation links point there. */
  appUrl: string;
  now?: () => Date;
}

/**
 * A role's stored set: keys a later version dropped are left out, and the set is closed again (it is
 * stored closed, so this never grants more than the dependencies of what the role holds).
 */
function storedPermissions(keys: string[]): Permission[] {
  return withDependencies(keys.filter(isPermission));
}

function statusOf(row: { active: boolean; invitationTokenHash: string | null }): EmployeeStatus {
  return row.active ? "active" : row.invitationTokenHash ? "invited" : "inactive";
}

export function createB2bService({ db, channel, mailer, logger, appUrl, now = () => new Date() }: B2bServiceDeps): B2bService {
  /** The partner's company name (the customer's company, else their name). */
  async function companyOf(partnerId: string): Promise<string> {
    const [row] = await db.select({ company: customer.company, firstName: customer.firstName, lastName: customer.lastName }).from(customer).where(eq(customer.id, partnerId));
    return row?.company || `${row?.firstName ?? ""} ${row?.lastName ?? ""}`.trim();
  }

  async function employeeViews(partnerId: string, employeeId?: string): Promise<EmployeeView[]> {
    const rows = await db
      .select({
        id: b2bEmployee.id,
        firstName: b2bEmployee.firstName,
        lastName: b2bEmployee.lastName,
        email: b2bEmployee.email,
        roleId: b2bEmployee.roleId,
        roleName: b2bRole.name,
        active: b2bEmployee.active,
        invitationTokenHash: b2bEmployee.invitationTokenHash,
      })
      .from(b2bEmployee)
      .leftJoin(b2bRole, eq(b2bRole.id, b2bEmployee.roleId))
      .where(and(eq(b2bEmployee.partnerId, partnerId), employeeId ? eq(b2bEmployee.id, employeeId) : undefined))
      .orderBy(asc(b2bEmployee.lastName), asc(b2bEmployee.firstName), asc(b2bEmployee.email));
    return rows.map(({ active, invitationTokenHash, ...row }) => ({ ...row, roleName: row.roleName ?? null, status: statusOf({ active, invitationTokenHash }) }));
  }

  async function employeeView(partnerId: string, employeeId: string): Promise<EmployeeView | null> {
    if (!isRowId(employeeId)) return null;
    return (await employeeViews(partnerId, employeeId))[0] ?? null;
  }

  async function roleViews(partnerId: string, roleId?: string): Promise<RoleView[]> {
    const [partner] = await db.select({ defaultRoleId: b2bBusinessPartner.defaultRoleId }).from(b2bBusinessPartner).where(eq(b2bBusinessPartner.customerId, partnerId));
    if (!partner) return [];
    const rows = await db
      .select({ id: b2bRole.id, name: b2bRole.name, permissions: b2bRole.permissions, employeeCount: count(b2bEmployee.id) })
      .from(b2bRole)
      .leftJoin(b2bEmployee, eq(b2bEmployee.roleId, b2bRole.id))
      .where(and(eq(b2bRole.partnerId, partnerId), roleId ? eq(b2bRole.id, roleId) : undefined))
      .groupBy(b2bRole.id)
      .orderBy(asc(sql`lower(${b2bRole.name})`));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      isDefault: row.id === partner.defaultRoleId,
      permissions: storedPermissions(row.permissions),
      employeeCount: Number(row.employeeCount),
    }));
  }

  /** Sends a new link to the invitation page (a fresh token; an older link dies): an invitation, or a new password. */
  async function sendInvitation(
    employee: { id: string; email: string; firstName: string; lastName: string; partnerId: string },
    locale: Locale,
    texts = INVITATION_MAIL[locale],
  ) {
    const token = newToken();
    await db
      .update(b2bEmployee)
      .set({ invitationTokenHash: hashToken(token), invitationExpiresAt: new Date(now().getTime() + INVITATION_TTL_HOURS * HOUR_MS) })
      .where(eq(b2bEmployee.id, employee.id));
    const company = await companyOf(employee.partnerId);
    const fill = (line: string) => line.replaceAll("{company}", company).replaceAll("{name}", `${employee.firstName} ${employee.lastName}`);
    const link = appUrl + buildPath(routeNames["frontend.account.employee.invitation.page"], { token });
    await mailer
      .send(linkMail(employee.email, link, { subject: fill(texts.subject), lines: texts.lines.map(fill) }))
      .catch((error: unknown) => logger.error("employee invitation mail failed", { employeeId: employee.id, error: String(error) }));
  }

  async function roleOfPartner(partnerId: string, roleId: string): Promise<boolean> {
    const [row] = await db.select({ id: b2bRole.id }).from(b2bRole).where(and(eq(b2bRole.id, roleId), eq(b2bRole.partnerId, partnerId)));
    return !!row;
  }

  /** Ends every session the employee is logged in with. */
  const endEmployeeSessions = (tx: Database, employeeId: string) =>
    tx.delete(session).where(inArray(session.tokenHash, tx.select({ tokenHash: b2bEmployeeSession.tokenHash }).from(b2bEmployeeSession).where(eq(b2bEmployeeSession.employeeId, employeeId))));

  /** The open invitation of `token`: unknown, used and expired tokens are all null. */
  async function openInvitation(token: string) {
    if (!invitationTokenSchema.safeParse(token).success) return null;
    const [row] = await db
      .select({ firstName: b2bEmployee.firstName, lastName: b2bEmployee.lastName, email: b2bEmployee.email, partnerId: b2bEmployee.partnerId, passwordHash: b2bEmployee.passwordHash })
      .from(b2bEmployee)
      .where(and(eq(b2bEmployee.invitationTokenHash, hashToken(token)), gt(b2bEmployee.invitationExpiresAt, now())));
    if (!row) return null;
    const { partnerId, passwordHash, ...view } = row;
    return { ...view, company: await companyOf(partnerId), reset: passwordHash !== null };
  }

  const ofPartner = (partnerId: string, employeeId: string) => and(eq(b2bEmployee.id, employeeId), eq(b2bEmployee.partnerId, partnerId));

  return {
    async actorOf(customerId, employeeId) {
      if (!isRowId(customerId)) return null;
      const [partner] = await db
        .select({ id: b2bBusinessPartner.customerId })
        .from(b2bBusinessPartner)
        .innerJoin(customer, eq(customer.id, b2bBusinessPartner.customerId))
        .where(and(eq(b2bBusinessPartner.customerId, customerId), eq(customer.salesChannelId, channel.id)));
      if (!partner) return null;
      if (!employeeId) return { partnerId: partner.id, employee: null, permissions: [...PERMISSIONS] };
      const [row] = await db
        .select({ employee: b2bEmployee, permissions: b2bRole.permissions })
        .from(b2bEmployee)
        .leftJoin(b2bRole, eq(b2bRole.id, b2bEmployee.roleId))
        .where(and(ofPartner(partner.id, employeeId), eq(b2bEmployee.active, true)));
      if (!row) return null;
      const { id, firstName, lastName, email } = row.employee;
      return { partnerId: partner.id, employee: { id, firstName, lastName, email }, permissions: storedPermissions(row.permissions ?? []) };
    },

    employees: (partnerId) => employeeViews(partnerId),
    roles: (partnerId) => roleViews(partnerId),

    async role(partnerId, roleId) {
      if (!isRowId(roleId)) return null;
      return (await roleViews(partnerId, roleId))[0] ?? null;
    },

    async roleOptions(partnerId) {
      const roles = await roleViews(partnerId);
      return [...roles.filter((r) => r.isDefault), ...roles.filter((r) => !r.isDefault)].map(({ id, name, isDefault }) => ({ id, name, isDefault }));
    },

    async invite(partnerId, input, { locale }) {
      const parsed = invitationSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const data = parsed.data;
      if (data.roleId && !(await roleOfPartner(partnerId, data.roleId))) return { ok: false, errors: { roleId: "role-unknown" } };
      const taken = { ok: false as const, errors: { email: "email-taken" as const } };
      if (await loginEmailTaken(db, channel.id, data.email)) return taken;
      let created: { id: string };
      try {
        [created] = (await db
          .insert(b2bEmployee)
          .values({ partnerId, email: data.email, firstName: data.firstName, lastName: data.lastName, roleId: data.roleId, active: false })
          .returning({ id: b2bEmployee.id })) as [{ id: string }];
      } catch (error) {
        if (isUniqueViolation(error)) return taken;
        throw error;
      }
      await sendInvitation({ ...data, id: created.id, partnerId }, locale);
      return { ok: true, value: (await employeeView(partnerId, created.id))! };
    },

    async deactivate(partnerId, employeeId) {
      if (!isRowId(employeeId)) return null;
      const changed = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [row] = await tx
          .update(b2bEmployee)
          .set({ active: false, invitationTokenHash: null, invitationExpiresAt: null })
          .where(ofPartner(partnerId, employeeId))
          .returning({ id: b2bEmployee.id });
        if (row) await endEmployeeSessions(tx, employeeId);
        return !!row;
      });
      return changed ? employeeView(partnerId, employeeId) : null;
    },

    async reactivate(partnerId, employeeId, { locale }) {
      if (!isRowId(employeeId)) return null;
      const [row] = await db.select().from(b2bEmployee).where(ofPartner(partnerId, employeeId));
      if (!row) return null;
      // Someone who never set a password gets a new invitation instead.
      if (row.passwordHash) await db.update(b2bEmployee).set({ active: true }).where(eq(b2bEmployee.id, row.id));
      else if (!row.active) await sendInvitation(row, locale);
      return employeeView(partnerId, employeeId);
    },

    async assignRole(partnerId, employeeId, roleId) {
      if (!isRowId(employeeId) || !(await employeeView(partnerId, employeeId))) return null;
      if (!isRowId(roleId) || !(await roleOfPartner(partnerId, roleId))) return { ok: false, errors: { roleId: "role-unknown" } };
      await db.update(b2bEmployee).set({ roleId }).where(ofPartner(partnerId, employeeId));
      return { ok: true, value: (await employeeView(partnerId, employeeId))! };
    },

    async remove(partnerId, employeeId) {
      if (!isRowId(employeeId)) return false;
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [owned] = await tx.select({ id: b2bEmployee.id }).from(b2bEmployee).where(ofPartner(partnerId, employeeId));
        if (!owned) return false;
        // The sessions go first: they would otherwise outlive the marker that makes them an employee's,
        // and act as the partner.
        await endEmployeeSessions(tx, employeeId);
        const deleted = await tx.delete(b2bEmployee).where(ofPartner(partnerId, employeeId)).returning({ id: b2bEmployee.id });
        return deleted.length > 0;
      });
    },

    invitation: openInvitation,

    async requestPasswordReset(email, { locale }) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) return;
      // Only an active employee with a password: a deactivated one stays out, an invited one has their invitation.
      const [row] = await db
        .select({ employee: b2bEmployee })
        .from(b2bEmployee)
        .innerJoin(customer, eq(customer.id, b2bEmployee.partnerId))
        .where(and(eq(b2bEmployee.email, parsed.data), eq(b2bEmployee.active, true), isNotNull(b2bEmployee.passwordHash), eq(customer.salesChannelId, channel.id)));
      if (row) await sendInvitation(row.employee, locale, RESET_MAIL[locale]);
    },

    async activate(token, input) {
      if (!(await openInvitation(token))) return null;
      const parsed = activationSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const passwordHash = await hashPassword(parsed.data.password);
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        // Using the token and setting the password in one statement: of two concurrent uses, one wins.
        const [row] = await tx
          .update(b2bEmployee)
          .set({ passwordHash, active: true, invitationTokenHash: null, invitationExpiresAt: null })
          .where(and(eq(b2bEmployee.invitationTokenHash, hashToken(token)), gt(b2bEmployee.invitationExpiresAt, now())))
          .returning({ id: b2bEmployee.id, email: b2bEmployee.email });
        if (!row) return null;
        // A new password logs out whoever knew the old one.
        await endEmployeeSessions(tx, row.id);
        return { ok: true as const, value: { email: row.email } };
      });
    },
    async saveRole(partnerId, roleId, input) {
      if (roleId !== null && (!isRowId(roleId) || !(await roleOfPartner(partnerId, roleId)))) return null;
      const parsed = roleSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const permissions = parsed.data.permissions as Permission[];
      // The server is the authority: a set missing a dependency is refused, never silently completed.
      if (missingDependency(permissions)) return { ok: false, errors: { permissions: "permissions-not-closed" } };
      const values = { name: parsed.data.name, permissions: withDependencies(permissions) };
      const nameTaken: Saved<RoleView> = { ok: false, errors: { name: "name-taken" } };
      try {
        const id = await db.transaction(async (t) => {
          const tx = t as unknown as Database;
          const [row] =
            roleId === null
              ? await tx.insert(b2bRole).values({ partnerId, ...values }).returning({ id: b2bRole.id })
              : await tx.update(b2bRole).set(values).where(and(eq(b2bRole.id, roleId), eq(b2bRole.partnerId, partnerId))).returning({ id: b2bRole.id });
          const saved = row!.id;
          if (parsed.data.isDefault) await tx.update(b2bBusinessPartner).set({ defaultRoleId: saved }).where(eq(b2bBusinessPartner.customerId, partnerId));
          else {
            await tx
              .update(b2bBusinessPartner)
              .set({ defaultRoleId: null })
              .where(and(eq(b2bBusinessPartner.customerId, partnerId), eq(b2bBusinessPartner.defaultRoleId, saved)));
          }
          return saved;
        });
        return { ok: true, value: (await roleViews(partnerId, id))[0]! };
      } catch (error) {
        if (isUniqueViolation(error)) return nameTaken;
        throw error;
      }
    },

    async deleteRole(partnerId, roleId) {
      if (!isRowId(roleId)) return false;
      const deleted = await db.delete(b2bRole).where(and(eq(b2bRole.id, roleId), eq(b2bRole.partnerId, partnerId))).returning({ id: b2bRole.id });
      return deleted.length > 0;
    },
  };
}
