import type { Permission } from "../../kernel/b2b-permissions";

/*
 * What the B2B pages show (issue 23, CONTRACT §6). The account of a business partner (a company
 * customer) is shared by its employees; each employee acts with the permissions of their role, the
 * partner with all of them.
 */

/** An employee's state: invited (no password yet), active, or deactivated (cannot log in). */
export type EmployeeStatus = "invited" | "active" | "inactive";

/** One row of the employees page. */
export interface EmployeeView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roleId: string | null;
  roleName: string | null;
  status: EmployeeStatus;
}

/** A role in a choice (the invitation's role select). */
export interface RoleOption {
  id: string;
  name: string;
  /** The partner's default role: preselected for new employees. */
  isDefault: boolean;
}

/** One row of the roles page, and the role form's data. */
export interface RoleView extends RoleOption {
  permissions: Permission[];
  /** How many employees have this role. */
  employeeCount: number;
}

/** Who is acting: the partner themself, or one of their employees (with their role's permissions). */
export interface B2bActor {
  /** The business partner's customer id: every object read or written belongs to it. */
  partnerId: string;
  /** Null for the partner themself. */
  employee: { id: string; firstName: string; lastName: string; email: string } | null;
  /** What the actor may do: every permission for the partner, the role's for an employee. */
  permissions: Permission[];
}

/** The B2B forms' inputs (as posted; the service validates them). */
export interface InvitationInput {
  firstName: string;
  lastName: string;
  email: string;
  roleId: string;
}

export interface ActivationInput {
  password: string;
  passwordConfirmation: string;
}

export interface RoleInput {
  name: string;
  isDefault: boolean;
  /** Permission keys as posted: unknown keys and sets not closed under their dependencies are refused. */
  permissions: string[];
}
