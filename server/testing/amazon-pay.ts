import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../db/query";
import type { AmazonPayClient } from "../payment/amazon-pay/client";
import type { SignedButtonPayload } from "../payment/amazon-pay/button";
import { CART_COOKIE, readCookie, SESSION_COOKIE } from "../visitor";
import { stockedVariantId } from "./paypal";
import { createTestApp, type TestApp } from "./test-app";
import { openCatalogDatabase, type Backend, type TestDatabase } from "./test-database";

/*
 * What the Amazon Pay integration tests share: the whole app with the Amazon Pay double started in-process
 * (as `npm start` does without credentials), and a browser's part of the journey: the checkout-config
 * request of our script, checkout.js's form post to the double, the double's hosted pages (plain HTML
 * forms), and Amazon's redirects back to the shop. The double is reached only over HTTP, as a browser
 * reaches it; its state is read with the shop's own API client. The shop's public URL (APP_URL) is a
 * listener on 127.0.0.1 that takes the double's IPNs: recorded and answered 200, or, with `ipn.forward`,
 * handed to the app as a real shop would get them.
 */

const xhr = (base: string) => ({ "X-Requested-With": "XMLHttpRequest", Origin: base });

/** The double's payment methods, by their index on its pages (hosted-pages.ts TEST_PAYMENT_METHODS). */
export const AMAZON_CARDS = { pays: "0", buyerCancels: "1", declined: "2" } as const;
export type AmazonCard = keyof typeof AMAZON_CARDS;

/** The double's IPNs to the shop's URL. */
export interface IpnListener {
  /** Hand them to the app (`POST /amazon-pay/ipn`); off, they are only recorded and answered 200. */
  forward: boolean;
  /** Each IPN's message and the status it was answered with, once answered. */
  readonly answered: { message: { ObjectType: string; ObjectId: string }; status: number }[];
  /** Resolves once `count` IPNs in all have been answered. */
  answeredCount(count: number, timeoutMs?: number): Promise<void>;
}

export interface AmazonPayTestBed {
  /** The shop's origin (APP_URL). */
  base: string;
  ipn: IpnListener;
  database: TestDatabase;
  testApp: TestApp;
  /** The shop's API client for the double (its state as Amazon's API shows it). */
  client: AmazonPayClient;
  /** `http://127.0.0.1:<port>` of the double. */
  doubleOrigin: string;
  close(): Promise<void>;
}

