// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RolesView } from "./RolesView";
import { button, dialog, page, posts } from "./testing";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BUYER_ID = "0b7c4d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";

describe("<RolesView>", () => {
  let root: TestRoot;
  beforeEach(() => {
    posts.length = 0;
    root = createTestRoot();
  });
  afterEach(() => root.unmount());

  const roles = [
    {
      id: BUYER_ID,
      name: "Buyer",
      isDefault: true,
      permissions: ["quote.request" as const],
      employeeCount: 2,
    },
    {
      id: "1c7c4d1e-2f3a-4b5c-8d6e-7f8091a2b3c4",
      name: "Guest",
      isDefault: false,
      permissions: [],
      employeeCount: 0,
    },
  ];

  it("lists the roles with their default, permission and employee counts, and the actions allowed", async () => {
    await root.render(page("/account/roles/list", <RolesView roles={roles} can={{ create: true, edit: true, delete: false }} notice="saved" />));
    const rows = Array.from(document.querySelectorAll("tbody tr"), (row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ["Buyer", "Default", "1", "2", "Edit Buyer"],
      ["Guest", "", "None", "0", "Edit Guest"],
    ]);
    expect(document.querySelector('a[href="/account/roles/' + BUYER_ID + '"]')!.textContent).toBe("Edit Buyer");
    expect(button("Add role").form!.getAttribute("action")).toBe("/account/roles/create");
    expect(button("Add role").form!.method).toBe("get");
    expect(document.querySelector('[role="status"]')!.textContent).toBe("The role has been saved.");
  });

  it("asks before deleting, then posts intent=delete and the role's id", async () => {
    await root.render(page("/account/roles/list", <RolesView roles={roles} can={{ create: false, edit: false, delete: true }} />));
    await act(async () => button("Delete Guest").click());
    await act(async () => button("Cancel", dialog("Delete role")!).click());
    expect(posts).toEqual([]);
    await act(async () => button("Delete Guest").click());
    await act(async () => button("Confirm", dialog("Delete role")!).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(posts).toEqual([
      {
        method: "POST",
        path: "/account/roles",
        form: [
          ["intent", "delete"],
          ["roleId", roles[1]!.id],
        ],
      },
    ]);
  });

  it("says so when there are no roles", async () => {
    await root.render(page("/account/roles/list", <RolesView roles={[]} can={{ create: true, edit: true, delete: true }} />));
    expect(document.querySelector("table")).toBeNull();
    expect(document.body.textContent).toContain("Your company has no roles yet.");
  });
});
