import { randomUUID, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { AMAZON_PAY_ALGORITHM, payloadStringToSign, verifyString } from "../signing";
import type { Address, CheckoutSession } from "../types";
import { DEFAULT_APPROVAL, type DoubleApproval, type Ledger, type Reply } from "./ledger";
import { escapeText, page, radioGroup, type Choice } from "./page-html";

/*
 * Amazon's buyer-facing pages, as the double serves them on 127.0.0.1 (reference §3.1, §3.3): the
 * checkout.js stand-in, the page a button leads to (account, address, payment method), the change
 * pages of `bindChangeAction`, the page behind `amazonPayRedirectUrl`, and Sign in with Amazon. A button
 * payload is accepted only when its signature verifies with the merchant's public key, as at Amazon.
 * Every state change goes through the ledger's test controls; kept here is only what Amazon's API does
 * not show either: where a buyer who cancels is sent back to, and the sign-ins in progress.
 */

const CHECKOUT_JS = readFileSync(new URL("./checkout-standin.js", import.meta.url), "utf8");

/** Amazon's sandbox buyers the pages offer. */
export const TEST_BUYERS: readonly DoubleApproval["buyer"][] = [
  DEFAULT_APPROVAL.buyer,
  { buyerId: "amzn1.account.TESTDOUBLEBUYER0000000001", name: "Max Mustermann", email: "max@example.test", phoneNumber: "+49 40 7654321" },
];

export const TEST_ADDRESSES: readonly Partial<Address>[] = [
  DEFAULT_APPROVAL.shippingAddress!,
  { name: "Max Mustermann", addressLine1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", countryCode: "DE" },
];

/** Payment methods by Amazon's sandbox card endings (what each does is the ledger's SIMULATED_CARDS). */
export const TEST_PAYMENT_METHODS: readonly { descriptor: string; outcome: string }[] = [
  { descriptor: "Visa ****1111", outcome: "pays" },
  { descriptor: "Mastercard ****3064", outcome: "simulation: the buyer cancels at completion" },
  { descriptor: "Visa ****3434", outcome: "simulation: declined at completion" },
];

export interface HostedRequest {
  method: string;
  url: URL;
  /** The request body (forms are url-encoded). */
  body: string;
  referer?: string;
}

export interface HostedReply {
  status: number;
  contentType?: string;
  body?: string;
  location?: string;
}

interface SignIn {
  returnUrl: string;
  cancelUrl: string | null;
}

const seeOther = (location: string): HostedReply => ({ status: 303, location });
const html = (status: number, body: string): HostedReply => ({ status, contentType: "text/html; charset=utf-8", body });

function withParam(url: string, name: string, value: string): string {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
}

function addressLine(address: Partial<Address> | null | undefined): string {
  if (!address) return "";
  return [address.name, address.addressLine1, `${address.postalCode ?? ""} ${address.city ?? ""}`.trim(), address.countryCode].filter(Boolean).join(", ");
}

const buyerChoices = (current?: string | null): Choice[] =>
  TEST_BUYERS.map((buyer, index) => ({ value: String(index), label: `${buyer.name} (${buyer.email})`, checked: current ? buyer.buyerId === current : index === 0 }));
const addressChoices = (current?: Partial<Address> | null): Choice[] =>
  TEST_ADDRESSES.map((address, index) => ({ value: String(index), label: addressLine(address), checked: current ? address.addressLine1 === current.addressLine1 : index === 0 }));
const paymentChoices = (current?: string | null): Choice[] =>
  TEST_PAYMENT_METHODS.map((method, index) => ({ value: String(index), label: `${method.descriptor} (${method.outcome})`, checked: current ? method.descriptor === current : index === 0 }));

/** `items[form[name]]`, or the first when the form does not name one. */
function picked<T>(items: readonly T[], form: URLSearchParams, name: string): T {
  return items[Number(form.get(name))] ?? items[0]!;
}

export function createHostedPages(options: { ledger: Ledger; publicKeyId: string; publicKey: KeyObject }) {
  const { ledger } = options;
  /** Where Cancel on the first page sends the buyer: the payload's checkoutCancelUrl, else the page the button was on. */
  const cancelUrls = new Map<string, string>();
  const signIns = new Map<string, SignIn>();

  function errorPage(status: number, message: string): HostedReply {
    return html(status, page({ title: "Amazon Pay test double: error", body: `<p role="alert">${escapeText(message)}</p>` }));
  }

  /** The button's signed payload, checked as Amazon checks it; a string is the error to show. */
  function signedPayload(form: URLSearchParams): Record<string, unknown> | string {
    const payloadJSON = form.get("payloadJSON") ?? "";
    const signature = form.get("signature") ?? "";
    const publicKeyId = form.get("publicKeyId");
    if (form.get("algorithm") !== AMAZON_PAY_ALGORITHM) return `The button's algorithm must be ${AMAZON_PAY_ALGORITHM}.`;
    if (publicKeyId && publicKeyId !== options.publicKeyId) return `The public key id ${publicKeyId} is not registered with this merchant account.`;
    let valid = false;
    try {
      valid = signature !== "" && verifyString(payloadStringToSign(payloadJSON), signature, options.publicKey);
    } catch {
      valid = false;
    }
    if (!valid) return "The button's signature does not match its payload (InvalidSignature). No checkout was started.";
    try {
      const payload: unknown = JSON.parse(payloadJSON);
      if (typeof payload === "object" && payload !== null && !Array.isArray(payload)) return payload as Record<string, unknown>;
    } catch {
      // reported below
    }
    return "The button's payload is not a JSON object.";
  }

  function session(id: string): CheckoutSession | null {
    const reply = ledger.getCheckoutSession(id);
    return reply.status === 200 ? (reply.body as CheckoutSession) : null;
  }

  function failed(reply: Reply): HostedReply {
    const body = reply.body as { reasonCode?: string; message?: string } | undefined;
    return errorPage(reply.status, `${body?.reasonCode ?? "Error"}: ${body?.message ?? ""}`);
  }

  function startCheckout(form: URLSearchParams, referer: string | undefined): HostedReply {
    const payload = signedPayload(form);
    if (typeof payload === "string") return errorPage(400, payload);
    const productType = form.get("productType");
    const created = ledger.createCheckoutSession({ ...payload, productType: payload.productType ?? productType ?? "PayAndShip" });
    if (created.status !== 201) return failed(created);
    const id = (created.body as CheckoutSession).checkoutSessionId;
    const web = (payload.webCheckoutDetails ?? {}) as Record<string, unknown>;
    const cancelUrl = typeof web.checkoutCancelUrl === "string" ? web.checkoutCancelUrl : buttonPage(form, referer);
    if (cancelUrl) cancelUrls.set(id, cancelUrl);
    return seeOther(`/checkout/select?amazonCheckoutSessionId=${encodeURIComponent(id)}`);
  }

  /** The first page: the buyer signs in and picks address and payment method. */
  function selectPage(request: HostedRequest, id: string, current: CheckoutSession): HostedReply {
    if (request.method === "POST") {
      const form = new URLSearchParams(request.body);
      const review = current.webCheckoutDetails.checkoutReviewReturnUrl;
      if (form.get("action") === "cancel") {
        // Amazon leaves the session Open (it expires); the buyer is back where the button was.
        return seeOther(cancelUrls.get(id) ?? (review ? new URL(review).origin : "/"));
      }
      const address = picked(TEST_ADDRESSES, form, "address");
      const approved = ledger.approve(id, {
        buyer: picked(TEST_BUYERS, form, "buyer"),
        shippingAddress: address,
        billingAddress: address,
        paymentDescriptor: picked(TEST_PAYMENT_METHODS, form, "payment").descriptor,
      });
      if (approved.status !== 200) return failed(approved);
      if (review) return seeOther(withParam(review, "amazonCheckoutSessionId", id));
      const redirect = (approved.body as CheckoutSession).webCheckoutDetails.amazonPayRedirectUrl;
      return redirect ? seeOther(redirect) : errorPage(422, "The checkout session has no checkoutReviewReturnUrl and is not ready to be processed.");
    }
    const shipping = current.productType !== "PayOnly";
    const body = `<p>The shop asks Amazon for your name, email address${shipping ? ", shipping address" : ""} and payment method.</p>
<form method="post">
${radioGroup("Amazon account", "buyer", buyerChoices(current.buyer?.buyerId))}
${shipping ? radioGroup("Shipping address", "address", addressChoices(current.shippingAddress)) : ""}
${radioGroup("Payment method", "payment", paymentChoices(current.paymentPreferences?.[0]?.paymentDescriptor))}
${actions()}
</form>`;
    return html(200, page({ title: "Amazon Pay test double: sign in and choose", body }));
  }

  /** `bindChangeAction`'s pages: one choice changed, the rest kept, back to the review page either way. */
  function changePage(request: HostedRequest, id: string, current: CheckoutSession): HostedReply {
    const changeAction = request.url.searchParams.get("changeAction");
    if (changeAction !== "changeAddress" && changeAction !== "changePayment") return errorPage(400, "changeAction must be changeAddress or changePayment.");
    const review = current.webCheckoutDetails.checkoutReviewReturnUrl;
    if (!current.buyer || !review) return errorPage(422, "The buyer has not chosen an address and payment method for this checkout session yet.");
    const back = withParam(review, "amazonCheckoutSessionId", id);
    if (request.method === "POST") {
      const form = new URLSearchParams(request.body);
      if (form.get("action") === "cancel") return seeOther(back);
      const approved = ledger.approve(id, {
        buyer: { buyerId: current.buyer.buyerId, name: current.buyer.name ?? "", email: current.buyer.email ?? "", phoneNumber: current.buyer.phoneNumber },
        shippingAddress: changeAction === "changeAddress" ? picked(TEST_ADDRESSES, form, "address") : current.shippingAddress,
        billingAddress: current.billingAddress,
        paymentDescriptor: changeAction === "changePayment" ? picked(TEST_PAYMENT_METHODS, form, "payment").descriptor : (current.paymentPreferences?.[0]?.paymentDescriptor ?? undefined),
      });
      return approved.status === 200 ? seeOther(back) : failed(approved);
    }
    const group =
      changeAction === "changeAddress"
        ? radioGroup("Shipping address", "address", addressChoices(current.shippingAddress))
        : radioGroup("Payment method", "payment", paymentChoices(current.paymentPreferences?.[0]?.paymentDescriptor));
    const title = changeAction === "changeAddress" ? "Change address" : "Change payment";
    return html(200, page({ title: `Amazon Pay test double: ${title.toLowerCase()}`, body: `<h2>${title}</h2>\n<form method="post">\n${group}\n${actions()}\n</form>` }));
  }

  /** Behind `amazonPayRedirectUrl`: Amazon processes the payment and sends the buyer to checkoutResultReturnUrl. */
  function processingPage(request: HostedRequest, id: string, current: CheckoutSession): HostedReply {
    // The redirect URL exists only once nothing is missing, checkoutResultReturnUrl included.
    const result = current.webCheckoutDetails.checkoutResultReturnUrl;
    if (!current.webCheckoutDetails.amazonPayRedirectUrl || !result) {
      return errorPage(422, `The checkout session is not ready to be processed: ${current.constraints.map((constraint) => constraint.constraintId).join(", ")}.`);
    }
    if (request.method === "POST") {
      const form = new URLSearchParams(request.body);
      if (form.get("action") === "cancel") {
        const canceled = ledger.cancelSession(id, "BuyerCanceled");
        return canceled.status === 200 ? seeOther(withParam(result, "amazonCheckoutSessionId", id)) : failed(canceled);
      }
      const returned = ledger.returnFromRedirect(id);
      return returned.status === 200 ? seeOther((returned.body as { redirectUrl: string }).redirectUrl) : failed(returned);
    }
    const amount = current.paymentDetails.chargeAmount!;
    const body = `<dl>
<dt>Amount</dt><dd>${escapeText(`${amount.amount} ${amount.currencyCode}`)}</dd>
<dt>Payment method</dt><dd>${escapeText(current.paymentPreferences?.[0]?.paymentDescriptor ?? "")}</dd>
${current.shippingAddress ? `<dt>Shipping address</dt><dd>${escapeText(addressLine(current.shippingAddress))}</dd>` : ""}
</dl>
<form method="post">${actions()}</form>`;
    return html(200, page({ title: "Amazon Pay test double: confirm payment", body }));
  }

  function startSignIn(form: URLSearchParams, referer: string | undefined): HostedReply {
    const payload = signedPayload(form);
    if (typeof payload === "string") return errorPage(400, payload);
    if (typeof payload.signInReturnUrl !== "string" || typeof payload.storeId !== "string") return errorPage(400, "MissingParameterValue: signInReturnUrl and storeId are required.");
    const id = randomUUID();
    signIns.set(id, { returnUrl: payload.signInReturnUrl, cancelUrl: typeof payload.signInCancelUrl === "string" ? payload.signInCancelUrl : (buttonPage(form, referer) ?? null) });
    return seeOther(`/signin?signInId=${id}`);
  }

  function signInPage(request: HostedRequest): HostedReply {
    const id = request.url.searchParams.get("signInId") ?? "";
    const signIn = signIns.get(id);
    if (!signIn) return errorPage(404, "This sign-in is unknown or finished.");
    if (request.method === "POST") {
      const form = new URLSearchParams(request.body);
      signIns.delete(id);
      if (form.get("action") === "cancel") return seeOther(signIn.cancelUrl ?? new URL(signIn.returnUrl).origin);
      return seeOther(withParam(signIn.returnUrl, "buyerToken", ledger.issueBuyerToken(picked(TEST_BUYERS, form, "buyer"))));
    }
    const body = `<p>Sign in with Amazon: the shop receives your name and email address.</p>
<form method="post">
${radioGroup("Amazon account", "buyer", buyerChoices())}
${actions()}
</form>`;
    return html(200, page({ title: "Amazon Pay test double: sign in", body }));
  }

  /** Null when the path is not one of Amazon's pages (the API handles it). */
  return function handle(request: HostedRequest): HostedReply | null {
    const { method, url } = request;
    const path = url.pathname;
    if (path === "/checkout.js" && method === "GET") return { status: 200, contentType: "application/javascript; charset=utf-8", body: CHECKOUT_JS };
    if (path === "/checkout/start" && method === "POST") return startCheckout(new URLSearchParams(request.body), request.referer);
    if (path === "/signin/start" && method === "POST") return startSignIn(new URLSearchParams(request.body), request.referer);
    if (path === "/signin" && (method === "GET" || method === "POST")) return signInPage(request);
    const sessionPage = { "/checkout/select": selectPage, "/checkout/change": changePage, "/checkout/processing": processingPage }[path];
    if (!sessionPage || (method !== "GET" && method !== "POST")) return null;
    const id = url.searchParams.get("amazonCheckoutSessionId") ?? "";
    const current = session(id);
    if (!current) return errorPage(404, "This checkout session does not exist.");
    if (current.statusDetails.state !== "Open") return errorPage(422, `This checkout session is ${current.statusDetails.state}.`);
    return sessionPage(request, id, current);
  };
}

/**
 * The page the button was on (checkout.js sends it, as Amazon's script knows it); the referer, which
 * browsers cut to the origin across origins, when it does not.
 */
function buttonPage(form: URLSearchParams, referer: string | undefined): string | undefined {
  const page = form.get("buttonPage");
  return page && /^https?:\/\//.test(page) ? page : referer;
}

function actions(): string {
  return `<div class="actions"><button type="submit" name="action" value="continue">Continue to shop</button> <button type="submit" name="action" value="cancel" class="secondary">Cancel</button></div>`;
}
