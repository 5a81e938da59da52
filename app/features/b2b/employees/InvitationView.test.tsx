// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { InvitationView, type InvitationViewProps } from "./InvitationView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const limits = { name: 100, email: 254, passwordMin: 8, passwordMax: 128 };
const invitation = { firstName: "Ole", lastName: "Berg", email: "ole.berg@northwind.example", company: "Northwind Trading GmbH", reset: false };

describe("<InvitationView>", () => {
  let root: TestRoot;
  beforeEach(() => {
    root = createTestRoot();
  });
  afterEach(() => root.unmount());

  async function show(props: Omit<InvitationViewProps, "limits">) {
    const router = createMemoryRouter([{ path: "/", Component: () => <InvitationView {...props} limits={limits} /> }]);
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }
  const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

  it("asks an open invitation's employee for a password, the email shown read-only", async () => {
    await show({ invitation });
    expect(document.querySelector("h1")?.textContent).toBe("Activate your account");
    expect(document.body.textContent).toContain("Northwind Trading GmbH invited you to order for the company.");
    const email = document.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect([email.value, email.readOnly, email.name]).toEqual(["ole.berg@northwind.example", true, ""]);
    for (const name of ["password", "passwordConfirmation"]) {
      const field = input(name)!;
      expect([field.type, field.autocomplete, field.minLength, field.maxLength, field.required]).toEqual(["password", "new-password", 8, 128, true]);
    }
    expect(document.querySelector('button[type="submit"]')?.textContent).toBe("Activate account");
  });

  it("sets a new password for an employee who has one (the link of forgot password)", async () => {
    await show({ invitation: { ...invitation, reset: true } });
    expect(document.querySelector("h1")?.textContent).toBe("Set a new password");
    expect(document.body.textContent).toContain("Choose a new password for your login at Northwind Trading GmbH.");
    expect(document.querySelector('button[type="submit"]')?.textContent).toBe("Save password");
  });

  it("shows the server's field errors on the fields", async () => {
    await show({ invitation, errors: { passwordConfirmation: "confirmation-mismatch" } });
    expect(input("passwordConfirmation")?.getAttribute("aria-invalid")).toBe("true");
    expect(document.body.textContent).toContain("The entries do not match.");
  });

  it("explains an invalid link and offers the login page", async () => {
    await show({ invitation: null });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("This invitation link does not work any more");
    expect(input("password")).toBeNull();
    expect(document.querySelector("a")?.getAttribute("href")).toBe("/account/login");
  });

  it("confirms the activation with a link to log in", async () => {
    await show({ invitation: null, activated: true });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Your account is active.");
    const login = document.querySelector("a")!;
    expect([login.textContent, login.getAttribute("href")]).toEqual(["Log in", "/account/login"]);
  });
});
