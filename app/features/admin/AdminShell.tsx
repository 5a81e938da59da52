import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { useHydrated } from "../../ui/use-hydrated";
import type { RouteName } from "../../../kernel/route-names";
import { useRoutePath } from "../../ui/use-route-path";
// The storefront's field styles (labels, inputs, hints) for every console form.
import "../../ui/form/Form.css";
import "./admin.css";

/**
 * The console's pages, in the navigation's order (CONTRACT §9). A feature that brings an operator page
 * adds its route here and in app/routes.ts: the layout, the table and the form primitives are shared.
 */
export const CONSOLE_PAGES: readonly { route: RouteName; label: string }[] = [
  { route: "admin.reviews.page", label: "Reviews" },
  { route: "admin.orders.page", label: "Orders" },
  { route: "admin.quotes.page", label: "Quotes" },
  { route: "admin.eligibility.page", label: "Eligibility proofs" },
  { route: "admin.blacklist.page", label: "Blacklist" },
  { route: "admin.finish-text.page", label: "Finish text" },
  { route: "admin.visitors.page", label: "Visitors" },
  { route: "admin.audit.page", label: "Audit log" },
];

/** The console's frame: its own header (not the storefront's), the navigation and the operator's logout. */
export function AdminShell({ operatorEmail, children }: { operatorEmail: string; children: ReactNode }) {
  const path = useRoutePath();
  return (
    <div className="admin" lang="en" data-hydrated={useHydrated() ? "" : undefined}>
      <a className="skip-link" href="#admin-content">
        Skip to content
      </a>
      <header className="admin__header">
        <p className="admin__brand">Vitrine · operator console</p>
        <nav aria-label="Console" className="admin__nav">
          <ul>
            {CONSOLE_PAGES.map((page) => (
              <li key={page.route}>
                <NavLink to={path(page.route)}>{page.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__operator">
          <span>{operatorEmail}</span>
          <Form method="post" action={path("admin.logout.page")}>
            <button type="submit" className="button button--secondary admin__small-button">
              Log out
            </button>
          </Form>
        </div>
      </header>
      <main id="admin-content" className="admin__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** A console page's heading and lead. */
export function AdminPageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="admin__page-header">
      <h1>{title}</h1>
      {lead && <p>{lead}</p>}
      {children}
    </div>
  );
}

/** The result of an action (role status) or its refusal (role alert). */
export function AdminNotice({ kind, children }: { kind: "done" | "refused"; children: ReactNode }) {
  return (
    <div className={`admin__notice admin__notice--${kind}`} role={kind === "done" ? "status" : "alert"}>
      {children}
    </div>
  );
}
