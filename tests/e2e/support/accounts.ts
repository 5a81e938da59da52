import { expect, type Page } from "@playwright/test";

/** Customer accounts for journeys: registered through the pages' form posts, as a browser without JavaScript would. */

export const PASSWORD = "correct horse";
export const SESSION_COOKIE = "vitrine-session";

let emailCounter = 0;
/** An address no other test (or earlier run against the same data) uses. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++emailCounter}@example.com`;

async function germanyId(page: Page): Promise<string> {
  const html = await (await page.request.get("/account/register")).text();
  return /<option value="([0-9a-f-]{36})"[^>]*>Germany</.exec(html)![1]!;
}

/** The address every test account lives at (Berlin, so no state is needed). */
async function berlinAddress(page: Page) {
  return {
    "billingAddress.street": "Hauptstraße 1",
    "billingAddress.zipcode": "10115",
    "billingAddress.city": "Berlin",
    "billingAddress.countryId": await germanyId(page),
  };
}

/** Registers an account; the page's context keeps the logged-in session cookie. */
export async function registerAccount(page: Page, baseURL: string | undefined, email = uniqueEmail("account")) {
  const response = await page.request.post("/account/register", {
    form: {
      intent: "register",
      salutation: "mrs",
      firstName: "Erika",
      lastName: "Muster",
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      ...(await berlinAddress(page)),
    },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status(), "registration answers with a redirect to the account").toBe(303);
  return email;
}

/** A guest session, as "Do not create a customer account" at checkout makes it. */
export async function registerGuest(page: Page, baseURL: string | undefined) {
  const response = await page.request.post("/checkout/register", {
    form: {
      intent: "register",
      guest: "1",
      firstName: "Gast",
      lastName: "Kunde",
      email: uniqueEmail("guest"),
      ...(await berlinAddress(page)),
    },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status(), "the guest registration answers with a redirect").toBe(303);
}
