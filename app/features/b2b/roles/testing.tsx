import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { routeNames } from "../../../../kernel/route-names";
import { RouteTableContext } from "../../../ui/use-route-path";

/*
 * Finding controls as a user does in the roles pages' DOM tests: by role and accessible name (the
 * text of the control's label), since @testing-library is not installed here.
 */

function labelText(control: HTMLElement): string {
  const label = control.closest("label") ?? (control.id ? control.ownerDocument.querySelector(`label[for="${control.id}"]`) : null);
  return label?.textContent?.trim() ?? "";
}

/** The checkbox named `name`. */
export function checkbox(name: string, within: ParentNode = document): HTMLInputElement {
  const found = Array.from(within.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find((box) => labelText(box) === name);
  if (!found) throw new Error(`No checkbox named "${name}"`);
  return found;
}

/** The button named `name` (its text). */
export function button(name: string, within: ParentNode = document): HTMLButtonElement {
  const found = Array.from(within.querySelectorAll("button")).find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
  if (!found) throw new Error(`No button named "${name}"`);
  return found;
}

/** The open dialog named `name` (its title), or null. */
export function dialog(name: string): HTMLElement | null {
  return Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find((d) => d.querySelector("h2")?.textContent === name) ?? null;
}

/** What the roles page's action received: the method, path and form of each post. */
export const posts: { method: string; path: string; form: [string, string][] }[] = [];

/** A page at `path` with the route table, and the roles page taking posts. */
export function page(path: string, ui: ReactNode) {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => <RouteTableContext.Provider value={routeNames}>{ui}</RouteTableContext.Provider>,
    },
    {
      path: routeNames["frontend.account.roles.page"],
      Component: () => <p>Roles list</p>,
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push({ method: request.method, path: new URL(request.url).pathname, form: [...form].map(([k, v]) => [k, String(v)]) });
        return null;
      },
    },
  ]);
  return <Stub initialEntries={[path]} />;
}
