// @ts-check
/*
 * A stand-in for Google's pay.js (https://pay.google.com/gp/p/js/pay.js), served by the PayPal test double
 * at `/google/pay.js`: `google.payments.api.PaymentsClient` reports Google Pay ready in any browser and
 * hands out a fake token, so the Google Pay flow through PayPal runs offline. No real payment is possible.
 */
(function () {
  "use strict";

  const NOTE = "Test double: no real payment";

  class PaymentsClient {
    /** @param {{environment?: string, paymentDataCallbacks?: {onPaymentAuthorized?: Function, onPaymentDataChanged?: Function}}} [options] */
    constructor(options = {}) {
      this.options = options;
    }

    /** @param {unknown} _request */
    isReadyToPay(_request) {
      return Promise.resolve({ result: true, paymentMethodPresent: true });
    }

    /** @param {unknown} _request */
    prefetchPaymentData(_request) {
      return undefined;
    }

    /** @param {{onClick: (event: Event) => void, buttonColor?: string, buttonType?: string, buttonSizeMode?: string}} options */
    createButton(options) {
      const wrapper = document.createElement("div");
      wrapper.className = "gpay-button-container";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "gpay-button";
      button.textContent = "Google Pay";
      const light = options.buttonColor === "white";
      Object.assign(button.style, {
        display: "block",
        width: options.buttonSizeMode === "fill" ? "100%" : "240px",
        minHeight: "40px",
        background: light ? "#fff" : "#000",
        color: light ? "#111" : "#fff",
        border: "1px solid #747775",
        borderRadius: "4px",
        font: "bold 16px sans-serif",
        cursor: "pointer",
      });
      button.addEventListener("click", (event) => options.onClick(event));
      const note = document.createElement("p");
      note.textContent = NOTE;
      Object.assign(note.style, { margin: "4px 0 0", fontSize: "12px", color: "#333", fontFamily: "sans-serif" });
      wrapper.append(button, note);
      return wrapper;
    }

    /** @param {{callbackIntents?: string[], transactionInfo?: unknown, emailRequired?: boolean}} request */
    async loadPaymentData(request) {
      const paymentData = {
        apiVersion: 2,
        apiVersionMinor: 0,
        email: "buyer@example.com",
        paymentMethodData: {
          type: "CARD",
          description: "Visa •••• 1111 (test double)",
          info: {
            cardNetwork: "VISA",
            cardDetails: "1111",
            assuranceDetails: { accountVerified: true, cardHolderAuthenticated: false },
            billingAddress: { name: "Erika Mustermann", address1: "Heidestraße 17", locality: "Berlin", postalCode: "10557", countryCode: "DE" },
          },
          tokenizationData: { type: "PAYMENT_GATEWAY", token: JSON.stringify({ signature: "test-double", protocolVersion: "ECv2", signedMessage: "{}" }) },
        },
      };
      const authorize = this.options.paymentDataCallbacks && this.options.paymentDataCallbacks.onPaymentAuthorized;
      if (authorize && (request.callbackIntents || []).includes("PAYMENT_AUTHORIZATION")) {
        const result = await authorize(paymentData);
        if (!result || result.transactionState !== "SUCCESS") {
          throw { statusCode: "CANCELED", statusMessage: (result && result.error && result.error.message) || "The payment was not authorized" };
        }
      }
      return paymentData;
    }
  }

  const scope = /** @type {any} */ (window);
  scope.google = scope.google || {};
  scope.google.payments = scope.google.payments || {};
  scope.google.payments.api = Object.assign(scope.google.payments.api || {}, { PaymentsClient });
})();
