import { redirect, type RouterContextProvider } from "react-router";
import { CAPTCHA_FIELD_ERRORS } from "../kernel/captcha";
import { loginFromForm, registrationFromForm, registrationValues } from "../server/customer/form";
import { FIELD_LIMITS } from "../server/customer/schemas";
import { routeNames } from "../kernel/route-names";
import { requestInfoContext, servicesContext } from "../server/request-context";
import { isSecureRequest, SESSION_COOKIE, tokenCookie } from "../server/visitor";
import { checkoutVisitor, sessionCookie } from "./checkout.server";
import type { LoginFormResult } from "./features/account/LoginForm";
import type { RegistrationFormResult } from "./features/account/RegistrationForm";
import { safeRedirectPath } from "../kernel/safe-redirect";
import { addAfterLogin, addAfterLoginProduct } from "./wishlist.server";

const LOGIN = routeNames["frontend.account.login.page"];
const ACCOUNT = routeNames["frontend.account.home.page"];

/** The login page's address that brings the shopper back to `request`'s page afterwards. */
export function loginRedirect(request: Request): string {
  const url = new URL(request.url);
  // A client-side navigation asks for the page's data at `<path>.data` (`_routes` names the routes):
  // the shopper comes back to the page itself.
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "") || "/";
  return `${LOGIN}?redirectTo=${encodeURIComponent(safeRedirectPath(path + url.search))}`;
}

/**
 * The visitor of an account page: a logged-in customer with an account (guests have none). Anyone else
 * is sent to the login page, which brings them back here afterwards.
 */
export async function accountVisitor(context: Readonly<RouterContextProvider>, request: Request) {
  const visitor = await checkoutVisitor(context, request);
  const { customer } = visitor;
  if (!customer || customer.guest) throw redirect(loginRedirect(request));
  return { ...visitor, customer };
}

/** A redirect (303, after a form post) that also sets the new session cookie. */
export function redirectWithSession(request: Request, to: string, sessionToken: string) {
  return redirect(to, { status: 303, headers: { "Set-Cookie": sessionCookie(request, sessionToken) } });
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(request: Request): string {
  return tokenCookie(SESSION_COOKIE, "", 0, isSecureRequest(request));
}

/** Whole minutes until `until` (at least 1): what a locked form tells the shopper. */
export function minutesUntil(until: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

export type LoginAttempt = { ok: true; sessionToken: string; customerId: string } | { ok: false; result: LoginFormResult };

/** Logs in from a posted login form (checkout or login page), counted for the attempt limits. */
export async function loginFromPost(context: Readonly<RouterContextProvider>, request: Request, form: FormData): Promise<LoginAttempt> {
  const { services, sessionToken } = await checkoutVisitor(context, request);
  const { clientIp } = context.get(requestInfoContext);
  const input = loginFromForm(form);
  const result = await services.customers.login(input, { previousSessionToken: sessionToken, clientIp });
  if (result.ok) return { ok: true, sessionToken: result.sessionToken, customerId: result.customer.id };
  const email = input.email.slice(0, FIELD_LIMITS.email);
  return {
    ok: false,
    result: { form: "login", email, failed: true, ...(result.lockedUntil && { retryInMinutes: minutesUntil(result.lockedUntil) }) },
  };
}

export type RegistrationAttempt = { ok: true; sessionToken: string; customerId: string } | { ok: false; result: RegistrationFormResult };

/** Registers from a posted registration form; `allowGuest` false makes it an account whatever is sent. */
export async function registerFromPost(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: FormData,
  { allowGuest }: { allowGuest: boolean },
): Promise<RegistrationAttempt> {
  const { services, sessionToken } = await checkoutVisitor(context, request);
  const { clientIp } = context.get(requestInfoContext);
  const input = { ...registrationFromForm(form), ...(!allowGuest && { guest: false }) };
  // The captcha first (when the shop turned it on for registrations): nothing is created without it.
  const captcha = await services.captcha.verifyCaptcha("registration", form, request);
  if (!captcha.ok) return { ok: false, result: { form: "register", values: registrationValues(input), errors: CAPTCHA_FIELD_ERRORS } };
  const result = await services.customers.register(input, { previousSessionToken: sessionToken, clientIp });
  if (result.ok) return { ok: true, sessionToken: result.sessionToken, customerId: result.customer.id };
  const values = registrationValues(input);
  if (result.lockedUntil) return { ok: false, result: { form: "register", values, errors: {}, retryInMinutes: minutesUntil(result.lockedUntil) } };
  return { ok: false, result: { form: "register", values, errors: result.errors } };
}

/** The `redirectTo` of a form or query: a path of this shop, else `fallback`. */
export function redirectTarget(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  return safeRedirectPath(typeof value === "string" && value ? value : undefined, fallback);
}

/**
 * Where a successful login or registration goes: its form's `redirectTo`, else the account. When that is
 * the add-after-login page (a guest's heart without the wishlist cookie), this POST adds the product and
 * goes to its page itself: the GET of that page only asks, as a GET must not change the wishlist.
 */
export async function afterLoginTarget(context: Readonly<RouterContextProvider>, form: FormData, customerId: string): Promise<string> {
  const target = redirectTarget(form.get("redirectTo"), ACCOUNT);
  const productId = addAfterLoginProduct(target);
  return productId ? addAfterLogin(context.get(servicesContext), customerId, productId) : target;
}
