import type { Permission } from "../../kernel/b2b-permissions";
import type { Locale } from "../../kernel/i18n/locales";
import type { CustomerView, FieldErrors } from "../customer/types";
import type { ActivationInput, B2bActor, EmployeeView, InvitationInput, RoleInput, RoleOption, RoleView } from "./types";

/** What an invitation link shows before the employee sets a password. */
export interface InvitationView {
  firstName: string;
  lastName: string;
  email: string;
  /** The business partner's company name. */
  company: string;
  /** The employee has a password already: the link (from "forgot password") sets a new one. */
  reset: boolean;
}

export type Saved<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * The B2B domain (issue 23). Every method that takes `partnerId` reads and writes only that company's
 * objects: another company's id is treated as unknown (null / false). Callers check the actor's
 * permission before calling (app/b2b.server.ts, server/http/b2b.ts); the service checks ownership.
 */
export interface B2bService {
  /** The actor of a session: null when the customer is no business partner (or the employee is gone or inactive). */
  actorOf(customerId: string, employeeId: string | null): Promise<B2bActor | null>;
  employees(partnerId: string): Promise<EmployeeView[]>;
  roles(partnerId: string): Promise<RoleView[]>;
  role(partnerId: string, roleId: string): Promise<RoleView | null>;
  /** The roles as choices, the default first. */
  roleOptions(partnerId: string): Promise<RoleOption[]>;
  /** Creates an invited employee and sends the invitation mail (single use, expires after INVITATION_TTL_HOURS). */
  invite(partnerId: string, input: InvitationInput, mail: { locale: Locale }): Promise<Saved<EmployeeView>>;
  /** Sets `active` false and ends the employee's sessions. */
  deactivate(partnerId: string, employeeId: string): Promise<EmployeeView | null>;
  /** Lets a deactivated employee log in again; one who never set a password gets a new invitation. */
  reactivate(partnerId: string, employeeId: string, mail: { locale: Locale }): Promise<EmployeeView | null>;
  assignRole(partnerId: string, employeeId: string, roleId: string): Promise<Saved<EmployeeView> | null>;
  /** Deletes the employee (their orders keep the name they were placed under). */
  remove(partnerId: string, employeeId: string): Promise<boolean>;
  /** The open invitation of `token`, or null (unknown, used or expired). */
  invitation(token: string): Promise<InvitationView | null>;
  /**
   * "Forgot password" for an active employee: a link to the same page sets a new password (the login
   * form's recover page calls this after the customers' reset, which found no customer account).
   */
  requestPasswordReset(email: string, mail: { locale: Locale }): Promise<void>;
  /**
   * Sets the password and activates the employee; the token is used up and the employee's other sessions
   * end. null: the invitation is not open.
   */
  activate(token: string, input: ActivationInput): Promise<Saved<{ email: string }> | null>;
  /** Creates (`roleId` null) or updates a role; null when `roleId` is not the company's. */
  saveRole(partnerId: string, roleId: string | null, input: RoleInput): Promise<Saved<RoleView> | null>;
  /** Deletes the role; its employees keep no role (they may still shop). */
  deleteRole(partnerId: string, roleId: string): Promise<boolean>;
}

/** Whether `employeeId` is the actor's own login: nobody deactivates or deletes themself (the partner has none). */
export function isSelf(actor: B2bActor, employeeId: string): boolean {
  return actor.employee?.id === employeeId;
}

/** Whether the actor holds `permission`. */
export function allows(actor: B2bActor, permission: Permission): boolean {
  return actor.permissions.includes(permission);
}

/**
 * Whose orders an account page shows (CONTRACT §6, issue 23): an employee without `order.read.all`
 * sees only the orders they placed (their id is returned as the filter); the partner, an employee with
 * it, and every other customer see all of the account's (null).
 */
export async function ordersFilterOf(b2b: Pick<B2bService, "actorOf">, customer: CustomerView): Promise<string | null> {
  if (!customer.employee) return null;
  const actor = await b2b.actorOf(customer.id, customer.employee.id);
  return actor && allows(actor, "order.read.all") ? null : customer.employee.id;
}
