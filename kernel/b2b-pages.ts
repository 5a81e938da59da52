import type { Permission } from "./b2b-permissions";
import type { RouteName } from "./route-names";

/**
 * The B2B pages of the account menu (CONTRACT §6), each shown to business partners and to employees
 * whose role holds its permission (or one of its permissions). The pages check again on the server.
 */
export const B2B_ACCOUNT_PAGES = [
  { route: "frontend.account.employees.page", permission: "employee.read", label: "account.menu.employees" },
  { route: "frontend.account.roles.page", permission: "role.read", label: "account.menu.roles" },
  // Those who ask for quotes and those who see all of the company's.
  { route: "frontend.account.quotes.page", permission: ["quote.request", "quote.read.all"], label: "account.menu.quotes" },
  // Every active employee may order for the company (CONTRACT §6): no permission needed.
  { route: "frontend.b2b.quick-order.page", permission: null, label: "account.menu.quickOrder" },
  { route: "frontend.account.approval-rules.page", permission: "approval_rule.read", label: "account.menu.approvalRules" },
  // Requesters see their own pending orders, reviewers all of them: every active employee.
  { route: "frontend.account.pending-orders.page", permission: null, label: "account.menu.pendingOrders" },
] as const satisfies readonly { route: RouteName; permission: Permission | readonly Permission[] | null; label: `account.menu.${string}` }[];

export type B2bAccountPage = (typeof B2B_ACCOUNT_PAGES)[number];

/** The B2B pages a holder of `permissions` may open, in the menu's order. */
export function b2bPagesFor(permissions: readonly Permission[]): B2bAccountPage["route"][] {
  const held = (permission: Permission | readonly Permission[] | null) =>
    permission === null || (typeof permission === "string" ? permissions.includes(permission) : permission.some((p) => permissions.includes(p)));
  return B2B_ACCOUNT_PAGES.filter((page) => held(page.permission)).map((page) => page.route);
}

export function b2bPageLabel(route: B2bAccountPage["route"]): B2bAccountPage["label"] {
  return B2B_ACCOUNT_PAGES.find((page) => page.route === route)!.label;
}