export async function openAmazonPayTestBed(backend: Backend, env: Record<string, string> = {}): Promise<AmazonPayTestBed> {
  const database = await openCatalogDatabase(backend);
  /** The app, once made (the listener exists before it: the app's APP_URL is the listener's). */
  const made: { testApp?: TestApp } = {};
  const answered: IpnListener["answered"] = [];
  const waiting: (() => void)[] = [];
  const ipn: IpnListener = {
    forward: false,
    answered,
    answeredCount: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (answered.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`${answered.length} of ${count} IPNs answered after ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (answered.length < count) return void waiting.push(check);
          clearTimeout(timer);
          resolve();
        };
        waiting.push(check);
      }),
  };
  const listener: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answer = async () => {
        if (!ipn.forward || !made.testApp) return 200;
        const forwarded = await made.testApp.app.request(new URL(request.url ?? "/", base).toString(), {
          method: request.method,
          body,
          headers: { "Content-Type": request.headers["content-type"] ?? "text/plain", "x-amz-sns-message-type": String(request.headers["x-amz-sns-message-type"] ?? "") },
        });
        return forwarded.status;
      };
      void answer()
        .catch(() => 500)
        .then((status) => {
          response.writeHead(status).end();
          let message = { ObjectType: "", ObjectId: "" };
          try {
            message = JSON.parse((JSON.parse(body) as { Message: string }).Message) as typeof message;
          } catch {
            // not an SNS envelope: recorded as such
          }
          answered.push({ message, status });
          for (const check of waiting.splice(0)) check();
        });
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const testApp = await createTestApp(database, { env: { APP_URL: base, ...env }, payments: true });
  made.testApp = testApp;
  const amazonPay = testApp.services.payments.amazonPay;
  if (!amazonPay?.connection.doubleOrigin) throw new Error("The test app did not start the Amazon Pay double.");
  return {
    base,
    ipn,
    database,
    testApp,
    client: amazonPay.connection.client,
    doubleOrigin: amazonPay.connection.doubleOrigin,
    close: async () => {
      await testApp.close();
      await new Promise((resolve) => listener.close(resolve));
      await database.close();
    },
  };
}

/** A browser's cookies, kept as the shop sets them. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get cartToken(): string | undefined {
    return this.cookies.get(CART_COOKIE);
  }
  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }
  /** Takes over the shop's Set-Cookie (only the cookies the tests care about). */
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      for (const name of [CART_COOKIE, SESSION_COOKIE]) {
        const value = readCookie(line, name);
        if (value) this.cookies.set(name, value);
      }
    }
  }
}

/** A browser whose cart holds `quantity` of a product with stock, and nobody signed in. */
export async function guestBrowserWithCart(bed: AmazonPayTestBed, quantity = 1): Promise<Browser> {
  const { services } = bed.testApp;
  const variantId = await stockedVariantId(services.db, 100_000);
  const { token } = await services.cart.addLineItem(undefined, { variantId, quantity });
  return new Browser({ [CART_COOKIE]: token });
}

/** A request to the shop from `browser` (its cookies); the shop's cookies are kept. */
export async function shop(bed: AmazonPayTestBed, browser: Browser | null, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (browser && browser.cookies.size) headers.set("Cookie", browser.header);
  const response = await bed.testApp.app.request(new URL(url, bed.base).toString(), { ...init, headers });
  browser?.keep(response);
  return response;
}

/** Our script's request for the button's signed payload. */
export function checkoutConfig(bed: AmazonPayTestBed, browser: Browser | null, headers: Record<string, string> = xhr(bed.base)): Promise<Response> {
  return shop(bed, browser, "/amazon-pay/checkout-config", { method: "POST", headers });
}

/** A request to the double, as the browser navigates there (no redirects followed). */
async function atAmazon(bed: AmazonPayTestBed, path: string, form?: Record<string, string>): Promise<Response> {
  return fetch(new URL(path, bed.doubleOrigin), {
    method: form ? "POST" : "GET",
    redirect: "manual",
    ...(form ? { body: new URLSearchParams(form), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
  });
}

const locationOf = (response: Response) => response.headers.get("location") ?? "";

export interface AmazonJourney {
  checkoutSessionId: string;
  /** The review URL Amazon sends the buyer back to (the signed payload's checkoutReviewReturnUrl with the session id). */
  reviewUrl: string;
  payload: SignedButtonPayload;
}

/**
 * The button is clicked: checkout.js form-posts the signed payload to the double, whose first page the
 * buyer fills in (the default buyer and address, the card given) and leaves with Continue to shop.
 */
export async function chooseAtAmazon(bed: AmazonPayTestBed, browser: Browser, card: AmazonCard = "pays"): Promise<AmazonJourney> {
  const config = await checkoutConfig(bed, browser);
  expect(config.status).toBe(200);
  const payload = (await config.json()) as SignedButtonPayload;
  const started = await atAmazon(bed, "/checkout/start", {
    payloadJSON: payload.payloadJSON,
    signature: payload.signature,
    algorithm: payload.algorithm,
    publicKeyId: payload.publicKeyId,
    productType: "PayAndShip",
    ledgerCurrency: "EUR",
    checkoutLanguage: "en_GB",
    buttonPage: `${bed.base}/checkout/confirm`,
  });
  expect(started.status).toBe(303);
  const selectPath = locationOf(started);
  const checkoutSessionId = new URL(selectPath, bed.doubleOrigin).searchParams.get("amazonCheckoutSessionId")!;
  expect(checkoutSessionId).toBeTruthy();
  const page = await atAmazon(bed, selectPath);
  expect(page.status).toBe(200);
  const chosen = await atAmazon(bed, selectPath, { buyer: "0", address: "0", payment: AMAZON_CARDS[card], action: "continue" });
  expect(chosen.status).toBe(303);
  return { checkoutSessionId, reviewUrl: locationOf(chosen), payload };
}

/** Submit order on the confirm page (the form the page renders: intent, revision, the total shown, terms). */
export async function submitOrder(bed: AmazonPayTestBed, browser: Browser): Promise<Response> {
  const cart = await bed.testApp.services.cart.view(browser.cartToken);
  return shop(bed, browser, "/checkout/confirm", {
    method: "POST",
    body: new URLSearchParams({ intent: "order", revision: String(cart.revision), expectedGrossTotal: String(cart.totals.grossTotal), tos: "1" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: bed.base },
  });
}

/**
 * The page behind amazonPayRedirectUrl: Continue to shop (`returnFromRedirect`) or Cancel
 * (`cancelSession(BuyerCanceled)`); answers the result URL Amazon sends the buyer to.
 */
export async function confirmAtAmazon(bed: AmazonPayTestBed, redirectUrl: string, action: "continue" | "cancel" = "continue"): Promise<string> {
  expect(new URL(redirectUrl).origin).toBe(bed.doubleOrigin);
  const page = await atAmazon(bed, redirectUrl);
  expect(page.status).toBe(200);
  const done = await atAmazon(bed, redirectUrl, { action });
  expect(done.status).toBe(303);
  return locationOf(done);
}

/** The shop's rows for an Amazon Pay checkout session. */
export async function amazonAttempts(bed: AmazonPayTestBed, checkoutSessionId: string) {
  return queryRows<{ id: string; state: string; order_id: string | null; order_number: string | null; settlement_reference: string | null; customer_id: string | null; amount_gross: number; refunded_gross: number }>(
    bed.database.handle.db,
    sql`select id, state, order_id, order_number, settlement_reference, customer_id, amount_gross, refunded_gross from payment_transaction
        where provider = 'amazon_pay' and provider_reference = ${checkoutSessionId}`,
  );
}

export async function ordersOf(bed: AmazonPayTestBed, customerId: string) {
  return queryRows<{ id: string; order_number: string; gross_total: number }>(
    bed.database.handle.db,
    sql`select id, order_number, gross_total from customer_order where customer_id = ${customerId}`,
  );
}

export async function transactionCount(bed: AmazonPayTestBed): Promise<number> {
  return (await queryRows<{ count: number }>(bed.database.handle.db, sql`select count(*)::int as count from payment_transaction`))[0]!.count;
}
