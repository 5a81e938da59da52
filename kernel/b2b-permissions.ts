/*
 * The B2B permission tree (issue 23, CONTRACT §6, reference §15.1): groups of permissions, each of which
 * may need others. Checking a permission checks what it needs (transitively); unchecking one unchecks
 * what needs it (transitively). A role's set is valid only when it is closed under the dependencies: the
 * server refuses any other. Shared by the roles page's tree and the server's checks.
 */

/** The longest role name (the role form's field and the server's check). */
export const ROLE_NAME_MAX = 100;

export const PERMISSION_GROUPS = [
  {
    key: "employee",
    label: "Employees",
    permissions: [
      { key: "employee.read", label: "View employees", requires: [] },
      { key: "employee.edit", label: "Edit employees", requires: ["employee.read"] },
      { key: "employee.create", label: "Create employees", requires: ["employee.read", "employee.edit"] },
      { key: "employee.delete", label: "Delete employees", requires: ["employee.read", "employee.edit"] },
    ],
  },
  {
    key: "role",
    label: "Roles",
    permissions: [
      { key: "role.read", label: "View roles", requires: [] },
      { key: "role.edit", label: "Edit roles", requires: ["role.read"] },
      { key: "role.create", label: "Create roles", requires: ["role.read", "role.edit"] },
      { key: "role.delete", label: "Delete roles", requires: ["role.read", "role.edit"] },
    ],
  },
  {
    key: "order",
    label: "Orders",
    permissions: [{ key: "order.read.all", label: "View all orders", requires: [] }],
  },
  {
    key: "quote",
    label: "Quotes",
    permissions: [
      { key: "quote.request", label: "Request quotes", requires: [] },
      { key: "quote.read.all", label: "View all quotes", requires: [] },
      { key: "quote.accept", label: "Accept quotes", requires: ["quote.read.all"] },
      { key: "quote.decline", label: "Decline quotes", requires: ["quote.read.all"] },
      { key: "quote.request_change", label: "Request quote changes", requires: ["quote.read.all"] },
    ],
  },
  {
    key: "pending_order",
    label: "Pending orders",
    permissions: [
      { key: "pending_order.read_all", label: "View all pending orders", requires: [] },
      { key: "pending_order.approve_decline", label: "Approve or decline orders", requires: ["pending_order.read_all"] },
    ],
  },
  {
    key: "approval_rule",
    label: "Approval rules",
    permissions: [
      { key: "approval_rule.read", label: "View approval rules", requires: [] },
      { key: "approval_rule.create", label: "Create approval rules", requires: ["approval_rule.read", "approval_rule.update"] },
      { key: "approval_rule.update", label: "Edit approval rules", requires: ["approval_rule.read"] },
      { key: "approval_rule.delete", label: "Delete approval rules", requires: ["approval_rule.read", "approval_rule.update"] },
    ],
  },
] as const;

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];
export type Permission = PermissionGroup["permissions"][number]["key"];

/** Every permission in the tree's order. */
export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((group) => group.permissions.map((p) => p.key));

const REQUIRES = new Map<Permission, readonly Permission[]>(PERMISSION_GROUPS.flatMap((group) => group.permissions.map((p) => [p.key, p.requires] as const)));

/** The permissions that need `permission` directly. */
const REQUIRED_BY = new Map<Permission, Permission[]>(PERMISSIONS.map((key) => [key, PERMISSIONS.filter((other) => REQUIRES.get(other)!.includes(key))]));

export function isPermission(value: string): value is Permission {
  return REQUIRES.has(value as Permission);
}

/** A set in the tree's order (so equal sets compare equal as arrays). */
function ordered(set: ReadonlySet<Permission>): Permission[] {
  return PERMISSIONS.filter((key) => set.has(key));
}

/** Walks the graph from `start` along `next`, `start` included. */
function reach(start: Iterable<Permission>, next: (key: Permission) => readonly Permission[]): Set<Permission> {
  const seen = new Set<Permission>();
  const stack = [...start];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...next(key));
  }
  return seen;
}

/** The set with everything its permissions need, transitively. */
export function withDependencies(permissions: Iterable<Permission>): Permission[] {
  return ordered(reach(permissions, (key) => REQUIRES.get(key)!));
}

/** The set without `removed` and everything that needs any of them, transitively. */
export function withoutDependents(permissions: Iterable<Permission>, removed: Iterable<Permission>): Permission[] {
  const gone = reach(removed, (key) => REQUIRED_BY.get(key)!);
  return ordered(new Set([...permissions].filter((key) => !gone.has(key))));
}

/** Checking (with what it needs) or unchecking (with what needs it) one permission. */
export function togglePermission(permissions: Iterable<Permission>, permission: Permission, checked: boolean): Permission[] {
  return checked ? withDependencies([...permissions, permission]) : withoutDependents(permissions, [permission]);
}

/** A group's checkbox: all its permissions, some, or none. */
export function groupState(permissions: Iterable<Permission>, group: PermissionGroup): "checked" | "mixed" | "unchecked" {
  const set = new Set(permissions);
  const held = group.permissions.filter((p) => set.has(p.key)).length;
  return held === 0 ? "unchecked" : held === group.permissions.length ? "checked" : "mixed";
}

/** The group's checkbox toggles all of its permissions (with their dependencies, or their dependents). */
export function toggleGroup(permissions: Iterable<Permission>, group: PermissionGroup, checked: boolean): Permission[] {
  const keys = group.permissions.map((p) => p.key);
  return checked ? withDependencies([...permissions, ...keys]) : withoutDependents(permissions, keys);
}

/** The first permission of the set whose dependency is missing, or null when the set is closed. */
export function missingDependency(permissions: Iterable<Permission>): { permission: Permission; requires: Permission } | null {
  const set = new Set(permissions);
  for (const permission of ordered(set)) {
    const missing = REQUIRES.get(permission)!.find((required) => !set.has(required));
    if (missing) return { permission, requires: missing };
  }
  return null;
}

export function labelOf(permission: Permission): string {
  for (const group of PERMISSION_GROUPS) for (const p of group.permissions) if (p.key === permission) return p.label;
  return permission;
}
