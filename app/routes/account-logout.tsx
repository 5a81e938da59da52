import { redirect } from "react-router";
import { routeNames } from "../../kernel/route-names";
import { requestInfoContext } from "../../server/request-context";
import { clearedSessionCookie } from "../account.server";
import { checkoutVisitor } from "../checkout.server";
import { LogoutView } from "../features/account/LogoutView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { PRIVATE_HEADERS } from "../private-headers.server";
import type { Route } from "./+types/account-logout";

const HOME = routeNames["frontend.home.page"];

/** `/account/logout` by GET: a page with the Log out button (logging out changes state: POST only). */
export function loader({ context }: Route.LoaderArgs) {
  return { messages: formPageMessages(context.get(requestInfoContext).locale) };
}

/** Deletes the session (customer or guest) and clears its cookie; the cart cookie stays. Then home. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, sessionToken } = await checkoutVisitor(context, request);
  await services.customers.logout(sessionToken);
  return redirect(HOME, { status: 303, headers: { ...PRIVATE_HEADERS, "Set-Cookie": clearedSessionCookie(request) } });
}

/**
 * In the browser: Amazon asks shops to end Sign in with Amazon on logout (reference §3.1). Only a page
 * that loaded Amazon's checkout.js has `amazon.Pay` (the login page; no other page may load it), so
 * this is done only where it is there; the shop's own logout is the server action either way.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    window.amazon?.Pay.signout();
  } catch {
    // Amazon's sign-out failing must not keep the shopper logged in here.
  }
  return serverAction();
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountLogout({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <LogoutView />
    </MessagesScope>
  );
}
