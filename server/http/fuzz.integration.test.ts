import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE, type Locale } from "../../kernel/i18n/locales";
import { BASIC_CAPTCHA_FIELD } from "../../kernel/captcha";
import { e164FieldName } from "../../kernel/phone";
import { createApp, MAX_BODY_BYTES } from "../app";
import { NOTICES_PARAM } from "../cart/notices";
import { productVariant } from "../catalog/tables";
import { queryRows } from "../db/query";
import { type AppServices } from "../services";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { oneBackend, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { startTranslationDouble, type TranslationDouble } from "../translation/provider-double";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";
import { routeNames } from "../../kernel/route-names";
import { createTestApp } from "../testing/test-app";

/*
 * Hostile text sent to every endpoint and page of the route-name table (and the SEO pages): NUL, a NUL
 * inside text, a lone UTF-16 surrogate (as a JSON escape, and as the raw UTF-8 bytes of one, which a URL
 * or a body may carry) and a string of nearly 1 MB (the body limit), in query strings, path parameters,
 * form posts and JSON bodies, from a logged-in customer with a cart, through the CSRF check. Refusing
 * (4xx) or answering normally is fine; a 5xx never is (issue 17 point 3). The table below names each
 * endpoint's fields with valid values; the type makes a new route name fail to compile until it is added.
 */

const BASE = "http://shop.test";
const SOME_ID = "00000000-0000-4000-8000-00000000f00d";
const PASSWORD = "correct horse";
const UNKNOWN_FIELD = "fuzzUnknownField";
/** Leaves room for the other fields: a body over the limit is refused before anything reads it (413). */
const BIG_LENGTH = MAX_BODY_BYTES - 16 * 1024;

/**
 * Where a payload goes: into each known field `alone` (the others valid, so it gets as far as a real
 * request would), into an `unknown` field, into `all` fields at once.
 */
type Placement = "alone" | "unknown" | "all";

interface Payload {
  name: string;
  placements: Placement[];
  /** As it appears percent-encoded in a query string, a path or a form body, given the field's valid value. */
  url: ((valid: string) => string) | null;
  /** As it appears in JSON text, given the field's valid value; `RAW_SURROGATE` marks the raw bytes of a surrogate. */
  json: ((valid: string) => string) | null;
}

/** Placeholder in JSON text for the bytes ED A0 80 (a surrogate encoded as if it were a character). */
const RAW_SURROGATE = "\u{E000}RAW\u{E000}";
const big = "x".repeat(BIG_LENGTH);

/** The field's valid value cut in two (A and B, "A" and "B" where it has none), to put a character between. */
function halves(valid: string): [string, string] {
  if (valid.length < 2) return ["A", "B"];
  const cut = Math.ceil(valid.length / 2);
  return [valid.slice(0, cut), valid.slice(cut)];
}
const between = (valid: string, inner: string) => halves(valid).join(inner);
const encodedBetween = (valid: string, inner: string) => halves(valid).map(encodeURIComponent).join(inner);

/*
 * "A NUL B" is the field's own valid value with a NUL in the middle, so it passes length and format
 * checks that a bare NUL would not and reaches the handlers' logic and the database; so does a lone
 * surrogate inside a JSON string, and the big string. They go into each field alone. The others test how
 * a request is read (decoders, parsers): an unknown field and all fields carry them. The big string is
 * not put into all fields at once: that would only meet the body limit.
 */
const PAYLOADS: Payload[] = [
  { name: "NUL", placements: ["unknown", "all"], url: () => "%00", json: () => JSON.stringify("\u0000") },
  { name: "A NUL B", placements: ["alone"], url: (valid) => encodedBetween(valid, "%00"), json: (valid) => JSON.stringify(between(valid, "\u0000")) },
  // A URL carries a surrogate only as its (invalid) UTF-8 bytes, which decoders turn into U+FFFD or an
  // exception; JSON also as an escape, which arrives as a lone surrogate in the string.
  { name: "a lone surrogate", placements: ["unknown", "all"], url: () => "%ED%A0%80", json: null },
  { name: "a lone surrogate as a JSON escape", placements: ["alone", "all"], url: null, json: (valid) => JSON.stringify(between(valid, "\uD800")) },
  { name: "a lone surrogate as raw bytes", placements: ["unknown", "all"], url: null, json: () => `"${RAW_SURROGATE}"` },
  { name: "nearly 1 MB", placements: ["alone", "unknown"], url: () => big, json: () => JSON.stringify(big) },
];

type Fields = Record<string, string>;

interface Endpoint {
  /** Valid values of its path parameters. */
  params?: Fields;
  /** Query parameters it reads, with a valid value each. */
  query?: Fields;
  /** Its POST forms (one per `intent`), with valid values. */
  forms?: (() => Fields | Promise<Fields>)[];
  /** Its POST JSON body, with valid values. */
  json?: unknown;
  /** Its form posts are also answered to scripts (X-Requested-With). */
  scriptForms?: boolean;
  /** Takes a POST without a body (from scripts). */
  post?: boolean;
  /** A React Router page (not a Hono endpoint). */
  page?: boolean;
}

/**
 * The address of a page's data for React Router's scripts (single fetch: loaders on GET, the action on
 * POST, without rendering the document), as the browser asks for it after a client-side navigation.
 */
function dataUrl(path: string) {
  const url = new URL(path, BASE);
  url.pathname = url.pathname === "/" ? "/_root.data" : url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.pathname + url.search;
}

const LISTING_QUERY: Fields = {
  order: "price-asc",
  p: "1",
  manufacturer: SOME_ID,
  properties: SOME_ID,
  "min-price": "1",
  "max-price": "1000",
  rating: "1",
  "shipping-free": "1",
  "instant-delivery": "1",
};
const INTERNAL_LISTING_QUERY: Fields = { ...LISTING_QUERY, "no-aggregations": "1", "only-aggregations": "1", "reduce-aggregations": "1" };

// Once, on the real server when there is one: every endpoint × every payload is the longest suite here.
describe.each(oneBackend())("hostile text to every endpoint on %s", (backend) => {
  let database: TestDatabase;
  let double: TranslationDouble;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let closeApp: (() => Promise<void>) | undefined;
  let endpoints: [string, string, Endpoint][];
  let cookies: { session: string; cart: string };
  let email: string;
  let germanyId: string;
  let variantId: string;
  let productPath: string;

  let counter = 0;
  const newIp = () => `198.51.${(++counter >> 8) & 255}.${counter & 255}`;
  const uniqueEmail = () => `fuzz-${backend}-${++counter}-${Date.now()}@example.com`;
  const cookieOf = (response: Response, name: string) => new RegExp(`${name}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")?.[1];
  const cookieHeader = () => `${SESSION_COOKIE}=${cookies.session}; ${CART_COOKIE}=${cookies.cart}`;

  async function send(
    method: string,
    url: string,
    { body, type, script, language }: { body?: BodyInit; type?: string; script?: boolean; language?: Locale } = {},
  ) {
    const headers: Record<string, string> = {
      Accept: script ? "application/json" : "text/html",
      Cookie: cookieHeader() + (language ? `; ${LANGUAGE_COOKIE}=${language}` : ""),
      Origin: BASE,
      "X-Forwarded-For": newIp(),
    };
    if (script) headers["X-Requested-With"] = "XMLHttpRequest";
    if (type) headers["Content-Type"] = type;
    return app.request(BASE + url, { method, body, headers });
  }

  /** `fields` percent-encoded, the fuzzed ones as the payload's own encoding. */
  const encoded = (fields: Fields, fuzzed: Set<string>, payload: Payload) =>
    Object.entries(fields)
      .map(([key, value]) => `${encodeURIComponent(key)}=${fuzzed.has(key) ? payload.url!(value) : encodeURIComponent(value)}`)
      .join("&");

  /** The base fields (with an unknown one) and, per request, the names set to the payload. */
  function variants(fields: Fields, { placements }: Payload): { fields: Fields; fuzzed: Set<string> }[] {
    const all = { ...fields, [UNKNOWN_FIELD]: "" };
    const names = [
      ...(placements.includes("alone") ? Object.keys(fields).map((key) => [key]) : []),
      ...(placements.includes("unknown") ? [[UNKNOWN_FIELD]] : []),
      ...(placements.includes("all") ? [Object.keys(all)] : []),
    ];
    return names.map((fuzzed) => ({ fields: all, fuzzed: new Set(fuzzed) }));
  }

  /** JSON texts of `value` (with an unknown field) with the payload at its placements, by description. */
  function jsonVariants(value: unknown, payload: Payload): [string, string][] {
    const leaves: string[][] = [];
    const walk = (node: unknown, at: string[]) => {
      if (node !== null && typeof node === "object") for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
      else leaves.push(at);
    };
    const withUnknown = { ...(value as object), [UNKNOWN_FIELD]: "" };
    walk(withUnknown, []);
    const MARK = "\u{E000}FUZZ";
    const render = (paths: string[][]) => {
      const copy = structuredClone(withUnknown) as Record<string, unknown>;
      const replacements = paths.map((at, i) => {
        let node = copy;
        for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
        const valid = node[at.at(-1)!];
        node[at.at(-1)!] = `${MARK}${i}`;
        return [JSON.stringify(`${MARK}${i}`), payload.json!(typeof valid === "string" ? valid : "")] as const;
      });
      return replacements.reduce((text, [mark, value]) => text.replace(mark, () => value), JSON.stringify(copy));
    };
    const known = leaves.filter((leaf) => leaf[0] !== UNKNOWN_FIELD);
    return [
      ...(payload.placements.includes("alone") ? known.map((leaf): [string, string] => [leaf.join("."), render([leaf])]) : []),
      ...(payload.placements.includes("unknown") ? [[UNKNOWN_FIELD, render([[UNKNOWN_FIELD]])] as [string, string]] : []),
      ...(payload.placements.includes("all") ? [["all fields", render(leaves)] as [string, string]] : []),
    ];
  }

  const jsonBody = (text: string) => {
    const [before, after] = text.split(RAW_SURROGATE) as [string, string?];
    if (after === undefined) return text;
    const bytes = (s: string) => new TextEncoder().encode(s);
    return new Blob([bytes(before), new Uint8Array([0xed, 0xa0, 0x80]), bytes(after)]);
  };

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    double = await startTranslationDouble();
    // The contact form's fields are the point here; its captcha has tests of its own.
    ({ app, services, close: closeApp } = await createTestApp(database, {
      env: { APP_URL: BASE, TRUST_PROXY: "1", LIBRETRANSLATE_URL: double.url },
      settings: { "captcha.contact": false },
      payments: true,
    }));
    const db = database.handle.db;
    germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    variantId = await singleUnitVariantId(db);
    await db.update(productVariant).set({ stock: 100_000 }).where(eq(productVariant.id, variantId));

    email = uniqueEmail();
    const registered = await app.request(`${BASE}/account/register`, {
      method: "POST",
      body: new URLSearchParams(registrationFormFields(email, germanyId)),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, "X-Forwarded-For": newIp() },
    });
    expect(registered.status).toBe(303);
    cookies = { session: cookieOf(registered, SESSION_COOKIE)!, cart: (await services.cart.addLineItem(undefined, { variantId, quantity: 1 })).token };
    const customer = (await services.customers.fromSession(cookies.session))!;
    const cart = await services.cart.view(cookies.cart);
    const placed = await send("POST", "/checkout/confirm", {
      body: new URLSearchParams({ intent: "order", revision: String(cart.revision), tos: "1" }),
      type: "application/x-www-form-urlencoded",
    });
    expect(placed.status).toBe(303);

    const [product] = await queryRows<{ id: string }>(db, sql`select product_id as id from product_variant where id = ${variantId}`);
    const [order] = await queryRows<{ order_number: string }>(db, sql`select order_number from customer_order where customer_id = ${customer.id}`);
    const [crossSelling] = await queryRows<{ id: string }>(db, sql`select id from cross_selling limit 1`);
    const [review] = await queryRows<{ id: string }>(db, sql`select id from review where status = 'approved' limit 1`);
    const category = (await services.catalog.categories()).find((c) => c.url)!;
    productPath = new URL(await services.catalog.detailUrl(variantId), BASE).pathname;
    const addressId = (await services.addresses.list(customer.id))!.addresses[0]!.id;
    await ensureVisitor();
    const lineItemId = (await services.cart.view(cookies.cart)).lineItems[0]!.id;

    const registration = (intent?: string) => () => ({
      ...(intent && { intent }),
      ...registrationFormFields(uniqueEmail(), germanyId),
      accountType: "private",
      birthday: "1990-01-01",
      "billingAddress.company": "",
      "billingAddress.countryStateId": "",
      "billingAddress.phone": "+49 30 123456",
      [e164FieldName("billingAddress.phone")]: "+4930123456",
      "billingAddress.vatId": "",
      redirectTo: "/account",
    });
    const login = (intent?: string) => () => ({ ...(intent && { intent }), email: uniqueEmail(), password: "wrong password", redirectTo: "/account" });
    const address = () => ({
      salutation: "mr",
      firstName: "Max",
      lastName: "Muster",
      company: "Muster GmbH",
      street: "Hauptstraße 2",
      zipcode: "10115",
      city: "Berlin",
      countryId: germanyId,
      countryStateId: "",
      phone: "+49 30 123456",
      [e164FieldName("phone")]: "+4930123456",
      vatId: "",
    });
    const cartForm = (fields: Fields) => () => ({ ...fields, redirectTo: "frontend.checkout.cart.page" });

    const table: Record<keyof typeof routeNames, Endpoint> = {
      "frontend.home.page": {},
      "frontend.search.page": { query: { search: "shirt", ...LISTING_QUERY, order: "score" } },
      "frontend.search.suggest": { query: { search: "shirt" } },
      "frontend.search.suggest.panel": { query: { search: "shirt" } },
      "widgets.search.pagelet.v2": { query: { search: "shirt", ...INTERNAL_LISTING_QUERY } },
      "widgets.search.filter": { query: { search: "shirt", ...INTERNAL_LISTING_QUERY } },
      "frontend.cms.navigation.page": { params: { navigationId: category.id }, query: INTERNAL_LISTING_QUERY },
      "frontend.cms.navigation.filter": { params: { navigationId: category.id }, query: INTERNAL_LISTING_QUERY },
      "frontend.delivery-information.listing": { query: { articleNumbers: "A-1,B-2" } },
      "frontend.navigation.page": { params: { navigationId: category.id }, query: LISTING_QUERY },
      "frontend.detail.page": { params: { productId: product!.id }, query: { reviewPage: "1" } },
      "frontend.detail.switch": { params: { productId: product!.id }, query: { switched: SOME_ID, options: "{}", [`options[${SOME_ID}]`]: SOME_ID } },
      "frontend.product.review.translate": { json: { reviewId: review?.id ?? SOME_ID } },
      "frontend.menu.offcanvas": { query: { navigationId: category.id } },
      "frontend.checkout.info": {},
      "frontend.cart.offcanvas": {},
      "frontend.checkout.cart.page": { query: { [NOTICES_PARAM]: "" } },
      "frontend.checkout.line-item.add": {
        forms: [cartForm({ variantId, quantity: "1", subscriptionPlanId: "" })],
        scriptForms: true,
      },
      "frontend.kit.restrict.quantity": { query: { qty: "1", productId: product!.id } },
      "frontend.order-restriction.add": { query: { articleNumber: "A-1", quantity: "1" } },
      "frontend.checkout.line-item.change-quantity": { params: { id: lineItemId }, forms: [cartForm({ quantity: "1" })], scriptForms: true },
      "frontend.checkout.line-item.delete": { params: { id: SOME_ID }, forms: [cartForm({})], scriptForms: true },
      "frontend.checkout.promotion.add": { forms: [cartForm({ code: "SUMMER" })], scriptForms: true },
      "frontend.checkout.promotion.delete": { params: { id: SOME_ID }, forms: [cartForm({})], scriptForms: true },
      "frontend.checkout.configure": { forms: [cartForm({ shippingMethodId: SOME_ID, paymentMethodId: SOME_ID })], scriptForms: true },
      "frontend.checkout.register.page": { forms: [login("login"), registration("register")] },
      "frontend.checkout.confirm.page": {
        forms: [
          () => ({ intent: "configure", shippingMethodId: SOME_ID, paymentMethodId: SOME_ID }),
          async () => {
            // An order placed by an earlier request emptied the cart.
            await ensureVisitor();
            const current = await services.cart.view(cookies.cart);
            return {
              intent: "order",
              revision: String(current.revision),
              expectedGrossTotal: String(current.totals.grossTotal),
              tos: "1",
              customerComment: "Please ring twice",
              [BASIC_CAPTCHA_FIELD]: "",
            };
          },
        ],
      },
      "frontend.checkout.finish.page": { query: { orderId: SOME_ID } },
      "frontend.checkout.finish.text": { json: { orderId: SOME_ID } },
      "frontend.eligibility.check-om": { query: { eligibleSubGroup: "trade" } },
      "frontend.eligibility.proof": { post: true },
      "frontend.eligibility.proof.download": { params: { orderId: SOME_ID } },
      "frontend.country.country.data": { json: { countryId: germanyId } },
      "frontend.cookie.offcanvas": {},
      "frontend.product.cross-selling": { params: { crossSellingId: crossSelling?.id ?? SOME_ID } },
      "frontend.wishlist.page": {},
      "frontend.wishlist.product.list": {},
      "frontend.wishlist.product.add": { params: { productId: product!.id }, post: true },
      "frontend.wishlist.product.remove": { params: { productId: product!.id }, post: true },
      "frontend.wishlist.product.merge": { json: { productIds: [product!.id] } },
      "frontend.wishlist.product.merge.pagelet": { post: true },
      "frontend.wishlist.guestPage.pagelet": { json: { productIds: [product!.id] } },
      "frontend.wishlist.add.after.login": { params: { productId: product!.id } },
      "frontend.account.home.page": {},
      "frontend.account.login.page": { query: { redirectTo: "/account" }, forms: [login()] },
      "frontend.account.register.page": { query: { redirectTo: "/account" }, forms: [registration()] },
      "frontend.account.profile.page": {
        query: { saved: "password" },
        forms: [
          () => ({ intent: "personal", salutation: "mrs", firstName: "Erika", lastName: "Muster", birthday: "1990-01-01" }),
          () => ({ intent: "email", email: uniqueEmail(), emailConfirmation: "", password: "wrong password" }),
          () => ({ intent: "password", currentPassword: "wrong password", newPassword: "a new password", newPasswordConfirmation: "a new password" }),
        ],
      },
      "frontend.account.recover.page": { forms: [() => ({ email: uniqueEmail() })] },
      "frontend.account.recover.password.page": {
        query: { hash: "x".repeat(43) },
        forms: [() => ({ hash: "x".repeat(43), newPassword: "a new password", newPasswordConfirmation: "a new password" })],
      },
      "frontend.account.session": {},
      "frontend.account.address.page": { query: { notice: "created" }, forms: [() => ({ intent: "default-billing", addressId })] },
      "frontend.account.address.create.page": { forms: [address] },
      "frontend.account.address.edit.page": { params: { addressId }, forms: [address] },
      "frontend.account.addressbook": {
        json: { id: addressId, changeableAddresses: { changeShipping: true, changeBilling: false }, address: { id: addressId, ...address() } },
      },
      "frontend.account.order.page": { query: { p: "1" } },
      "frontend.account.order.single.page": { params: { orderNumber: order!.order_number } },
      "frontend.account.order.shipping-info": { query: { orderNumber: order!.order_number } },
      // B2B with an ordinary customer's session: 403 everywhere (server/http/b2b.integration.test.ts covers the companies).
      "frontend.account.employees.page": {
        query: { deactivate: "true", firstName: "Mara", lastName: "Lind" },
        forms: [
          () => ({ intent: "invite", firstName: "Ida", lastName: "Kraft", email: uniqueEmail(), roleId: SOME_ID }),
          () => ({ intent: "deactivate", employeeId: SOME_ID }),
          () => ({ intent: "assign-role", employeeId: SOME_ID, roleId: SOME_ID }),
        ],
      },
      "frontend.account.employee.deactivate": { params: { employeeId: SOME_ID } },
      "frontend.account.employee.delete": { params: { employeeId: SOME_ID } },
      "frontend.account.employee.invitation.page": {
        params: { token: "x".repeat(43) },
        forms: [() => ({ password: "a new password", passwordConfirmation: "a new password" })],
      },
      "frontend.account.roles.page": { query: { saved: "1" }, forms: [() => ({ intent: "delete", roleId: SOME_ID })] },
      "frontend.account.role.create.page": { forms: [() => ({ intent: "save", name: "Buyers", permissions: "quote.request" })] },
      "frontend.account.quotes.page": { query: { p: "2" }, forms: [() => ({ intent: "request" })] },
      "frontend.account.approval-rules.page": {
        query: { search: "above" },
        forms: [
          () => ({ intent: "save", name: "Big orders", appliesToRoleId: SOME_ID, totalAbove: "1000", reviewerRoleId: SOME_ID, priority: "1" }),
          () => ({ intent: "delete", ruleId: SOME_ID }),
        ],
      },
      "frontend.account.pending-orders.page": {
        forms: [() => ({ intent: "approve", pendingOrderId: SOME_ID }), () => ({ intent: "decline", pendingOrderId: SOME_ID, reason: "Too many." })],
      },
      "frontend.account.quote.page": {
        params: { quoteId: SOME_ID },
        query: { requested: "1" },
        forms: [() => ({ intent: "accept" }), () => ({ intent: "decline" }), () => ({ intent: "request-changes", comment: "Ten more, please." })],
      },
      "frontend.b2b.quick-order.page": {},
      "frontend.ai-search.page": { query: { searchQuery: "red running shoes under 80 euros" } },
      "frontend.ai-search.terms": { json: { query: "rote Laufschuhe unter 80 €" } },
      "frontend.ai-search.products": { json: { term: "running shoes", reason: "running shoe: in the name" } },
      "frontend.ai-search.image": { post: true },
      "frontend.image-search.page": { query: { searchTerms: "Dome Tent" } },
      "frontend.b2b.quick-order.search": { query: { search: "LAP", page: "2" } },
      "frontend.b2b.quick-order.upload": { post: true },
      "frontend.b2b.quick-order.add-to-cart": { json: { lineItems: { [SOME_ID]: { id: SOME_ID, quantity: 1, referencedId: SOME_ID, stackable: true, removable: true, type: "product" } } } },
      "frontend.account.role.edit.page": { params: { roleId: SOME_ID }, forms: [() => ({ intent: "save", name: "Buyers", isDefault: "1" })] },
      "frontend.form.contact.page": {
        forms: [
          () => ({
            salutation: "mrs",
            firstName: "Erika",
            lastName: "Muster",
            email: "erika@example.com",
            subject: "A question",
            comment: "Do you ship to Austria?\r\nThanks!",
            redirectTo: "frontend.account.order.single.page",
            forwardTo: "/",
            "redirectParameters[orderNumber]": order!.order_number,
            [BASIC_CAPTCHA_FIELD]: "",
          }),
        ],
        scriptForms: true,
      },
      "frontend.captcha.basic-captcha.load": { query: { formId: "contact" } },
      "frontend.captcha.basic-captcha.validate": { json: { formId: "contact", [BASIC_CAPTCHA_FIELD]: "ABCDE" } },
      "frontend.captcha.basic-captcha.refresh": { json: { formId: "contact" } },
      "frontend.geoip.country": {},
      "frontend.shipping-payment.page": {},
      "frontend.language.switch": { forms: [() => ({ language: "en", redirectTo: "/" })] },
      "frontend.credits.page": {},
      "frontend.terms.page": {},
      "frontend.privacy.page": {},
      "frontend.visitor.track": {},
      "frontend.shopmanager.statistics": {},
      "frontend.blacklist.active": {},
      "frontend.blacklist.name": {},
      "frontend.blacklist.address": {},
      "frontend.paypal.create_order": { forms: [() => ({ product: "spb", revision: "1", tos: "1" })], scriptForms: true },
      "frontend.paypal.payment-method-eligibility": { json: { paymentMethods: ["VENMO", "APPLEPAY"] } },
      "frontend.paypal.handle-error": { json: { code: "USER_CANCELLED", error: "cancelled by the buyer", fatal: false } },
      "frontend.paypal.express.prepare_cart": { json: { paymentMethodId: SOME_ID, deleteCart: false } },
      "frontend.paypal.express.create_order": { post: true },
      "frontend.paypal.express.prepare_checkout": { json: { token: "5O190127TN364715T" } },
      "frontend.paypal.pui.payment_instructions": { params: { transactionId: SOME_ID } },
      "frontend.amazon-pay.checkout-config": { post: true },
      "frontend.amazon-pay.review": { query: { amazonCheckoutSessionId: SOME_ID, binding: "b".repeat(43) } },
      "frontend.amazon-pay.result": { query: { amazonCheckoutSessionId: SOME_ID } },
      "frontend.amazon-pay.sign-in": { query: { buyerToken: "BUYER-TOKEN" } },
      // The console with the customer's cookies: no operator session, so no page and no action beyond the login.
      "admin.login.page": { query: { redirectTo: "/admin/orders" }, forms: [() => ({ email: "operator@example.test", password: "wrong password", redirectTo: "/admin" })] },
      "admin.logout.page": { forms: [() => ({})] },
      "admin.home.page": {},
      "admin.reviews.page": { forms: [() => ({ intent: "approve", reviewId: SOME_ID })] },
      "admin.orders.page": { query: { search: "1000", page: "2" } },
      "admin.order.page": { params: { orderId: SOME_ID }, forms: [() => ({ transactionId: SOME_ID, amount: "1.00" })] },
      "admin.audit.page": { query: { page: "2" } },
      "admin.visitors.page": {},
      "admin.quotes.page": { query: { status: "expired", page: "2" } },
      "admin.quote.page": { params: { quoteId: SOME_ID }, forms: [() => ({ validUntil: "2030-01-01", comment: "Best we can do.", [`discount.${SOME_ID}`]: "10" })] },
      "admin.finish-text.page": { forms: [() => ({ text: "Thank you, {firstName}! Order {orderNumber}." })] },
      "admin.eligibility.page": { forms: [() => ({ intent: "approve", orderId: SOME_ID })] },
      "admin.eligibility.proof": { params: { orderId: SOME_ID } },
      "admin.blacklist.page": { forms: [() => ({ intent: "add", word: "Fuzzword", appliesTo: "address" })] },
      // Last: it ends the session (ensureVisitor logs in again for anything after it).
      "frontend.account.logout.page": { forms: [() => ({})] },
    };
    endpoints = [
      ...Object.entries(table).map(([name, endpoint]): [string, string, Endpoint] => [
        name,
        routeNames[name as keyof typeof routeNames],
        { ...endpoint, page: name.endsWith(".page") || name === "frontend.wishlist.add.after.login" },
      ]),
      // The SEO paths of categories and products (the pages' catch-all route); a product page takes reviews.
      ["category page by its SEO path", category.url, { query: LISTING_QUERY, page: true }],
      [
        "product page by its SEO path",
        productPath,
        {
          query: { reviewPage: "1" },
          forms: [() => ({ intent: "review", rating: "5", title: "Good", content: "Sturdy and light, as promised in the text." })],
          page: true,
        },
      ],
    ];
  });
  afterAll(async () => {
    await closeApp?.();
    await double?.close();
    await database?.close();
  });

  /** Logs the customer in again and refills the cart when an earlier request ended either. */
  async function ensureVisitor() {
    if (!(await services.customers.fromSession(cookies.session))) {
      const login = await app.request(`${BASE}/account/login`, {
        method: "POST",
        body: new URLSearchParams({ email, password: PASSWORD }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, "X-Forwarded-For": newIp() },
      });
      expect(login.status).toBe(303);
      cookies.session = cookieOf(login, SESSION_COOKIE)!;
    }
    if (!(await services.cart.widget(cookies.cart))) {
      cookies.cart = (await services.cart.addLineItem(cookies.cart, { variantId, quantity: 1 })).token;
    }
  }

  const label = (fuzzed: Set<string>) => (fuzzed.size > 1 ? "all fields" : [...fuzzed].join(""));

  /** Every request of the fuzz for one endpoint, as `[description, send]`. */
  async function requestsFor(template: string, endpoint: Endpoint, payload: Payload) {
    const requests: [string, () => Promise<Response>][] = [];
    const fill = (fuzzedParam?: string) =>
      template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === fuzzedParam ? payload.url!(endpoint.params?.[name] ?? "") : encodeURIComponent(endpoint.params?.[name] ?? SOME_ID),
      );
    const page = fill();
    // Rendering a page costs far more than its loader or action: a known field alone is sent as the
    // browser's scripts send it (single fetch); unknown and all fields go to the document itself.
    const target = (fuzzed: Set<string>, script = false) =>
      endpoint.page && !script && fuzzed.size === 1 && !fuzzed.has(UNKNOWN_FIELD) ? dataUrl(page) : page;
    if (payload.url !== null) {
      for (const name of Object.keys(endpoint.params ?? {})) {
        requests.push([`GET path {${name}}`, () => send("GET", fill(name))]);
        if (endpoint.post || endpoint.forms || endpoint.json) requests.push([`POST path {${name}}`, () => send("POST", fill(name), { script: true })]);
      }
      for (const { fields, fuzzed } of variants(endpoint.query ?? {}, payload)) {
        requests.push([`GET ?${label(fuzzed)}`, () => send("GET", `${target(fuzzed)}?${encoded(fields, fuzzed, payload)}`)]);
      }
      // A form post where the endpoint takes one; a single one with an unknown field where it takes JSON.
      const forms = endpoint.forms ?? (endpoint.json !== undefined || endpoint.post ? [() => ({})] : []);
      for (const form of forms) {
        // Forms are made anew for each request (a registration needs a new email address each time).
        const names = variants(await form(), payload).map((variant) => variant.fuzzed);
        for (const script of endpoint.scriptForms ? [false, true] : [false]) {
          for (const fuzzed of names) {
            requests.push([
              `POST ${script ? "form from a script" : "form"} ${label(fuzzed)}`,
              async () => {
                const fields = { ...(await form()), [UNKNOWN_FIELD]: "" };
                return send("POST", target(fuzzed, script), { body: encoded(fields, fuzzed, payload), type: "application/x-www-form-urlencoded", script });
              },
            ]);
          }
        }
      }
    }
    // JSON where the endpoint takes it; a single body with an unknown field where it takes a form.
    const json = endpoint.json ?? (endpoint.forms || endpoint.post ? {} : undefined);
    if (payload.json !== null && json !== undefined) {
      for (const [description, text] of jsonVariants(json, payload)) {
        requests.push([`POST JSON ${description}`, () => send("POST", page, { body: jsonBody(text), type: "application/json", script: true })]);
      }
    }
    return requests;
  }

  it("answers every endpoint without a server error", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const [name, template, endpoint] of endpoints) {
      await ensureVisitor();
      for (const payload of PAYLOADS) {
        for (const [description, request] of await requestsFor(template, endpoint, payload)) {
          const response = await request();
          if (response.status >= 500) {
            const text = (await response.text()).slice(0, 200).replace(/\s+/g, " ");
            failures.push(`${name} ${description} with ${payload.name}: ${response.status} ${text}`);
          } else await response.arrayBuffer();
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("names what holds characters that are not allowed, in the shopper's language, and keeps line breaks where text has lines", async () => {
    const form = (fields: Fields) => ({ body: new URLSearchParams(fields), type: "application/x-www-form-urlencoded" });
    await ensureVisitor();

    // The case: a promotion code with a NUL is refused like any bad field, not with a 500.
    const promotion = await send("POST", "/checkout/promotion/add", { ...form({ code: "SUM\u0000MER" }), script: true });
    expect(promotion.status).toBe(400);
    expect(await promotion.json()).toEqual({ errors: [{ status: 400, message: "code: contains characters that are not allowed" }] });
    const suggest = await send("GET", "/suggest?search=sh%00irt", { script: true });
    expect(suggest.status).toBe(400);
    expect(((await suggest.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      "search: The search term contains characters that are not allowed.",
    );

    // Form pages mark the field with the form messages, in English or German.
    const addressFields = { salutation: "mrs", firstName: "Er\u0000ika", lastName: "Muster", street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: germanyId };
    const address = await send("POST", "/account/address/create", { ...form(addressFields), language: "de" });
    expect(address.status).toBe(400);
    expect(await address.text()).toContain("Diese Eingabe enthält Zeichen, die nicht erlaubt sind.");
    const contactFields = { salutation: "mrs", firstName: "Erika", lastName: "Muster", email: "erika@example.com", subject: "A question" };
    const contact = await send("POST", "/contact", form({ ...contactFields, comment: "Do you ship\u0007 to Austria?" }));
    expect(contact.status).toBe(400);
    expect(await contact.text()).toContain("This entry contains characters that are not allowed.");
    const review = await send("POST", productPath, form({ intent: "review", rating: "4", title: "Go\tod", content: "Sturdy and light, as promised." }));
    expect(review.status).toBe(400);
    expect(await review.text()).toContain("This text contains characters that are not allowed.");

    // Multi-line fields keep their lines; the comment of an order is refused at its field, then placed.
    const multiLine = await send("POST", "/contact", form({ ...contactFields, comment: "Do you ship to Austria?\r\n\tThanks!" }));
    expect(multiLine.status).toBe(200);
    expect(await multiLine.text()).toContain("Thank you for your message.");
    const order = async (customerComment: string) => {
      const cart = await services.cart.view(cookies.cart);
      return send("POST", "/checkout/confirm", form({ intent: "order", revision: String(cart.revision), tos: "1", customerComment }));
    };
    const refused = await order("Please\u000Bring twice");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This entry contains characters that are not allowed.");
    const placed = await order("Please ring twice.\r\nThe bell is at the back.");
    expect(placed.status).toBe(303);
    const orderId = new URL(placed.headers.get("location")!, BASE).searchParams.get("orderId");
    const [stored] = await queryRows<{ customer_comment: string }>(database.handle.db, sql`select customer_comment from customer_order where id = ${orderId}`);
    expect(stored!.customer_comment).toBe("Please ring twice.\r\nThe bell is at the back.");
  });
});
