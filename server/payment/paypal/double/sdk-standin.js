// @ts-check
/*
 * A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the PayPal test double at
 * `/sdk/js`. It is loaded the way the real SDK is (by @paypal/paypal-js `loadScript` with `sdkBaseUrl`),
 * reads its options from its own URL and `data-*` attributes as the real one does, and offers the same
 * API shapes (Buttons, Messages, CardFields, Marks, funding eligibility, Googlepay, Applepay). Instead of
 * PayPal's popup it opens an in-page dialog "PayPal test double" that approves, declines or cancels the
 * order in the double. Every widget says "Test double: no real payment". No real payment is possible.
 * Plain ES2020, no imports: it is served as is.
 */
(function () {
  "use strict";

  const NOTE = "Test double: no real payment";
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const source = new URL(script ? script.src : location.href, location.href);
  const origin = source.origin;
  const query = source.searchParams;
  const namespace = (script && script.getAttribute("data-namespace")) || "paypal";
  const clientId = query.get("client-id") || "";
  const currency = (query.get("currency") || "USD").toUpperCase();
  const intent = (query.get("intent") || "capture").toUpperCase();
  const locale = (query.get("locale") || navigator.language || "en-US").replace("_", "-");
  const components = list(query.get("components") || "buttons,funding-eligibility");
  const disabledFunding = list(query.get("disable-funding"));
  const buyerCountry = query.get("buyer-country") || "DE";

  /** @param {string | null} value */
  function list(value) {
    return (value || "").split(",").map((item) => item.trim()).filter(Boolean);
  }

  const FUNDING = {
    PAYPAL: "paypal",
    VENMO: "venmo",
    APPLEPAY: "applepay",
    ITAU: "itau",
    CREDIT: "credit",
    PAYLATER: "paylater",
    CARD: "card",
    IDEAL: "ideal",
    SEPA: "sepa",
    BANCONTACT: "bancontact",
    GIROPAY: "giropay",
    SOFORT: "sofort",
    EPS: "eps",
    MYBANK: "mybank",
    P24: "p24",
    VERKKOPANKKI: "verkkopankki",
    PAYU: "payu",
    BLIK: "blik",
    TRUSTLY: "trustly",
    ZIMPLER: "zimpler",
    MAXIMA: "maxima",
    OXXO: "oxxo",
    BOLETO: "boleto",
    WECHATPAY: "wechatpay",
    MERCADOPAGO: "mercadopago",
    MULTIBANCO: "multibanco",
  };

  /**
   * What the double offers: PayPal, Pay Later, SEPA and cards (and Google Pay) everywhere; Venmo only for
   * USD (it is US-only, whatever `enable-funding` asks); Apple Pay only where the browser has
   * ApplePaySession; `disable-funding` removes any of them.
   * @param {string} fundingSource
   */
  function isFundingEligible(fundingSource) {
    if (disabledFunding.includes(fundingSource)) return false;
    switch (fundingSource) {
      case "paypal":
      case "paylater":
      case "sepa":
      case "card":
      case "googlepay":
        return true;
      case "venmo":
        return currency === "USD";
      case "applepay":
        return typeof (/** @type {any} */ (window).ApplePaySession) !== "undefined";
      default:
        return false;
    }
  }

  /** What tests can read back: the options each widget was created with. */
  const fakes = /** @type {any} */ (window).__fakes || (/** @type {any} */ (window).__fakes = {});
  const record = (fakes.paypal = { query: Object.fromEntries(query), namespace, buttons: [], messages: [], cardFields: [], googlepay: [], applepay: [] });

  // ---- helpers ----

  /** @param {string | HTMLElement} container */
  function resolveContainer(container) {
    const element = typeof container === "string" ? document.querySelector(container) : container;
    if (!element) throw new Error(`Document is ready and element ${String(container)} does not exist`);
    return /** @type {HTMLElement} */ (element);
  }

  /**
   * @param {string} tag
   * @param {Record<string, string>} [attributes]
   * @param {Partial<CSSStyleDeclaration>} [style]
   * @param {string} [text]
   */
  function element(tag, attributes = {}, style = {}, text = "") {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    Object.assign(node.style, style);
    if (text) node.textContent = text;
    return node;
  }

  function note() {
    return element("p", { "data-paypal-double-note": "" }, { margin: "4px 0 0", fontSize: "12px", color: "#333", fontFamily: "sans-serif" }, NOTE);
  }

  /**
   * @param {string} path
   * @param {unknown} [body]
   * @param {string} [method]
   */
  async function call(path, body, method = "POST") {
    const response = await fetch(origin + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const error = /** @type {Error & {details?: unknown, status?: number}} */ (new Error(json && json.details && json.details[0] ? json.details[0].issue : `HTTP ${response.status}`));
      error.details = json && json.details;
      error.status = response.status;
      throw error;
    }
    return json;
  }

  /** @param {{value: string, currency_code: string}} amount */
  function formatAmount(amount) {
    return new Intl.NumberFormat(locale, { style: "currency", currency: amount.currency_code }).format(Number(amount.value));
  }

  let uid = 0;
  const nextId = (/** @type {string} */ prefix) => `paypal-double-${prefix}-${++uid}`;

  /** Client-side order actions with the facilitator token, as the real SDK offers them. */
  function orderActions(/** @type {string} */ orderId, /** @type {string | undefined} */ token) {
    /** @param {string} path @param {string} method @param {unknown} [body] */
    const api = async (path, method, body) => {
      const response = await fetch(`${origin}/v2/checkout/orders/${orderId}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Prefer: "return=representation" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(text || `HTTP ${response.status}`);
      return text ? JSON.parse(text) : undefined;
    };
    return {
      get: () => api("", "GET"),
      capture: () => api("/capture", "POST", {}),
      authorize: () => api("/authorize", "POST", {}),
      patch: (/** @type {unknown} */ patch) => api("", "PATCH", patch || []),
    };
  }

  const createActions = {
    order: {
      /** @param {unknown} body */
      create: async (body) => {
        const order = await call(`/buyer/orders?client-id=${encodeURIComponent(clientId)}`, body);
        return order.id;
      },
    },
  };

  // ---- the approval dialog (PayPal's popup, in the page) ----

  /**
   * Shows the order and waits for the buyer's choice.
   * @param {string} orderId
   * @returns {Promise<"approve" | "decline" | "cancel">}
   */
  async function askBuyer(orderId) {
    const order = await call(`/buyer/orders/${orderId}`, undefined, "GET");
    const previousFocus = /** @type {HTMLElement | null} */ (document.activeElement);
    const titleId = nextId("dialog-title");
    const dialog = /** @type {HTMLDialogElement} */ (
      element("dialog", { "aria-modal": "true", "aria-labelledby": titleId, "data-paypal-double-dialog": "" }, {
        border: "1px solid #767676",
        borderRadius: "8px",
        padding: "24px",
        maxWidth: "24rem",
        fontFamily: "sans-serif",
        color: "#111",
        background: "#fff",
      })
    );
    dialog.append(
      element("h2", { id: titleId }, { margin: "0 0 8px", fontSize: "20px" }, "PayPal test double"),
      element("p", {}, { margin: "0 0 8px", fontWeight: "bold" }, NOTE),
      element("p", {}, { margin: "0 0 16px" }, `Amount: ${formatAmount(order.amount)}`),
    );
    const choices = /** @type {const} */ ([
      ["approve", "Approve payment", "#ffc439"],
      ["decline", "Decline payment", "#f2f2f2"],
      ["cancel", "Cancel payment", "#f2f2f2"],
    ]);
    const row = element("div", {}, { display: "flex", gap: "8px", flexWrap: "wrap" });
    const buttons = choices.map(([, label, background]) =>
      element("button", { type: "button" }, { background, color: "#111", border: "1px solid #555", borderRadius: "4px", padding: "8px 12px", font: "inherit", cursor: "pointer" }, label),
    );
    row.append(...buttons);
    dialog.append(row);
    document.body.append(dialog);

    return new Promise((resolve) => {
      /** @param {"approve" | "decline" | "cancel"} choice */
      let done = false;
      const finish = (choice) => {
        if (done) return;
        done = true;
        dialog.close();
        dialog.remove();
        if (previousFocus && previousFocus.isConnected) previousFocus.focus();
        resolve(choice);
      };
      choices.forEach(([choice], index) => buttons[index].addEventListener("click", () => finish(choice)));
      dialog.addEventListener("cancel", (event) => {
        event.preventDefault();
        finish("cancel");
      });
      // Chromium may close a modal dialog on Escape without a cancel event: that is a cancel too.
      dialog.addEventListener("close", () => finish("cancel"));
      dialog.addEventListener("keydown", (event) => {
        if (event.key !== "Tab") return;
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      });
      dialog.showModal();
      buttons[0].focus();
    });
  }

  // ---- Buttons ----

  const BUTTON_LABELS = /** @type {Record<string, string>} */ ({
    paypal: "Pay with PayPal",
    paylater: "Pay Later",
    sepa: "SEPA direct debit",
    venmo: "Venmo",
    card: "Debit or Credit Card",
    credit: "PayPal Credit",
  });
  const BUTTON_COLORS = /** @type {Record<string, [string, string, string]>} */ ({
    gold: ["#ffc439", "#111", "#ffc439"],
    blue: ["#0070ba", "#fff", "#0070ba"],
    silver: ["#eeeeee", "#111", "#cccccc"],
    white: ["#ffffff", "#111", "#555555"],
    black: ["#000000", "#fff", "#000000"],
  });
  const DEFAULT_COLORS = /** @type {Record<string, string>} */ ({ paypal: "gold", paylater: "gold", venmo: "blue", sepa: "silver", card: "black", credit: "black" });

  /** @param {any} [options] */
  function Buttons(options = {}) {
    record.buttons.push({ fundingSource: options.fundingSource, style: options.style });
    const fundingSource = options.fundingSource || "paypal";
    /** @type {HTMLElement | null} */
    let wrapper = null;
    /** @type {HTMLButtonElement | null} */
    let button = null;
    let disabled = false;
    let busy = false;

    const initActions = {
      enable: () => {
        disabled = false;
        paint();
        return Promise.resolve();
      },
      disable: () => {
        disabled = true;
        paint();
        return Promise.resolve();
      },
    };

    function paint() {
      if (!button) return;
      button.setAttribute("aria-disabled", String(disabled));
      button.style.opacity = disabled ? "0.6" : "1";
      button.style.cursor = disabled ? "not-allowed" : "pointer";
      if (wrapper) wrapper.classList.toggle("paypal-buttons-disabled", disabled);
    }

    /** @param {unknown} error */
    function reportError(error) {
      if (typeof options.onError === "function") options.onError(error instanceof Error ? error : new Error(String(error)));
      else console.error(error);
    }

    async function start() {
      if (busy) return;
      busy = true;
      try {
        const data = { fundingSource };
        let rejected = false;
        const clickActions = {
          reject: () => {
            rejected = true;
            return Promise.resolve();
          },
          resolve: () => Promise.resolve(),
        };
        if (typeof options.onClick === "function") {
          const result = await options.onClick(data, clickActions);
          if (result === false || rejected) return;
        }
        if (disabled) return;
        if (typeof options.createOrder !== "function") throw new Error("Expected createOrder to be passed");
        const orderId = await options.createOrder({ paymentSource: fundingSource }, createActions);
        if (typeof orderId !== "string" || orderId === "") throw new Error(`Expected an order id to be passed, got ${String(orderId)}`);
        const choice = await askBuyer(orderId);
        if (choice === "cancel") {
          await call(`/buyer/orders/${orderId}/cancel`, {});
          if (typeof options.onCancel === "function") await options.onCancel({ orderID: orderId }, { redirect: (/** @type {string} */ url) => location.assign(url) });
          return;
        }
        const approval = await call(`/buyer/orders/${orderId}/${choice}`, { fundingSource });
        const approveData = {
          orderID: orderId,
          payerID: approval.payerID,
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken: approval.facilitatorAccessToken,
          paymentSource: fundingSource,
        };
        const approveActions = {
          order: orderActions(orderId, approval.facilitatorAccessToken),
          redirect: (/** @type {string} */ url) => location.assign(url),
          restart: () => start(),
        };
        if (typeof options.onApprove === "function") await options.onApprove(approveData, approveActions);
        else await (intent === "AUTHORIZE" ? approveActions.order.authorize() : approveActions.order.capture());
      } catch (error) {
        reportError(error);
      } finally {
        busy = false;
      }
    }

    return {
      isEligible: () => isFundingEligible(fundingSource),
      /** @param {string | HTMLElement} container */
      render(container) {
        try {
          if (!isFundingEligible(fundingSource)) throw new Error(`Funding source ${fundingSource} is not eligible`);
          const target = resolveContainer(container);
          const style = options.style || {};
          const [background, color, border] = BUTTON_COLORS[style.color] || BUTTON_COLORS[DEFAULT_COLORS[fundingSource] || "gold"];
          const height = Math.min(55, Math.max(25, Number(style.height) || 45));
          const radius = typeof style.borderRadius === "number" ? `${style.borderRadius}px` : style.shape === "pill" ? `${height / 2}px` : style.shape === "sharp" ? "0" : "4px";
          wrapper = element("div", { class: "paypal-buttons paypal-buttons-context-iframe", "data-funding-source": fundingSource }, { width: "100%", maxWidth: style.disableMaxWidth ? "none" : "750px", margin: "0 0 8px" });
          button = /** @type {HTMLButtonElement} */ (
            element(
              "button",
              { type: "button", "data-funding-source": fundingSource },
              { display: "block", width: "100%", height: `${height}px`, background, color, border: `1px solid ${border}`, borderRadius: radius, font: "bold 16px sans-serif", cursor: "pointer" },
              BUTTON_LABELS[fundingSource] || fundingSource,
            )
          );
          button.addEventListener("click", () => void start());
          wrapper.append(button, note());
          target.append(wrapper);
          paint();
          if (typeof options.onInit === "function") options.onInit({}, initActions);
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
      close() {
        if (wrapper) wrapper.remove();
        wrapper = null;
        button = null;
        return Promise.resolve();
      },
      /** @param {object} props */
      updateProps(props) {
        Object.assign(options, props);
        return Promise.resolve();
      },
      hasReturned: () => false,
      resume: () => undefined,
    };
  }

  // ---- Marks ----

  /** @param {any} [options] */
  function Marks(options = {}) {
    const fundingSource = options.fundingSource || "paypal";
    return {
      isEligible: () => isFundingEligible(fundingSource),
      /** @param {string | HTMLElement} container */
      render(container) {
        try {
          const mark = element("span", { class: "paypal-mark" }, { font: "bold 14px sans-serif", color: "#003087" }, BUTTON_LABELS[fundingSource] ? fundingSource === "paypal" ? "PayPal" : BUTTON_LABELS[fundingSource] : fundingSource);
          resolveContainer(container).append(mark);
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
    };
  }

  // ---- Messages (Pay Later offer) ----

  /**
   * The instalment offers PayPal advertises, by currency: Pay in 3 for euro markets (Spain, Italy) and the
   * UK, €/£30–2,000; Pay in 4 in the US, $30–1,500 (PayPal's Pay Later pages, 2024). Germany's own
   * instalments ("Ratenzahlung") are a credit product with other terms; the double uses Pay in 3 for EUR.
   */
  const OFFERS = /** @type {Record<string, {count: number, min: number, max: number}>} */ ({
    EUR: { count: 3, min: 30, max: 2000 },
    GBP: { count: 3, min: 30, max: 2000 },
    USD: { count: 4, min: 30, max: 1500 },
  });

  /** @param {any} [options] */
  function Messages(options = {}) {
    record.messages.push({ amount: options.amount, currency: options.currency, style: options.style, buyerCountry: options.buyerCountry, placement: options.placement });
    return {
      /** @param {string | HTMLElement} container */
      render(container) {
        try {
          const target = resolveContainer(container);
          target.replaceChildren();
          const messageCurrency = (options.currency || currency).toUpperCase();
          const offer = OFFERS[messageCurrency] || OFFERS.EUR;
          const amount = options.amount === undefined || options.amount === "" ? undefined : Number(options.amount);
          if (amount !== undefined && (!Number.isFinite(amount) || amount < offer.min || amount > offer.max)) {
            if (typeof options.onRender === "function") options.onRender({});
            return Promise.resolve();
          }
          const textColor = options.style && options.style.text && options.style.text.color === "white" ? "#fff" : "#111";
          const message = element("p", { class: "paypal-message", "data-pp-message": "" }, { margin: "0", font: "14px sans-serif", color: textColor });
          const instalment = amount === undefined ? "" : ` of ${new Intl.NumberFormat(locale, { style: "currency", currency: messageCurrency }).format(Math.round((amount * 100) / offer.count) / 100)}`;
          message.append(`Pay in ${offer.count} interest-free payments${instalment} with PayPal. `);
          const more = element("button", { type: "button", "aria-expanded": "false" }, { background: "none", border: "none", padding: "0", color: textColor, textDecoration: "underline", font: "inherit", cursor: "pointer" }, "Learn more");
          message.append(more);
          /** @type {HTMLElement | null} */
          let details = null;
          more.addEventListener("click", () => {
            if (details) {
              details.remove();
              details = null;
            } else {
              details = element("p", {}, { margin: "4px 0 0", font: "13px sans-serif", color: textColor }, `${offer.count} monthly payments, no interest, no fees (terms as PayPal states them).`);
              message.after(details);
            }
            more.setAttribute("aria-expanded", String(details !== null));
            if (typeof options.onClick === "function") options.onClick({});
          });
          target.append(message, note());
          if (typeof options.onRender === "function") options.onRender({});
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
    };
  }

  // ---- CardFields ----

  /** @param {string} number */
  function luhn(number) {
    let sum = 0;
    for (let index = 0; index < number.length; index++) {
      let digit = Number(number[number.length - 1 - index]);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** @param {string} number */
  function cardOf(number) {
    if (/^3[47]/.test(number)) return { type: "american-express", niceType: "American Express", code: { code: "CID", size: 4 } };
    if (/^(5[1-5]|2[2-7])/.test(number)) return { type: "mastercard", niceType: "Mastercard", code: { code: "CVC", size: 3 } };
    if (/^6(011|5)/.test(number)) return { type: "discover", niceType: "discover", code: { code: "CID", size: 3 } };
    return { type: "visa", niceType: "Visa", code: { code: "CVV", size: 3 } };
  }

  /** @param {string} value */
  function expiryParts(value) {
    const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
    if (!match) return null;
    const month = Number(match[1]);
    const year = Number(match[2].length === 2 ? `20${match[2]}` : match[2]);
    return month >= 1 && month <= 12 ? { month, year } : null;
  }

  const FIELDS = /** @type {const} */ ({
    number: { key: "cardNumberField", label: "Card number", autocomplete: "cc-number", placeholder: "Card number", inputmode: "numeric", error: "INVALID_NUMBER" },
    expiry: { key: "cardExpiryField", label: "Expiry date", autocomplete: "cc-exp", placeholder: "MM / YY", inputmode: "numeric", error: "INVALID_EXPIRY" },
    cvv: { key: "cardCvvField", label: "Security code", autocomplete: "cc-csc", placeholder: "CVV", inputmode: "numeric", error: "INVALID_CVV" },
    name: { key: "cardNameField", label: "Name on card", autocomplete: "cc-name", placeholder: "Cardholder name", inputmode: "text", error: "INVALID_NAME" },
  });

  /** @param {any} [options] */
  function CardFields(options = {}) {
    record.cardFields.push({ style: options.style });
    /** @type {Record<string, {input: HTMLInputElement | null, wrapper: HTMLElement | null, focused: boolean, options: any}>} */
    const fields = {};

    /** @param {"number" | "expiry" | "cvv" | "name"} kind */
    function valueOf(kind) {
      const field = fields[kind];
      return field && field.input ? field.input.value : "";
    }

    /** @param {"number" | "expiry" | "cvv" | "name"} kind */
    function check(kind) {
      const raw = valueOf(kind);
      const value = kind === "name" ? raw.trim() : raw.replace(/[\s-]/g, "");
      const rendered = Boolean(fields[kind] && fields[kind].input);
      if (kind === "number") {
        const complete = /^\d{13,19}$/.test(value) && luhn(value);
        return { isEmpty: value === "", isValid: complete, isPotentiallyValid: complete || (/^\d{0,19}$/.test(value) && value.length < 16) };
      }
      if (kind === "expiry") {
        const parts = expiryParts(raw);
        const today = new Date();
        const valid = parts !== null && parts.year * 12 + parts.month >= today.getFullYear() * 12 + today.getMonth() + 1 && parts.year < today.getFullYear() + 20;
        return { isEmpty: raw.trim() === "", isValid: valid, isPotentiallyValid: valid || /^\d{0,2}(\s*\/\s*\d{0,4})?$/.test(raw.trim()) };
      }
      if (kind === "cvv") {
        const size = cardOf(valueOf("number").replace(/\D/g, "")).code.size;
        const valid = /^\d{3,4}$/.test(value) && (value.length === size || size === 4);
        return { isEmpty: value === "", isValid: valid, isPotentiallyValid: valid || /^\d{0,3}$/.test(value) };
      }
      // The name is optional where no NameField is rendered, as in PayPal's card fields.
      return { isEmpty: value === "", isValid: !rendered || value !== "", isPotentiallyValid: true };
    }

    /** @param {"number" | "expiry" | "cvv" | "name" | undefined} [emittedBy] */
    function state(emittedBy) {
      const result = /** @type {any} */ ({ cards: [cardOf(valueOf("number").replace(/\D/g, ""))], isFormValid: true, errors: [], fields: {} });
      if (emittedBy) result.emittedBy = emittedBy;
      for (const kind of /** @type {const} */ (["number", "expiry", "cvv", "name"])) {
        const checked = check(kind);
        result.fields[FIELDS[kind].key] = { isFocused: Boolean(fields[kind] && fields[kind].focused), ...checked };
        if (!checked.isValid) {
          result.isFormValid = false;
          result.errors.push(FIELDS[kind].error);
        }
      }
      return result;
    }

    /**
     * @param {"onChange" | "onFocus" | "onBlur" | "onInputSubmitRequest"} event
     * @param {"number" | "expiry" | "cvv" | "name"} kind
     */
    function emit(event, kind) {
      const current = state(kind);
      const own = fields[kind] && fields[kind].options && fields[kind].options.inputEvents;
      if (own && typeof own[event] === "function") own[event](current);
      if (options.inputEvents && typeof options.inputEvents[event] === "function") options.inputEvents[event](current);
    }

    /** @param {"number" | "expiry" | "cvv" | "name"} kind */
    function field(kind) {
      /** @param {any} [fieldOptions] */
      return (fieldOptions = {}) => {
        const spec = FIELDS[kind];
        const entry = (fields[kind] = { input: null, wrapper: null, focused: false, options: fieldOptions });
        const messageId = nextId(`${kind}-message`);
        return {
          /** @param {string | HTMLElement} container */
          render(container) {
            try {
              const target = resolveContainer(container);
              const wrapper = element("div", { class: "card-field-frame", "data-card-field": kind }, {});
              const input = /** @type {HTMLInputElement} */ (
                element("input", {
                  type: "text",
                  // No name: PayPal's fields live in iframes, so the card never travels with the shop's form.
                  id: nextId(kind),
                  "aria-label": spec.label,
                  autocomplete: spec.autocomplete,
                  inputmode: spec.inputmode,
                  placeholder: fieldOptions.placeholder || spec.placeholder,
                  "aria-describedby": messageId,
                  ...(kind === "name" ? {} : { "aria-required": "true" }),
                }, { boxSizing: "border-box", width: "100%", padding: "10px", border: "1px solid #767676", borderRadius: "4px", font: "16px sans-serif", color: "#111", background: "#fff" })
              );
              const message = element("span", { id: messageId }, { display: "block", fontSize: "12px", color: "#a00" });
              input.addEventListener("input", () => emit("onChange", kind));
              input.addEventListener("focus", () => {
                entry.focused = true;
                emit("onFocus", kind);
              });
              input.addEventListener("blur", () => {
                entry.focused = false;
                const checked = check(kind);
                input.setAttribute("aria-invalid", String(!checked.isEmpty && !checked.isValid));
                emit("onBlur", kind);
              });
              input.addEventListener("keydown", (event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  emit("onInputSubmitRequest", kind);
                }
              });
              wrapper.append(input, message);
              if (kind === "number") wrapper.append(note());
              target.append(wrapper);
              entry.input = input;
              entry.wrapper = wrapper;
              return Promise.resolve();
            } catch (error) {
              return Promise.reject(error);
            }
          },
          /** @param {string} className */
          addClass: (className) => Promise.resolve(entry.wrapper && entry.wrapper.classList.add(className)),
          /** @param {string} className */
          removeClass: (className) => Promise.resolve(entry.wrapper && entry.wrapper.classList.remove(className)),
          /** @param {string} name @param {string} value */
          setAttribute: (name, value) => Promise.resolve(entry.input && entry.input.setAttribute(name, value)),
          /** @param {string} name */
          removeAttribute: (name) => Promise.resolve(entry.input && entry.input.removeAttribute(name)),
          /** @param {string} text */
          setMessage: (text) => {
            const message = document.getElementById(messageId);
            if (message) message.textContent = text;
          },
          clear: () => {
            if (entry.input) entry.input.value = "";
          },
          focus: () => entry.input && entry.input.focus(),
          close: () => {
            if (entry.wrapper) entry.wrapper.remove();
            entry.input = null;
            entry.wrapper = null;
            return Promise.resolve();
          },
        };
      };
    }

    return {
      isEligible: () => isFundingEligible("card"),
      getState: () => Promise.resolve(state()),
      NumberField: field("number"),
      ExpiryField: field("expiry"),
      CVVField: field("cvv"),
      NameField: field("name"),
      /** @param {{name?: string, billingAddress?: object}} [submitOptions] */
      async submit(submitOptions = {}) {
        const current = state();
        if (!current.isFormValid) throw new Error(`Card fields are not valid: ${current.errors.join(", ")}`);
        try {
          if (typeof options.createOrder !== "function") throw new Error("Expected createOrder to be passed");
          const orderId = await options.createOrder();
          await call(`/buyer/orders/${orderId}/card`, {
            number: valueOf("number").replace(/[\s-]/g, ""),
            expiry: valueOf("expiry"),
            securityCode: valueOf("cvv").trim(),
            name: submitOptions.name || valueOf("name").trim() || "Card holder",
          });
          if (typeof options.onApprove === "function") await options.onApprove({ orderID: orderId, liabilityShift: "POSSIBLE" });
        } catch (error) {
          if (typeof options.onError === "function") options.onError(error);
          throw error;
        }
      },
    };
  }

  // ---- Google Pay and Apple Pay through PayPal ----

  function Googlepay() {
    record.googlepay.push({});
    return {
      config: () =>
        Promise.resolve({
          isEligible: isFundingEligible("googlepay"),
          apiVersion: 2,
          apiVersionMinor: 0,
          countryCode: buyerCountry,
          merchantInfo: { merchantId: "TEST-DOUBLE-MERCHANT", merchantOrigin: location.hostname },
          allowedPaymentMethods: [
            {
              type: "CARD",
              parameters: {
                allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
                allowedCardNetworks: ["MASTERCARD", "DISCOVER", "VISA", "AMEX"],
                billingAddressRequired: true,
                assuranceDetailsRequired: true,
                billingAddressParameters: { format: "FULL" },
              },
              tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: { gateway: "paypalppcp", gatewayMerchantId: clientId } },
            },
          ],
        }),
      /** @param {{orderId: string, paymentMethodData?: unknown}} request */
      async confirmOrder(request) {
        const approval = await call(`/buyer/orders/${request.orderId}/google-pay`, { paymentMethodData: request.paymentMethodData });
        return { id: request.orderId, status: approval.order.status, payment_source: approval.order.payment_source, links: [] };
      },
      /** @param {{orderId: string}} _request */
      initiatePayerAction: (_request) => Promise.resolve({ liabilityShift: "POSSIBLE" }),
    };
  }

  function Applepay() {
    record.applepay.push({});
    return {
      config: () =>
        Promise.resolve({
          isEligible: isFundingEligible("applepay"),
          countryCode: buyerCountry,
          currencyCode: currency,
          merchantCapabilities: ["supports3DS"],
          supportedNetworks: ["masterCard", "discover", "visa", "amex"],
        }),
      /** @param {{validationUrl: string, displayName?: string}} request */
      validateMerchant: (request) => Promise.resolve({ merchantSession: { merchantIdentifier: "test-double", displayName: request.displayName || "Test double", epochTimestamp: Date.now() } }),
      /** @param {{orderId: string, token?: unknown, billingContact?: unknown}} request */
      async confirmOrder(request) {
        const approval = await call(`/buyer/orders/${request.orderId}/apple-pay`, { token: request.token });
        return { approveApplePayPayment: { id: request.orderId, status: approval.order.status } };
      },
    };
  }

  /** @type {Record<string, unknown>} */
  const paypal = {
    version: "5.0.0-test-double",
    FUNDING,
    getFundingSources: () => Object.values(FUNDING),
    isFundingEligible,
    rememberFunding: () => undefined,
    Buttons,
  };
  if (components.includes("marks")) paypal.Marks = Marks;
  if (components.includes("messages")) paypal.Messages = Messages;
  if (components.includes("card-fields")) paypal.CardFields = CardFields;
  if (components.includes("googlepay")) paypal.Googlepay = Googlepay;
  if (components.includes("applepay")) paypal.Applepay = Applepay;
  /** @type {any} */ (window)[namespace] = paypal;
})();
