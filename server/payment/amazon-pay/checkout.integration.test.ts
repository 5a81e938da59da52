import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../kernel/i18n/en";
import {
  amazonAttempts,
  Browser,
  checkoutConfig,
  chooseAtAmazon,
  confirmAtAmazon,
  guestBrowserWithCart,
  openAmazonPayTestBed,
  ordersOf,
  shop,
  submitOrder,
  transactionCount,
  type AmazonCard,
  type AmazonPayTestBed,
} from "../../testing/amazon-pay";
import { stockedVariantId } from "../../testing/paypal";
import { availableBackends } from "../../testing/test-database";
import { productVariant } from "../../catalog/tables";
import { queryRows } from "../../db/query";
import { escapeHtml } from "../../html";
import { CART_COOKIE } from "../../visitor";

/*
 * Amazon Pay checkout through the whole app (server/payment/amazon-pay/checkout.ts and its endpoints in
 * server/http/amazon-pay.ts), with the Amazon Pay double the app starts without credentials. The browser
 * is played over HTTP: our script's checkout-config request, checkout.js's form post of the signed payload
 * to the double, the double's hosted pages, Amazon's redirects back to the review and result URLs, and
 * the confirm page's order form. What is checked is what the shopper and the shop see: statuses,
 * redirects, cookies, the rows in customer_order and payment_transaction, and the double's state as
 * Amazon's API (the shop's client) shows it.
 */

const CONFIRM = "/checkout/confirm";
const FINISH = /^\/checkout\/finish\?orderId=([\w-]+)$/;
const BUYER = { name: "Erika Mustermann", email: "erika@example.test", street: "Heidestraße 17" };

