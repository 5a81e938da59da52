import { Form, NavLink, Outlet } from "react-router";
import { accountVisitor } from "../account.server";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope, useI18n } from "../i18n/i18n";
import type { RouteName } from "../../kernel/route-names";
import { useRoutePath } from "../ui/use-route-path";
import "../features/account/Account.css";
import type { Route } from "./+types/account-layout";

/** Every account page: for logged-in customers only (else the login page), never cached, not indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { customer, locale } = await accountVisitor(context, request);
  const { firstName, lastName, email, billingAddress, shippingAddress } = customer;
  return { customer: { firstName, lastName, email, billingAddress, shippingAddress }, messages: formPageMessages(locale) };
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
      <AccountShell>
        <Outlet />
      </AccountShell>
    </MessagesScope>
  );
}

function AccountShell({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <div className="container page account">
      <nav className="account__nav" aria-label={t("customer.nav.label")}>
        <ul>
          {sections.map((section) => (
            <li key={section.route}>
              <NavLink to={path(section.route)} end={section.route === "frontend.account.home.page"} className="account__nav-link">
                {t(section.label)}
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
