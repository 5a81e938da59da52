// @vitest-environment happy-dom
import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Permission } from "../../../../kernel/b2b-permissions";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { PermissionTree } from "./PermissionTree";
import { checkbox } from "./testing";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The tree as a form holds it: its state is the form's. */
function RoleForm({ initial }: { initial: Permission[] }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <PermissionTree value={value} onChange={setValue} />
    </form>
  );
}

describe("<PermissionTree> (CONTRACT §6, spec §4)", () => {
  let root: TestRoot;
  beforeEach(() => {
    root = createTestRoot();
  });
  afterEach(() => root.unmount());

  const click = (box: HTMLInputElement) => act(async () => box.click());
  const posted = () => new FormData(document.querySelector("form")!).getAll("permissions");
  const announced = () => document.querySelector('[role="status"]')!.textContent;
  const press = (key: string) =>
    act(async () => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    });

  it("is a group named Permissions with a box per group and per permission", async () => {
    await root.render(<RoleForm initial={[]} />);
    expect(document.querySelector("fieldset > legend")!.textContent).toBe("Permissions");
    for (const name of ["Employees", "Roles", "Orders", "Quotes", "Pending orders", "Approval rules", "View employees", "Approve or decline orders"]) {
      expect(checkbox(name).checked).toBe(false);
    }
    expect(document.querySelectorAll('input[name="permissions"]')).toHaveLength(20);
  });

  it("checks what a permission needs, shows it as help, and announces it", async () => {
    await root.render(<RoleForm initial={[]} />);
    const create = checkbox("Create employees");
    expect(document.getElementById(create.getAttribute("aria-describedby")!)!.textContent).toBe("Needs: View employees, Edit employees");

    await click(create);
    expect([create.checked, checkbox("View employees").checked, checkbox("Edit employees").checked]).toEqual([true, true, true]);
    expect(checkbox("Delete employees").checked).toBe(false);
    expect(announced()).toBe("Also checked: View employees, Edit employees");
    expect(posted()).toEqual(["employee.read", "employee.edit", "employee.create"]);
  });

  it("unchecks what needs an unchecked permission, nested", async () => {
    await root.render(<RoleForm initial={["role.read", "role.edit", "role.create", "role.delete", "quote.read.all"]} />);
    await click(checkbox("View roles"));
    for (const name of ["View roles", "Edit roles", "Create roles", "Delete roles"]) expect(checkbox(name).checked).toBe(false);
    expect(announced()).toBe("Also unchecked: Edit roles, Create roles, Delete roles");
    expect(posted()).toEqual(["quote.read.all"]);
  });

  it("shows a group as mixed (indeterminate and aria-checked) while only some of it is checked", async () => {
    await root.render(<RoleForm initial={["quote.read.all"]} />);
    const quotes = checkbox("Quotes");
    expect(quotes.indeterminate).toBe(true);
    expect(quotes.getAttribute("aria-checked")).toBe("mixed");
    expect(quotes.checked).toBe(false);

    const orders = checkbox("Orders");
    expect([orders.checked, orders.indeterminate, orders.hasAttribute("aria-checked")]).toEqual([false, false, false]);
    await click(checkbox("View all orders"));
    expect([orders.checked, orders.indeterminate, orders.hasAttribute("aria-checked")]).toEqual([true, false, false]);
  });

  it("checks all of a mixed group with its box, and unchecks all of a checked one", async () => {
    await root.render(<RoleForm initial={["pending_order.read_all", "quote.request"]} />);
    const group = checkbox("Pending orders");
    await click(group);
    expect([group.checked, group.indeterminate, group.hasAttribute("aria-checked")]).toEqual([true, false, false]);
    expect(posted()).toEqual(["quote.request", "pending_order.read_all", "pending_order.approve_decline"]);

    await click(group);
    expect([group.checked, group.indeterminate]).toEqual([false, false]);
    expect(posted()).toEqual(["quote.request"]);
  });

  it("moves the focus through the boxes with the arrow keys, Home and End", async () => {
    await root.render(<RoleForm initial={[]} />);
    checkbox("Employees").focus();
    await press("ArrowDown");
    expect(document.activeElement).toBe(checkbox("View employees"));
    await press("ArrowUp");
    await press("ArrowUp");
    // From the first box up wraps to the last.
    expect(document.activeElement).toBe(checkbox("Delete approval rules"));
    await press("Home");
    expect(document.activeElement).toBe(checkbox("Employees"));
    await press("End");
    expect(document.activeElement).toBe(checkbox("Delete approval rules"));
  });
});
