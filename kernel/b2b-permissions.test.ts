import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  groupState,
  missingDependency,
  PERMISSION_GROUPS,
  PERMISSIONS,
  toggleGroup,
  togglePermission,
  withDependencies,
  withoutDependents,
  type Permission,
} from "./b2b-permissions";

/*
 * The permission tree's rules as properties over the real graph (CONTRACT §6): closure on check, cascade
 * on uncheck, group states, and the server's "closed under dependencies" check.
 */

const permission = fc.constantFrom(...PERMISSIONS);
const permissionSet = fc.uniqueArray(permission, { maxLength: PERMISSIONS.length });
const group = fc.constantFrom(...PERMISSION_GROUPS);
const closed = (set: Permission[]) => missingDependency(set) === null;
const same = (a: Iterable<Permission>, b: Iterable<Permission>) => expect(new Set(a)).toEqual(new Set(b));

describe("the permission graph (CONTRACT §6)", () => {
  it("has the contract's dependencies", () => {
    expect(withDependencies(["employee.create"])).toEqual(["employee.read", "employee.edit", "employee.create"]);
    expect(withDependencies(["employee.delete"])).toEqual(["employee.read", "employee.edit", "employee.delete"]);
    expect(withDependencies(["role.create"])).toEqual(["role.read", "role.edit", "role.create"]);
    expect(withDependencies(["quote.accept", "quote.decline", "quote.request_change"])).toEqual(["quote.read.all", "quote.accept", "quote.decline", "quote.request_change"]);
    expect(withDependencies(["pending_order.approve_decline"])).toEqual(["pending_order.read_all", "pending_order.approve_decline"]);
    expect(withDependencies(["approval_rule.delete"])).toEqual(["approval_rule.read", "approval_rule.update", "approval_rule.delete"]);
    expect(withDependencies(["quote.request"])).toEqual(["quote.request"]);
    expect(withDependencies(["order.read.all"])).toEqual(["order.read.all"]);
    expect(PERMISSION_GROUPS.map((g) => g.label)).toEqual(["Employees", "Roles", "Orders", "Quotes", "Pending orders", "Approval rules"]);
    expect(PERMISSIONS).toHaveLength(20);
  });

  it("closure: contains the set, is closed, and is the smallest closed superset (closing again changes nothing)", () => {
    fc.assert(
      fc.property(permissionSet, (set) => {
        const closure = withDependencies(set);
        for (const key of set) expect(closure).toContain(key);
        expect(closed(closure)).toBe(true);
        expect(withDependencies(closure)).toEqual(closure);
        // Minimal: taking out any permission not asked for leaves a set that is not closed, or one that misses something asked for.
        for (const extra of closure.filter((key) => !set.includes(key))) {
          const smaller = closure.filter((key) => key !== extra);
          expect(closed(smaller)).toBe(false);
        }
      }),
    );
  });

  it("cascade: unchecking removes the permission and everything that needs it, keeps a closed set closed, and removes nothing else", () => {
    fc.assert(
      fc.property(permissionSet, permission, (raw, key) => {
        const set = withDependencies(raw);
        const after = withoutDependents(set, [key]);
        expect(after).not.toContain(key);
        expect(closed(after)).toBe(true);
        for (const kept of set.filter((k) => !after.includes(k))) {
          // Each removed permission needed `key`, directly or not.
          expect(withDependencies([kept])).toContain(key);
        }
      }),
    );
  });

  it("toggling a permission on then off gives back a closed set without it; off then on holds it with its dependencies", () => {
    fc.assert(
      fc.property(permissionSet, permission, (raw, key) => {
        const set = withDependencies(raw);
        const on = togglePermission(set, key, true);
        expect(on).toContain(key);
        expect(closed(on)).toBe(true);
        const off = togglePermission(on, key, false);
        expect(off).not.toContain(key);
        expect(closed(off)).toBe(true);
        same(togglePermission(off, key, true).filter((k) => withDependencies([key]).includes(k)), withDependencies([key]));
      }),
    );
  });

  it("a group shows checked, mixed or unchecked from its members, and its checkbox toggles them all", () => {
    fc.assert(
      fc.property(permissionSet, group, (raw, g) => {
        const set = withDependencies(raw);
        const members = g.permissions.map((p) => p.key);
        const held = members.filter((key) => set.includes(key)).length;
        expect(groupState(set, g)).toBe(held === 0 ? "unchecked" : held === members.length ? "checked" : "mixed");
        const all = toggleGroup(set, g, true);
        expect(groupState(all, g)).toBe("checked");
        expect(closed(all)).toBe(true);
        const none = toggleGroup(all, g, false);
        expect(groupState(none, g)).toBe("unchecked");
        expect(closed(none)).toBe(true);
      }),
    );
  });

  it("the server's check: a set is accepted exactly when it equals its closure", () => {
    fc.assert(
      fc.property(permissionSet, (set) => {
        expect(closed(set)).toBe(withDependencies(set).length === set.length);
      }),
    );
    expect(missingDependency(["employee.edit"])).toEqual({ permission: "employee.edit", requires: "employee.read" });
    expect(missingDependency(["quote.accept"])).toEqual({ permission: "quote.accept", requires: "quote.read.all" });
  });
});
