import type { Hono } from "hono";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { b2bPagesFor, type B2bAccountPage } from "../../kernel/b2b-pages";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

/** The login state the header's account menu shows; pages are shared, so it is fetched (DESIGN §1.2). */
export interface AccountSessionView {
  loggedIn: boolean;
  /** A guest session from checkout ("Do not create a customer account"): only a Log out link. */
  guest: boolean;
  firstName: string | null;
  /** B2B: an employee acting for their company (the company's profile is not theirs to change). */
  employee: boolean;
  /** B2B: the account pages the business partner or employee may open (CONTRACT §6). */
  b2bPages: B2bAccountPage["route"][];
}

/** `frontend.account.session` (GET): the visitor's login state, personal and never cached. */
export function registerAccountEndpoints(app: Hono<AppEnv>, { customers, b2b }: Pick<AppServices, "customers" | "b2b">) {
  app.get(routeNames["frontend.account.session"], async (c) => {
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    const account = customer && !customer.guest ? customer : null;
    const actor = account ? await b2b.actorOf(account.id, account.employee?.id ?? null) : null;
    const view: AccountSessionView = {
      loggedIn: !!account,
      guest: !!customer?.guest,
      firstName: account ? (account.employee?.firstName ?? account.firstName) : null,
      employee: !!account?.employee,
      b2bPages: actor ? b2bPagesFor(actor.permissions) : [],
    };
    c.header("Cache-Control", CACHE_CONTROL.personal);
    c.header("Vary", "Cookie");
    return c.json(view);
  });
}
