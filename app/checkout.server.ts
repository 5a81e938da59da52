import { data, type RouterContextProvider } from "react-router";
import type { CountryOption } from "../server/customer/types";
import { requestInfoContext, servicesContext } from "../server/request-context";
import { CART_COOKIE, isSecureRequest, readToken, SESSION_COOKIE, SESSION_COOKIE_DAYS, tokenCookie } from "../server/visitor";
import type { Locale } from "../kernel/i18n/locales";
import { PRIVATE_HEADERS } from "./private-headers.server";

/*
 * What the checkout pages share on the server: the visitor's tokens, the session customer and the
 * session cookie. Checkout pages are personal: never stored by a browser or proxy cache.
 */

/** An error page (to throw) for a checkout request; like the pages, never cached. */
export function checkoutError(status: 400 | 404, message: string) {
  return data(message, { status, headers: PRIVATE_HEADERS });
}

/** The cart and session tokens from the request's cookies (absent when missing or malformed). */
export function visitorTokens(request: Request) {
  const cookie = request.headers.get("cookie");
  return { cartToken: readToken(cookie, CART_COOKIE), sessionToken: readToken(cookie, SESSION_COOKIE) };
}

/** The services, the visitor's tokens, the language and the customer of the session (or null). */
export async function checkoutVisitor(context: Readonly<RouterContextProvider>, request: Request) {
  const services = context.get(servicesContext);
  const { locale } = context.get(requestInfoContext);
  const tokens = visitorTokens(request);
  const customer = await services.customers.fromSession(tokens.sessionToken);
  return { services, locale, customer, ...tokens };
}

/** `Set-Cookie` for a new session token. */
export function sessionCookie(request: Request, token: string): string {
  return tokenCookie(SESSION_COOKIE, token, SESSION_COOKIE_DAYS, isSecureRequest(request));
}

const displayNames = new Map<Locale, Intl.DisplayNames>();

/**
 * Country names in the shopper's language (the table holds English ones): the home country first, the
 * rest alphabetically as that language sorts them.
 */
export function localizedCountries(countries: CountryOption[], locale: Locale): CountryOption[] {
  if (locale === "en") return countries;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    displayNames.set(locale, names);
  }
  const translated = countries.map((country) => ({ ...country, name: names.of(country.iso) ?? country.name }));
  const [home, ...rest] = translated;
  return home ? [home, ...rest.sort((a, b) => a.name.localeCompare(b.name, locale))] : [];
}
