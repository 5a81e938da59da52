// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmployeeView } from "../../../../server/b2b/types";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { EmployeesView, type EmployeesViewProps } from "./EmployeesView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MARA: EmployeeView = {
  id: "5b0c6f1e-2a53-4d6e-9b1a-0f4a8c3d2e11",
  firstName: "Mara",
  lastName: "Lind",
  email: "mara.lind@northwind.example",
  roleId: "r-buyer",
  roleName: "Buyer",
  status: "active",
};

const base: EmployeesViewProps = {
  employees: [MARA],
  roles: [
    { id: "r-approver", name: "Approver", isDefault: false },
    { id: "r-buyer", name: "Buyer", isDefault: true },
  ],
  can: { create: true, edit: true, delete: true },
  notice: null,
  limits: { name: 100, email: 254, passwordMin: 8, passwordMax: 128 },
};

const PAGE = "/account/employees";

describe("<EmployeesView>", () => {
  let root: TestRoot;
  let router: ReturnType<typeof createMemoryRouter>;
  let requests: Request[];
  let answer: Response;
  let posted: [string, FormDataEntryValue][] | null;

  beforeEach(() => {
    root = createTestRoot();
    requests = [];
    posted = null;
    answer = Response.json({ success: true, firstName: "Mara", lastName: "Lind" });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(new URL(String(input), "http://shop.test"), init));
      return answer;
    });
  });
  afterEach(async () => {
    await root.unmount();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function show(props: Partial<EmployeesViewProps> = {}) {
    router = createMemoryRouter(
      [
        {
          path: PAGE,
          Component: () => <EmployeesView {...base} {...props} />,
          action: async ({ request }) => {
          posted = [...(await request.formData())];
          return null;
        },
      },
    ],
      { initialEntries: [PAGE] },
    );
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const button = (name: string) => {
    const found = [...document.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
    if (!found) throw new Error(`no button named ${name}`);
    return found;
  };
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const click = (element: HTMLElement) => act(async () => element.click());
  /** Lets the stubbed call answer and the dialog react to it. */
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  it("opens the deactivate dialog naming the person, and Cancel closes it without a request, focus back on the button", async () => {
    await show();
    const deactivate = button("Deactivate Mara Lind");
    await click(deactivate);
    expect(dialog()?.textContent).toContain("Deactivate employee");
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    expect(dialog()?.textContent).toContain("Mara Lind will no longer be able to log in");
    await click(button("Cancel"));
    await settle();
    expect(dialog()).toBeNull();
    expect(requests).toEqual([]);
    expect(document.activeElement).toBe(deactivate);
  });

  it("deactivates with a GET to the action URL, then shows the page with the spec's confirmation query", async () => {
    await show();
    await click(button("Deactivate Mara Lind"));
    await click(button("Confirm"));
    await settle();
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get("X-Requested-With")])).toEqual([
      ["GET", `/account/employees/${MARA.id}/deactivate`, "XMLHttpRequest"],
    ]);
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe("/account/employees?deactivate=true&firstName=Mara&lastName=Lind");
    expect(dialog()).toBeNull();
  });

  it("deletes with a DELETE to the action URL, then reloads the page", async () => {
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    answer = Response.json({ success: true });
    await show();
    await click(button("Delete Mara Lind"));
    expect(dialog()?.textContent).toContain("Delete employee");
    await click(button("Confirm"));
    await settle();
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get("X-Requested-With")])).toEqual([
      ["DELETE", `/account/employees/${MARA.id}/delete`, "XMLHttpRequest"],
    ]);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows a refusal's sentence in the dialog and keeps it open", async () => {
    answer = Response.json({ success: false, errors: [{ status: "403", message: "Your role does not allow this." }] }, { status: 403 });
    await show();
    await click(button("Delete Mara Lind"));
    await click(button("Confirm"));
    await settle();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe("Your role does not allow this.");
    expect(router.state.location.search).toBe("");
  });

  it("opens Add employee again with the values and the server's field errors after a refused invitation", async () => {
    await show({
      invitation: { errors: { email: "email-taken" }, values: { firstName: "Ole", lastName: "Berg", email: "mara.lind@northwind.example", roleId: "r-approver" } },
    });
    expect(dialog()?.textContent).toContain("Add employee");
    const field = (name: string) => dialog()!.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
    expect([field("firstName").value, field("lastName").value, field("email").value, field("roleId").value]).toEqual([
      "Ole",
      "Berg",
      "mara.lind@northwind.example",
      "r-approver",
    ]);
    expect(field("email").getAttribute("aria-invalid")).toBe("true");
    expect(dialog()?.textContent).toContain("An account with this email address already exists.");
    expect(document.activeElement).toBe(field("email"));
  });

  it("preselects the default role and offers no 'No role' when the company has roles", async () => {
    await show();
    await click(button("Add employee"));
    const role = dialog()!.querySelector<HTMLSelectElement>('[name="roleId"]')!;
    expect(role.value).toBe("r-buyer");
    expect([...role.options].map((option) => option.textContent)).toEqual(["Approver", "Buyer"]);
  });

  it("confirms a deactivation and a sent invitation in a status", async () => {
    await show({ notice: { kind: "deactivated", firstName: "Mara", lastName: "Lind" } });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Mara Lind has been deactivated.");
    await root.unmount();
    root = createTestRoot();
    await show({ invitation: { invited: "ole.berg@northwind.example" } });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Invitation sent to ole.berg@northwind.example.");
    expect(dialog()).toBeNull();
  });

  it("offers only what the role allows: Reactivate for a deactivated employee, no Delete without the permission", async () => {
    await show({ employees: [{ ...MARA, status: "inactive" }], can: { create: false, edit: true, delete: false } });
    const names = [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim());
    expect(names).toEqual(["Change role", "Reactivate Mara Lind"]);
    expect(document.querySelector('select[aria-label="Role of Mara Lind"]')).not.toBeNull();
  });

  it("posts a role change and a reactivation as plain forms of the page", async () => {
    await show({ employees: [{ ...MARA, status: "inactive" }] });
    const role = document.querySelector<HTMLSelectElement>('select[aria-label="Role of Mara Lind"]')!;
    role.value = "r-approver";
    await click(button("Change role"));
    await settle();
    expect(posted).toEqual([
      ["intent", "assign-role"],
      ["employeeId", MARA.id],
      ["roleId", "r-approver"],
    ]);
    await click(button("Reactivate Mara Lind"));
    await settle();
    expect(posted).toEqual([
      ["intent", "reactivate"],
      ["employeeId", MARA.id],
    ]);
  });

  it("says so when there are no employees yet", async () => {
    await show({ employees: [] });
    expect(document.body.textContent).toContain("No employees yet. Invite the people who buy for your company.");
    expect(document.querySelector("table")).toBeNull();
  });
});
