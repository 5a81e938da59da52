// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RoleFormView } from "./RoleFormView";
import { button, checkbox, dialog, page, posts } from "./testing";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROLE_ID = "0b7c4d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";
const buyer = { id: ROLE_ID, name: "Buyer", isDefault: false, permissions: ["quote.request" as const] };

describe("<RoleFormView> default role (spec §4: reverts unless confirmed)", () => {
  let root: TestRoot;
  beforeEach(async () => {
    posts.length = 0;
    root = createTestRoot();
    await root.render(page(`/account/roles/${ROLE_ID}`, <RoleFormView role={buyer} canDelete />));
  });
  afterEach(() => root.unmount());

  const defaultRole = () => checkbox("Default role");
  const askFirst = async () => {
    await act(async () => defaultRole().click());
    expect(defaultRole().checked).toBe(true);
    const asking = dialog("Set default role");
    expect(asking?.textContent).toContain("New employees get this role unless you choose another.");
    return asking!;
  };

  it("shows the role's name and the form's fields", () => {
    expect(document.querySelector("h1")!.textContent).toBe("Edit role: Buyer");
    expect(document.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe("Buyer");
    expect(checkbox("Request quotes").checked).toBe(true);
  });

  it("unchecks the box again on Cancel", async () => {
    const asking = await askFirst();
    await act(async () => button("Cancel", asking).click());
    expect(dialog("Set default role")).toBeNull();
    expect(defaultRole().checked).toBe(false);
  });

  it("unchecks the box again on Escape", async () => {
    const asking = await askFirst();
    await act(async () => {
      asking.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    expect(dialog("Set default role")).toBeNull();
    expect(defaultRole().checked).toBe(false);
  });

  it("keeps it checked on Confirm, and the form then posts isDefault=1", async () => {
    const asking = await askFirst();
    await act(async () => button("Confirm", asking).click());
    expect(dialog("Set default role")).toBeNull();
    expect(defaultRole().checked).toBe(true);
    expect(new FormData(defaultRole().form!).get("isDefault")).toBe("1");
  });

  it("unchecks without asking", async () => {
    const asking = await askFirst();
    await act(async () => button("Confirm", asking).click());
    await act(async () => defaultRole().click());
    expect(dialog("Set default role")).toBeNull();
    expect(defaultRole().checked).toBe(false);
  });

  it("deletes the role only after the Delete role dialog is confirmed, by a post to the roles page", async () => {
    await act(async () => button("Delete role").click());
    const asking = dialog("Delete role");
    expect(asking?.textContent).toContain("“Buyer”");
    expect(posts).toEqual([]);
    await act(async () => button("Confirm", asking!).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(posts).toEqual([
      {
        method: "POST",
        path: "/account/roles",
        form: [
          ["intent", "delete"],
          ["roleId", ROLE_ID],
        ],
      },
    ]);
  });
});
