import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../kernel/i18n/en";
import {
  AMAZON_BASE,
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

  /** The confirm page's text after a refused payment (its notice is shown once). */
  async function confirmPage(browser: Browser) {
    const page = await shop(bed, browser, CONFIRM, { headers: { "Accept-Language": "en", Accept: "text/html" } });
    expect(page.status).toBe(200);
    return page.text();
  }

  describe("a guest's full checkout", () => {
    it("goes from the cart through Amazon to the finish page, with one paid order numbered as Amazon's merchantReferenceId", async () => {
      const browser = await guestBrowserWithCart(bed);
      const journey = await chooseAtAmazon(bed, browser);
      // The signed payload sends the buyer back to our review URL, bound to this browser.
      const reviewReturn = new URL((JSON.parse(journey.payload.payloadJSON) as { webCheckoutDetails: { checkoutReviewReturnUrl: string } }).webCheckoutDetails.checkoutReviewReturnUrl);
      expect(`${reviewReturn.origin}${reviewReturn.pathname}`).toBe(`${AMAZON_BASE}/amazon-pay/review`);
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
      expect(atAmazon.webCheckoutDetails.checkoutResultReturnUrl).toBe(`${AMAZON_BASE}/amazon-pay/result`);

      const resultUrl = await confirmAtAmazon(bed, redirectUrl);
      expect(resultUrl).toBe(`${AMAZON_BASE}/amazon-pay/result?amazonCheckoutSessionId=${journey.checkoutSessionId}`);
      const result = await shop(bed, browser, resultUrl);
      expect(result.status).toBe(303);
      const orderId = FINISH.exec(result.headers.get("location") ?? "")?.[1];
      expect(orderId).toBeTruthy();

      const orders = await ordersOf(bed, customer.id);
      expect(orders).toEqual([{ id: orderId, order_number: reserved!.order_number }]);
      const completed = await bed.client.getCheckoutSession(journey.checkoutSessionId);
      expect(completed.statusDetails.state).toBe("Completed");
      expect(completed.chargeId).toBeTruthy();
      expect(await amazonAttempts(bed, journey.checkoutSessionId)).toEqual([
        expect.objectContaining({ state: "paid", order_id: orderId, settlement_reference: completed.chargeId, order_number: completed.merchantMetadata?.merchantReferenceId }),
      ]);
      expect((await bed.client.getCharge(completed.chargeId!)).statusDetails.state).toBe("Captured");
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
      expect(resultUrl).toBe(`${AMAZON_BASE}/amazon-pay/result?amazonCheckoutSessionId=${checkoutSessionId}`);
      const result = await shop(bed, browser, resultUrl);
      expect(result.status).toBe(303);
      expect(result.headers.get("location")).toBe(CONFIRM);

      expect(await confirmPage(browser)).toContain(escapeHtml(en[notice]));
      expect(await lineCount(browser)).toBe(1);
      expect(await ordersOf(bed, await customerIdOf(browser))).toEqual([]);
      expect(await amazonAttempts(bed, checkoutSessionId)).toEqual([expect.objectContaining({ state: "failed", order_id: null })]);
      expect((await sessionState(checkoutSessionId)).state).toBe("Canceled");
    });
  });
});