describe.each(availableBackends())("Amazon Pay checkout through the app on %s", (backend) => {
  let bed: AmazonPayTestBed;

  beforeAll(async () => {
    bed = await openAmazonPayTestBed(backend);
  }, 120_000);
  afterAll(async () => {
    await bed?.close();
  });

  const customerIdOf = async (browser: Browser) => (await bed.testApp.services.customers.fromSession(browser.sessionToken))!.id;
  const lineCount = async (browser: Browser) => (await bed.testApp.services.cart.view(browser.cartToken)).lineItems.length;
  const sessionState = async (checkoutSessionId: string) => (await bed.client.getCheckoutSession(checkoutSessionId)).statusDetails;

  /** A guest's cart, through Amazon's first page and the review URL to the confirm page, as a guest made from Amazon's buyer. */
  async function reviewed(card: AmazonCard = "pays") {
    const browser = await guestBrowserWithCart(bed);
    const journey = await chooseAtAmazon(bed, browser, card);
    const review = await shop(bed, browser, journey.reviewUrl);
    expect(review.status).toBe(303);
    expect(review.headers.get("location")).toBe(CONFIRM);
    return { browser, ...journey, review };
  }

  /** … and Submit order: the buyer is sent to the double's amazonPayRedirectUrl. */
  async function atAmazonRedirect(card: AmazonCard = "pays") {
    const journey = await reviewed(card);
    const submitted = await submitOrder(bed, journey.browser);
    expect(submitted.status).toBe(303);
    const redirectUrl = submitted.headers.get("location")!;
    expect(new URL(redirectUrl).origin).toBe(bed.doubleOrigin);
    return { ...journey, redirectUrl };
  }

  /** The confirm page (in English). */
  async function confirmPage(browser: Browser) {
    const page = await shop(bed, browser, CONFIRM, { headers: { "Accept-Language": "en", Accept: "text/html" } });
    expect(page.status).toBe(200);
    return page.text();
  }
  /** The confirm page's alert after a refused payment (its notice is shown once), or null. */
  const confirmNotice = async (browser: Browser) => /<div class="checkout-alert" role="alert"><p>([^<]*)<\/p>/.exec(await confirmPage(browser))?.[1] ?? null;

  describe("a guest's full checkout", () => {
    it("goes from the cart through Amazon to the finish page, with one paid order numbered as Amazon's merchantReferenceId", async () => {
      const browser = await guestBrowserWithCart(bed);
      const journey = await chooseAtAmazon(bed, browser);
      // The signed payload sends the buyer back to our review URL, bound to this browser.
      const reviewReturn = new URL((JSON.parse(journey.payload.payloadJSON) as { webCheckoutDetails: { checkoutReviewReturnUrl: string } }).webCheckoutDetails.checkoutReviewReturnUrl);
      expect(`${reviewReturn.origin}${reviewReturn.pathname}`).toBe(`${bed.base}/amazon-pay/review`);
      const reviewUrl = new URL(journey.reviewUrl);
      expect(reviewUrl.searchParams.get("binding")).toBe(reviewReturn.searchParams.get("binding"));
      expect(reviewUrl.searchParams.get("amazonCheckoutSessionId")).toBe(journey.checkoutSessionId);

      expect(browser.sessionToken).toBeUndefined();
      const review = await shop(bed, browser, journey.reviewUrl);
      expect(review.status).toBe(303);
      expect(review.headers.get("location")).toBe(CONFIRM);
      expect(review.headers.get("set-cookie")).toMatch(/vitrine-session=[^;]+;.*HttpOnly/i);
      const customer = (await bed.testApp.services.customers.fromSession(browser.sessionToken))!;
      expect(customer).toMatchObject({ guest: true, email: BUYER.email, firstName: "Erika", lastName: "Mustermann" });
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([expect.objectContaining({ state: "open", order_id: null, customer_id: customer.id })]);

      // The confirm page shows Amazon's choice.
      const page = await confirmPage(browser);
      expect(page).toContain(escapeHtml(BUYER.street));
      expect(page).toContain("Visa ****1111");

      const submitted = await submitOrder(bed, browser);
      expect(submitted.status).toBe(303);
      const redirectUrl = submitted.headers.get("location")!;
      expect(redirectUrl).toBe(`${bed.doubleOrigin}/checkout/processing?amazonCheckoutSessionId=${journey.checkoutSessionId}`);
      // Nothing is placed before Amazon's return; the order number is reserved and sent to Amazon.
      expect(await ordersOf(bed, customer.id)).toEqual([]);
      const [reserved] = await amazonAttempts(bed, journey.checkoutSessionId);
      const atAmazon = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      expect(atAmazon.merchantMetadata?.merchantReferenceId).toBe(reserved!.order_number);
      expect(atAmazon.webCheckoutDetails.checkoutResultReturnUrl).toBe(`${bed.base}/amazon-pay/result`);

      const resultUrl = await confirmAtAmazon(bed, redirectUrl);
      expect(resultUrl).toBe(`${bed.base}/amazon-pay/result?amazonCheckoutSessionId=${journey.checkoutSessionId}`);
      const result = await shop(bed, browser, resultUrl);
      expect(result.status).toBe(303);
      const orderId = FINISH.exec(result.headers.get("location") ?? "")?.[1];
      expect(orderId).toBeTruthy();

      const orders = await ordersOf(bed, customer.id);
      expect(orders).toEqual([{ id: orderId, order_number: reserved!.order_number, gross_total: reserved!.amount_gross }]);
      const completed = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      expect(completed.statusDetails.state).toBe("Completed");
      expect(completed.chargeId).toBeTruthy();
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([
        expect.objectContaining({ state: "paid", order_id: orderId, settlement_reference: completed.chargeId, order_number: completed.merchantMetadata?.merchantReferenceId }),
      ]);
      // Amazon charged the order's total, and captured it (AMAZON_PAY_INTENT=capture, the default).
      const charge = await bed.client.getCharge(completed.chargeId!);
      expect(charge.statusDetails.state).toBe("Captured");
      expect(charge.chargeAmount).toEqual({ amount: (orders[0]!.gross_total / 100).toFixed(2), currencyCode: "EUR" });
      expect(await lineCount(browser)).toBe(0);
    });
  });

  describe("a payment Amazon refuses", () => {
    const refusals: [string, AmazonCard, "continue" | "cancel", keyof typeof en][] = [
      ["declined (card ****3434)", "declined", "continue", "payment.amazonPay.declined"],
      ["cancelled at completion (card ****3064)", "buyerCancels", "continue", "payment.amazonPay.cancelled"],
      ["cancelled with Cancel on Amazon's page", "pays", "cancel", "payment.amazonPay.cancelled"],
    ];

    it.each(refusals)("%s: back to the confirm page with its notice, the cart as it was, no order, the attempt failed", async (_name, card, action, notice) => {
      const journey = await atAmazonRedirect(card);
      const { browser, checkoutSessionId } = journey;
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl, action);
      expect(resultUrl).toBe(`${bed.base}/amazon-pay/result?amazonCheckoutSessionId=${checkoutSessionId}`);
      const result = await shop(bed, browser, resultUrl);
      expect(result.status).toBe(303);
      expect(result.headers.get("location")).toBe(CONFIRM);

      expect(await confirmNotice(browser)).toBe(escapeHtml(en[notice]));
      expect(await lineCount(browser)).toBe(1);
      expect(await ordersOf(bed, await customerIdOf(browser))).toEqual([]);
      expect(await amazonAttempts(bed, checkoutSessionId)).toEqual([expect.objectContaining({ state: "failed", order_id: null })]);
      expect((await sessionState(checkoutSessionId)).state).toBe("Canceled");
    });
  });

  describe("another browser", () => {
    it("gets 403 and none of the buyer's data at the review URL, with another cart or none", async () => {
      const browser = await guestBrowserWithCart(bed);
      const journey = await chooseAtAmazon(bed, browser);
      const other = await guestBrowserWithCart(bed);
      for (const visitor of [other, null]) {
        for (const accept of ["text/html", "application/json"]) {
          const review = await shop(bed, visitor, journey.reviewUrl, { headers: { Accept: accept } });
          expect(review.status).toBe(403);
          expect(review.headers.get("set-cookie")).toBeNull();
          const body = await review.text();
          expect(body).toMatch(/started in another browser/);
          for (const secret of [BUYER.name, BUYER.email, BUYER.street, "Mustermann", "Köln", "51147", "****1111"]) expect(body).not.toContain(secret);
        }
      }
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([]);
      // The buyer's own browser still gets on.
      expect((await shop(bed, browser, journey.reviewUrl)).status).toBe(303);
    });

    it("gets 403 at the result URL of another shopper's session, and nothing is written or charged", async () => {
      const journey = await atAmazonRedirect();
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const before = await amazonAttempts(bed, journey.checkoutSessionId);
      // Another guest with a cart and a session of their own.
      const other = await reviewed();
      // Someone who has the buyer's cart cookie but another session.
      const stolenCart = new Browser({ [CART_COOKIE]: journey.browser.cartToken!, "vitrine-session": other.browser.sessionToken! });
      for (const visitor of [other.browser, stolenCart, new Browser({ [CART_COOKIE]: journey.browser.cartToken! }), null]) {
        const result = await shop(bed, visitor, resultUrl);
        expect(result.status).toBe(403);
        expect(result.headers.get("location")).toBeNull();
      }
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual(before);
      expect(before).toEqual([expect.objectContaining({ state: "open", order_id: null, settlement_reference: null })]);
      expect((await sessionState(journey.checkoutSessionId)).state).toBe("Open");
      expect(await ordersOf(bed, await customerIdOf(other.browser))).toEqual([]);
      expect(await ordersOf(bed, await customerIdOf(journey.browser))).toEqual([]);
      // The buyer's own return still completes it.
      const own = await shop(bed, journey.browser, resultUrl);
      expect(own.headers.get("location")).toMatch(FINISH);
    });
  });

  describe("completing twice", () => {
    it("places one order when the result URL is opened again, and answers the same finish page", async () => {
      const journey = await atAmazonRedirect();
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const first = await shop(bed, journey.browser, resultUrl);
      const second = await shop(bed, journey.browser, resultUrl);
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(first.headers.get("location")).toMatch(FINISH);
      expect(second.headers.get("location")).toBe(first.headers.get("location"));
      const orders = await ordersOf(bed, await customerIdOf(journey.browser));
      expect(orders).toHaveLength(1);
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([expect.objectContaining({ state: "paid", order_id: orders[0]!.id })]);
    });

    it("places one order when five returns arrive at once, and all answer the same finish page", async () => {
      const journey = await atAmazonRedirect();
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const cookie = journey.browser.header;
      const results = await Promise.all(Array.from({ length: 5 }, () => bed.testApp.app.request(resultUrl, { headers: { Cookie: cookie } })));
      expect(results.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
      const orders = await ordersOf(bed, await customerIdOf(journey.browser));
      expect(orders).toHaveLength(1);
      expect(results.map((r) => r.headers.get("location"))).toEqual(Array(5).fill(`/checkout/finish?orderId=${orders[0]!.id}`));
      const completed = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([
        expect.objectContaining({ state: "paid", order_id: orders[0]!.id, settlement_reference: completed.chargeId }),
      ]);
    });
  });

  describe("a cart changed while the buyer was at Amazon", () => {
    it("is not paid for: back to the confirm page with the cartChanged notice, the session not completed, no order", async () => {
      const journey = await atAmazonRedirect();
      const variantId = await stockedVariantId(bed.testApp.services.db, 100_000);
      await bed.testApp.services.cart.addLineItem(journey.browser.cartToken, { variantId: await otherVariantId(variantId), quantity: 1 });
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const result = await shop(bed, journey.browser, resultUrl);
      expect(result.status).toBe(303);
      expect(result.headers.get("location")).toBe(CONFIRM);
      expect(await confirmNotice(journey.browser)).toBe(escapeHtml(en["payment.amazonPay.cartChanged"]));
      const atAmazon = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      expect(atAmazon.statusDetails.state).not.toBe("Completed");
      expect(atAmazon.chargeId ?? null).toBeNull();
      expect(await ordersOf(bed, await customerIdOf(journey.browser))).toEqual([]);
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([expect.objectContaining({ order_id: null, settlement_reference: null, state: "cancelled" })]);
      expect(await lineCount(journey.browser)).toBe(2);
    });
  });

  describe("an order that cannot be placed after Amazon charged", () => {
    it("gives the money back: refunded at Amazon, no order, the confirm page says so and the cart is kept", async () => {
      const journey = await atAmazonRedirect();
      // Sold out while the buyer was at Amazon: the cart is unchanged, but the order cannot take the stock.
      const [line] = (await bed.testApp.services.cart.view(journey.browser.cartToken)).lineItems;
      await bed.database.handle.db.update(productVariant).set({ stock: 0 }).where(eq(productVariant.id, line!.variantId));
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const result = await shop(bed, journey.browser, resultUrl);
      expect(result.status).toBe(303);
      expect(result.headers.get("location")).toBe(CONFIRM);
      expect(await confirmNotice(journey.browser)).toBe(escapeHtml(en["payment.amazonPay.notPlaced"]));
      expect(await ordersOf(bed, await customerIdOf(journey.browser))).toEqual([]);
      const [attempt] = await amazonAttempts(bed, journey.checkoutSessionId);
      expect(attempt).toMatchObject({ order_id: null, state: "refunded", refunded_gross: attempt!.amount_gross });
      const charge = await bed.client.getCharge(attempt!.settlement_reference!);
      expect(charge.statusDetails.state).toBe("Captured");
      expect(await lineCount(journey.browser)).toBe(1);
      await bed.database.handle.db.update(productVariant).set({ stock: 100_000 }).where(eq(productVariant.id, line!.variantId));
    });
  });

  describe("with Amazon's notifications delivered to the shop", () => {
    beforeAll(() => {
      bed.ipn.forward = true;
    });
    afterAll(() => {
      bed.ipn.forward = false;
    });

    it("places one paid order when the charge's IPN arrives around the buyer's return", async () => {
      const journey = await atAmazonRedirect();
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl);
      const before = bed.ipn.answered.length;
      const result = await shop(bed, journey.browser, resultUrl);
      expect(result.headers.get("location")).toMatch(FINISH);
      const completed = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      await bed.ipn.answeredCount(before + 1);
      expect(bed.ipn.answered.slice(before)).toContainEqual({ message: expect.objectContaining({ ObjectType: "CHARGE", ObjectId: completed.chargeId }), status: 200 });
      // The IPN applied after the return: it changes nothing.
      const orders = await ordersOf(bed, await customerIdOf(journey.browser));
      expect(orders).toHaveLength(1);
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([expect.objectContaining({ state: "paid", order_id: orders[0]!.id, settlement_reference: completed.chargeId })]);
    });

    // Amazon usually notifies before it redirects: the IPN has moved the attempt to `failed` by the time the
    // buyer is back, and the notice still says why (the session's reasonCode).
    it("says cancelled when the buyer cancelled at Amazon and the session's IPN came first", async () => {
      const journey = await atAmazonRedirect();
      const before = bed.ipn.answered.length;
      const resultUrl = await confirmAtAmazon(bed, journey.redirectUrl, "cancel");
      await bed.ipn.answeredCount(before + 1);
      expect(bed.ipn.answered.slice(before)).toEqual([{ message: expect.objectContaining({ ObjectType: "CHECKOUT_SESSION", ObjectId: journey.checkoutSessionId }), status: 200 }]);
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([expect.objectContaining({ state: "failed", order_id: null })]);

      const result = await shop(bed, journey.browser, resultUrl);
      expect(result.status).toBe(303);
      expect(result.headers.get("location")).toBe(CONFIRM);
      expect(await lineCount(journey.browser)).toBe(1);
      expect(await ordersOf(bed, await customerIdOf(journey.browser))).toEqual([]);
      expect(await confirmNotice(journey.browser)).toBe(escapeHtml(en["payment.amazonPay.cancelled"]));
    });
  });

  describe("bad input", () => {
    it("answers 400 with a readable message for a missing or malformed amazonCheckoutSessionId, and writes nothing", async () => {
      const browser = await guestBrowserWithCart(bed);
      const before = await transactionCount(bed);
      for (const path of ["/amazon-pay/review", "/amazon-pay/result"]) {
        for (const query of ["", "?amazonCheckoutSessionId=", "?amazonCheckoutSessionId=%3Cscript%3E", `?amazonCheckoutSessionId=${"a".repeat(65)}`, "?amazonCheckoutSessionId=../../v2/charges"]) {
          const response = await shop(bed, browser, path + query, { headers: { Accept: "application/json" } });
          expect(response.status, path + query).toBe(400);
          const { errors } = (await response.json()) as { errors: { message: string }[] };
          expect(errors[0]!.message).toMatch(/^amazonCheckoutSessionId: /);
        }
      }
      const page = await shop(bed, browser, "/amazon-pay/review", { headers: { Accept: "text/html" } });
      expect(page.status).toBe(400);
      expect(await page.text()).toMatch(/<h1>amazonCheckoutSessionId: [^<]+<\/h1>/);
      expect(await transactionCount(bed)).toBe(before);
    });

    it("refuses checkout-config without our script's header (403) and for an empty cart (409), and writes nothing", async () => {
      const before = await transactionCount(bed);
      const browser = await guestBrowserWithCart(bed);
      const noXhr = await checkoutConfig(bed, browser, { Origin: bed.base, Accept: "application/json" });
      expect(noXhr.status).toBe(403);
      expect(await noXhr.text()).not.toContain("payloadJSON");

      const emptied = await guestBrowserWithCart(bed);
      const [line] = (await bed.testApp.services.cart.view(emptied.cartToken)).lineItems;
      await bed.testApp.services.cart.removeLineItem(emptied.cartToken, line!.id);
      for (const visitor of [emptied, null]) {
        const empty = await checkoutConfig(bed, visitor);
        expect(empty.status).toBe(409);
        expect(((await empty.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe("Your cart is empty.");
      }
      expect(await transactionCount(bed)).toBe(before);
    });
  });

  /** A variant sold one by one other than `variantId`, with stock: a new line in the cart. */
  async function otherVariantId(variantId: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      bed.database.handle.db,
      sql`select v.id from product_variant v join price pr on pr.variant_id = v.id and pr.quantity_start = 1
          where v.min_purchase = 1 and v.purchase_step = 1 and v.id <> ${variantId} order by v.product_number limit 1`,
    );
    await bed.database.handle.db.update(productVariant).set({ stock: 100_000 }).where(eq(productVariant.id, row!.id));
    return row!.id;
  }
});

describe.each(availableBackends())("Amazon Pay checkout with AMAZON_PAY_INTENT=authorize on %s", (backend) => {
  let bed: AmazonPayTestBed;

  beforeAll(async () => {
    bed = await openAmazonPayTestBed(backend, { AMAZON_PAY_INTENT: "authorize" });
  }, 120_000);
  afterAll(async () => {
    await bed?.close();
  });

  it("places the order with the charge authorized, not captured", async () => {
    const browser = await guestBrowserWithCart(bed);
    const journey = await chooseAtAmazon(bed, browser);
    expect((await shop(bed, browser, journey.reviewUrl)).status).toBe(303);
    const submitted = await submitOrder(bed, browser);
    expect(submitted.status).toBe(303);
    const result = await shop(bed, browser, await confirmAtAmazon(bed, submitted.headers.get("location")!));
    expect(result.status).toBe(303);
    const orderId = FINISH.exec(result.headers.get("location") ?? "")?.[1];
    expect(orderId).toBeTruthy();
    const completed = await bed.client.getCheckoutSession(journey.checkoutSessionId);
    expect((await bed.client.getCharge(completed.chargeId!)).statusDetails.state).toBe("Authorized");
    expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([
      expect.objectContaining({ state: "authorized", order_id: orderId, settlement_reference: completed.chargeId, order_number: completed.merchantMetadata?.merchantReferenceId }),
    ]);
  });
});
