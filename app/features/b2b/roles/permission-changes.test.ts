import { describe, expect, it } from "vitest";
import { togglePermission, toggleGroup, PERMISSION_GROUPS } from "../../../../kernel/b2b-permissions";
import { en } from "../../../../kernel/i18n/en";
import { focusTarget, sideEffects } from "./permission-changes";

describe("sideEffects", () => {
  it("names what checking a permission checked besides it", () => {
    const after = togglePermission([], "employee.create", true);
    expect(sideEffects([], after, ["employee.create"])).toEqual({ checked: ["employee.read", "employee.edit"], unchecked: [] });
  });

  it("names what unchecking a permission unchecked besides it", () => {
    const before = togglePermission([], "employee.delete", true);
    const after = togglePermission(before, "employee.read", false);
    expect(sideEffects(before, after, ["employee.read"])).toEqual({ checked: [], unchecked: ["employee.edit", "employee.delete"] });
  });

  it("names nothing when a group's toggle changed only its own permissions", () => {
    const quotes = PERMISSION_GROUPS.find((group) => group.key === "quote")!;
    const after = toggleGroup([], quotes, true);
    expect(
      sideEffects(
        [],
        after,
        quotes.permissions.map((p) => p.key),
      ),
    ).toEqual({ checked: [], unchecked: [] });
  });
});

describe("focusTarget", () => {
  it("moves down and up, wrapping at the ends", () => {
    expect(focusTarget("ArrowDown", 0, 3)).toBe(1);
    expect(focusTarget("ArrowDown", 2, 3)).toBe(0);
    expect(focusTarget("ArrowUp", 0, 3)).toBe(2);
  });

  it("jumps to the first and last with Home and End, and ignores other keys", () => {
    expect(focusTarget("Home", 2, 3)).toBe(0);
    expect(focusTarget("End", 0, 3)).toBe(2);
    expect(focusTarget(" ", 0, 3)).toBeNull();
  });
});

describe("the tree's English texts", () => {
  it("are the contract's names (kernel/b2b-permissions), so the page and the tests agree", () => {
    for (const group of PERMISSION_GROUPS) {
      expect(en[`customer.roles.group.${group.key}`]).toBe(group.label);
      for (const permission of group.permissions) expect(en[`customer.roles.permission.${permission.key}`]).toBe(permission.label);
    }
  });
});
