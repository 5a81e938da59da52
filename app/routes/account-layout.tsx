import { Form, NavLink, Outlet } from "react-router";
import { accountVisitor } from "../account.server";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope, useI18n } from "../i18n/i18n";
import { b2bPageLabel, b2bPagesFor, type B2bAccountPage } from "../../kernel/b2b-pages";
import type { RouteName } from "../../kernel/route-names";
import { useRoutePath } from "../ui/use-route-path";
import "../features/account/Account.css";
import type { Route } from "./+types/account-layout";

/** Every account page: for logged-in customers only (else the login page), never cached, not indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { customer, locale, services } = await accountVisitor(context, request);
  const { firstName, lastName, email, company, billingAddress, shippingAddress, employee } = customer;
  // B2B: the partner and their employees see the company pages their role allows (CONTRACT §6).
  const actor = await services.b2b.actorOf(customer.id, employee?.id ?? null);
  return {
    customer: {
      firstName,
      lastName,
      email,
      company,
      billingAddress,
      shippingAddress,
      employee: employee ? { firstName: employee.firstName, lastName: employee.lastName, email: employee.email } : null,
    },
    b2bPages: actor ? b2bPagesFor(actor.permissions) : [],
    messages: formPageMessages(locale),
  };
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

const sections: { route: RouteName; label: "customer.nav.overview" | "customer.nav.profile" | "customer.nav.addresses" | "customer.nav.orders" }[] = [
  { route: "frontend.account.home.page", label: "customer.nav.overview" },
  { route: "frontend.account.profile.page", label: "customer.nav.profile" },
  { route: "frontend.account.address.page", label: "customer.nav.addresses" },
  { route: "frontend.account.order.page", label: "customer.nav.orders" },
];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <AccountShell employee={loaderData.customer.employee !== null} b2bPages={loaderData.b2bPages}>
        <Outlet />
      </AccountShell>
    </MessagesScope>
  );
}

function AccountShell({ employee, b2bPages, children }: { employee: boolean; b2bPages: B2bAccountPage["route"][]; children: React.ReactNode }) {
  const { t } = useI18n();
  const path = useRoutePath();
  // An employee acts for the company: its profile, email and password are not theirs to change.
  const links = [
    ...sections.filter((section) => !(employee && section.route === "frontend.account.profile.page")).map((section) => ({ ...section, label: t(section.label) })),
    ...b2bPages.map((route) => ({ route, label: t(b2bPageLabel(route)) })),
  ];
  return (
    <div className="container page account">
      <nav className="account__nav" aria-label={t("customer.nav.label")}>
        <ul>
          {links.map((link) => (
            <li key={link.route}>
              <NavLink to={path(link.route)} end={link.route === "frontend.account.home.page"} className="account__nav-link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action={path("frontend.account.logout.page")} className="account__logout">
          <button type="submit">{t("customer.nav.logout")}</button>
        </Form>
      </nav>
      <div className="account__content">{children}</div>
    </div>
  );
}
