// @ts-check
/*
 * A stand-in for Amazon Pay's `checkout.js` (https://static-eu.payments-amazon.com/checkout.js), served by
 * the Amazon Pay test double at `/checkout.js`. It offers Amazon's browser API as BigCommerce's typed
 * interface describes it (`amazon.Pay.renderButton`, the button's `onClick` and `initCheckout`,
 * `bindChangeAction`, `signout`), checks the options as Amazon does, and records every call on
 * `window.__fakes.amazonPay` for tests. Starting checkout posts the signed payload to the double (a
 * top-level form post, as Amazon's script navigates to Amazon), which verifies the signature and shows its
 * hosted page. Every button says "Test double: no real payment". Plain ES2020, no imports: served as is.
 */
(function () {
  "use strict";

  const NOTE = "Test double: no real payment";
  const ALGORITHM = "AMZN-PAY-RSASSA-PSS-V2";
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const origin = new URL(script ? script.src : location.href, location.href).origin;

  const PRODUCT_TYPES = ["PayAndShip", "PayOnly", "SignIn"];
  const PLACEMENTS = ["Home", "Product", "Cart", "Checkout", "Other"];
  const BUTTON_COLORS = ["Gold", "LightGray", "DarkGray"];
  const LEDGER_CURRENCIES = ["EUR", "GBP", "USD", "JPY"];
  const CHECKOUT_LANGUAGES = ["en_US", "en_GB", "de_DE", "fr_FR", "it_IT", "es_ES", "ja_JP"];
  const CHANGE_ACTIONS = ["changeAddress", "changePayment"];
  const COLORS = {
    Gold: { background: "#ffd814", border: "#7a5a00", text: "#111" },
    LightGray: { background: "#e7e9ec", border: "#555", text: "#111" },
    DarkGray: { background: "#232f3e", border: "#232f3e", text: "#fff" },
  };

  const win = /** @type {any} */ (window);
  win.__fakes = win.__fakes || {};
  /** What the page asked of checkout.js, for tests. */
  const record = (win.__fakes.amazonPay = { buttons: [], clicks: [], checkouts: [], changeActions: [], signouts: 0 });

  /** @param {string} message */
  function fail(message) {
    throw new Error("Amazon Pay: " + message);
  }

  /**
   * @param {unknown} value
   * @param {string[]} allowed
   * @param {string} name
   */
  function oneOf(value, allowed, name) {
    if (typeof value !== "string" || !allowed.includes(value)) fail(name + " must be one of " + allowed.join(", ") + " (got " + JSON.stringify(value) + ")");
  }

  /**
   * `{ payloadJSON, signature, algorithm }` as Amazon's button takes it.
   * @param {any} config
   * @param {string} name
   */
  function checkSignedConfig(config, name) {
    if (!config || typeof config !== "object") fail(name + " is required");
    if (typeof config.payloadJSON !== "string" || config.payloadJSON === "") fail(name + ".payloadJSON must be the signed JSON string");
    if (typeof config.signature !== "string" || config.signature === "") fail(name + ".signature is required");
    if (config.algorithm !== undefined && config.algorithm !== ALGORITHM) fail(name + ".algorithm must be " + ALGORITHM);
  }

  /** @param {any} options */
  function checkButtonOptions(options) {
    if (!options || typeof options !== "object") fail("renderButton needs options");
    if (typeof options.merchantId !== "string" || options.merchantId === "") fail("merchantId is required");
    if (options.publicKeyId !== undefined && typeof options.publicKeyId !== "string") fail("publicKeyId must be a string");
    oneOf(options.ledgerCurrency, LEDGER_CURRENCIES, "ledgerCurrency");
    if (options.checkoutLanguage !== undefined) oneOf(options.checkoutLanguage, CHECKOUT_LANGUAGES, "checkoutLanguage");
    oneOf(options.productType === undefined ? "PayAndShip" : options.productType, PRODUCT_TYPES, "productType");
    oneOf(options.placement, PLACEMENTS, "placement");
    if (options.buttonColor !== undefined) oneOf(options.buttonColor, BUTTON_COLORS, "buttonColor");
    const amount = options.estimatedOrderAmount;
    if (amount !== undefined && (typeof amount !== "object" || !/^\d+(\.\d{1,2})?$/.test(String(amount.amount)) || typeof amount.currencyCode !== "string")) {
      fail("estimatedOrderAmount must be { amount, currencyCode }");
    }
    if (options.productType === "SignIn") {
      checkSignedConfig(options.signInConfig, "signInConfig");
    } else if (options.createCheckoutSessionConfig !== undefined) {
      // Optional here: the decoupled flow passes it to initCheckout later.
      checkSignedConfig(options.createCheckoutSessionConfig, "createCheckoutSessionConfig");
    }
  }

  /** @param {string | Element} selector */
  function element(selector) {
    const found = typeof selector === "string" ? document.querySelector(selector) : selector;
    if (!found) fail("no element matches " + String(selector));
    return /** @type {HTMLElement} */ (found);
  }

  /**
   * Leaves for the double's page the way Amazon's script leaves for Amazon: a top-level navigation.
   * @param {string} path
   * @param {Record<string, string | undefined>} fields
   */
  function post(path, fields) {
    const form = document.createElement("form");
    form.method = "post";
    form.action = origin + path;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }

  /**
   * @param {string | Element} selector
   * @param {any} options
   */
  function renderButton(selector, options) {
    checkButtonOptions(options);
    const container = element(selector);
    const productType = options.productType || "PayAndShip";
    const signIn = productType === "SignIn";
    const colors = COLORS[/** @type {keyof typeof COLORS} */ (options.buttonColor || "Gold")];
    record.buttons.push({ selector: typeof selector === "string" ? selector : null, options: JSON.parse(JSON.stringify(options)) });

    const button = document.createElement("button");
    button.type = "button";
    button.textContent = signIn ? "Sign in with Amazon" : "Amazon Pay";
    button.setAttribute("data-amazon-pay-button", productType);
    button.style.cssText = "font:inherit;font-weight:600;min-width:12rem;min-height:2.75rem;padding:.5rem 1rem;border-radius:.4rem;cursor:pointer;" +
      "background:" + colors.background + ";color:" + colors.text + ";border:1px solid " + colors.border;
    const note = document.createElement("small");
    note.textContent = NOTE;
    note.style.cssText = "display:block;margin-top:.25rem;color:#333";
    container.replaceChildren(button, note);

    /** @type {(() => void) | null} */
    let onClick = null;
    const handle = {
      /** Amazon's decoupled flow: the click is the merchant's, who calls initCheckout when ready. */
      onClick(/** @type {() => void} */ callback) {
        if (typeof callback !== "function") fail("onClick needs a function");
        onClick = callback;
      },
      /** @param {any} config */
      initCheckout(config) {
        if (!config || typeof config !== "object") fail("initCheckout needs a config");
        const kind = signIn ? "signInConfig" : "createCheckoutSessionConfig";
        checkSignedConfig(config[kind], kind);
        record.checkouts.push({ productType, config: JSON.parse(JSON.stringify(config)) });
        const signed = config[kind];
        post(signIn ? "/signin/start" : "/checkout/start", {
          payloadJSON: signed.payloadJSON,
          signature: signed.signature,
          algorithm: signed.algorithm || ALGORITHM,
          publicKeyId: options.publicKeyId,
          merchantId: options.merchantId,
          productType,
          ledgerCurrency: options.ledgerCurrency,
          checkoutLanguage: options.checkoutLanguage,
          buttonPage: location.href,
        });
      },
    };
    button.addEventListener("click", () => {
      record.clicks.push({ productType, placement: options.placement });
      if (onClick) return onClick();
      const kind = signIn ? "signInConfig" : "createCheckoutSessionConfig";
      if (!options[kind]) fail("the button has no " + kind + " and no onClick handler");
      handle.initCheckout({ [kind]: options[kind], estimatedOrderAmount: options.estimatedOrderAmount });
    });
    return handle;
  }

  /**
   * @param {string | Element} selector
   * @param {any} options
   */
  function bindChangeAction(selector, options) {
    if (!options || typeof options.amazonCheckoutSessionId !== "string" || options.amazonCheckoutSessionId === "") fail("amazonCheckoutSessionId is required");
    oneOf(options.changeAction, CHANGE_ACTIONS, "changeAction");
    const target = element(selector);
    record.changeActions.push({ selector: typeof selector === "string" ? selector : null, options: { ...options } });
    target.addEventListener("click", (event) => {
      event.preventDefault();
      const query = new URLSearchParams({ amazonCheckoutSessionId: options.amazonCheckoutSessionId, changeAction: options.changeAction });
      location.assign(origin + "/checkout/change?" + query.toString());
    });
  }

  /** Amazon's signs the buyer out of Amazon in this browser; the double has no such session, so it records the call. */
  function signout() {
    record.signouts += 1;
  }

  win.amazon = win.amazon || {};
  win.amazon.Pay = { renderButton, bindChangeAction, signout };
})();
