import type { Hono } from "hono";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

/** The login state the header's account menu shows; pages are shared, so it is fetched (DESIGN §1.2). */
export interface AccountSessionView {
  loggedIn: boolean;
  /** A guest session from checkout ("Do not create a customer account"): only a Log out link. */
  guest: boolean;
  firstName: string | null;
}

/** `frontend.account.session` (GET): the visitor's login state, personal and never cached. */
export function registerAccountEndpoints(app: Hono<AppEnv>, { customers }: Pick<AppServices, "customers">) {
  app.get(routeNames["frontend.account.session"], async (c) => {
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    const view: AccountSessionView = {
      loggedIn: !!customer && !customer.guest,
      guest: !!customer?.guest,
      firstName: customer && !customer.guest ? customer.firstName : null,
    };
    c.header("Cache-Control", CACHE_CONTROL.personal);
    c.header("Vary", "Cookie");
    return c.json(view);
  });
}
