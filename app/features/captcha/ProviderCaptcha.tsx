import { useEffect, useMemo, useRef, useState } from "react";
import {
  FRIENDLY_CAPTCHA_FIELD,
  RECAPTCHA_SCRIPT_URL,
  RECAPTCHA_V2_FIELD,
  RECAPTCHA_V3_ACTION,
  RECAPTCHA_V3_FIELD,
  type ActiveCaptcha,
} from "../../../kernel/captcha";
import { useI18n } from "../../i18n/i18n";
import type { MessageKey } from "../../../kernel/i18n/en";
import { loadScript } from "../../lib/load-script";
import { holdSubmitUntilToken } from "./submit-hold";
import "./Captcha.css";

type ProviderCaptchaConfig = Exclude<ActiveCaptcha, { kind: "basic" }>;

/** The part of reCAPTCHA's browser API we use (https://developers.google.com/recaptcha/docs/display). */
interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      size: "normal" | "invisible";
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ): number;
  execute(widgetId: number): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  reset(widgetId: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}


/** What a provider widget offers to the submit hold. */
interface Widget {
  obtainToken(): Promise<string | null>;
  reset(): void;
  destroy(): void;
}

interface WidgetCallbacks {
  field: HTMLInputElement;
  showMessage(key: MessageKey | null): void;
}

async function grecaptchaReady(src: string): Promise<Grecaptcha> {
  await loadScript(src);
  const api = window.grecaptcha;
  if (!api) throw new Error("reCAPTCHA's script did not define grecaptcha");
  await new Promise<void>((resolve) => api.ready(resolve));
  return api;
}

async function mountRecaptchaV2(
  container: HTMLElement,
  captcha: Extract<ProviderCaptchaConfig, { kind: "recaptcha-v2" }>,
  locale: string,
  { field, showMessage }: WidgetCallbacks,
): Promise<Widget> {
  const api = await grecaptchaReady(`${RECAPTCHA_SCRIPT_URL}?render=explicit&hl=${locale}`);
  let pending: ((token: string | null) => void) | null = null;
  const widgetId = api.render(container, {
    sitekey: captcha.siteKey,
    size: captcha.invisible ? "invisible" : "normal",
    callback(token) {
      field.value = token;
      showMessage(null);
      pending?.(token);
      pending = null;
    },
    // An expired token resets the widget and the field (spec §4).
    "expired-callback"() {
      field.value = "";
      api.reset(widgetId);
      if (!captcha.invisible) showMessage("captcha.provider.expired");
    },
    "error-callback"() {
      field.value = "";
      showMessage("captcha.provider.unavailable");
      pending?.(null);
      pending = null;
    },
  });
  return {
    obtainToken() {
      if (!captcha.invisible) {
        // The checkbox needs the shopper: the form waits, marked, until it is ticked.
        showMessage("captcha.provider.required");
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        pending = resolve;
        api.execute(widgetId);
      });
    },
    reset: () => api.reset(widgetId),
    destroy: () => undefined,
  };
}

async function mountRecaptchaV3(captcha: Extract<ProviderCaptchaConfig, { kind: "recaptcha-v3" }>): Promise<Widget> {
  const api = await grecaptchaReady(`${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(captcha.siteKey)}`);
  return {
    // v3 tokens live two minutes: one is fetched for each submit.
    obtainToken: () => api.execute(captcha.siteKey, { action: RECAPTCHA_V3_ACTION }),
    reset: () => undefined,
    destroy: () => undefined,
  };
}

async function mountFriendlyCaptcha(
  container: HTMLElement,
  captcha: Extract<ProviderCaptchaConfig, { kind: "friendly-captcha" }>,
  locale: string,
  { field, showMessage }: WidgetCallbacks,
): Promise<Widget> {
  const { FriendlyCaptchaSDK } = await import("@friendlycaptcha/sdk");
  const sdk = new FriendlyCaptchaSDK();
  // The widget's own hidden field is turned off: the token goes into ours, which the submit hold watches.
  const widget = sdk.createWidget({ element: container, sitekey: captcha.siteKey, startMode: "focus", language: locale, formFieldName: null });
  let pending: ((token: string | null) => void) | null = null;
  widget.addEventListener("frc:widget.complete", (event) => {
    field.value = event.detail.response;
    showMessage(null);
    pending?.(event.detail.response);
    pending = null;
  });
  widget.addEventListener("frc:widget.expire", () => {
    field.value = "";
    widget.reset();
  });
  widget.addEventListener("frc:widget.error", () => {
    field.value = "";
    showMessage("captcha.provider.unavailable");
  });
  return {
    obtainToken() {
      showMessage("captcha.provider.loading");
      return new Promise((resolve) => {
        pending = resolve;
        widget.start();
      });
    },
    reset: () => widget.reset(),
    destroy: () => widget.destroy(),
  };
}

export interface ProviderCaptchaProps {
  captcha: ProviderCaptchaConfig;
  /** The form's last refusing answer: the token was used up by the server's check, the widget starts over. */
  refusedAnswer?: unknown;
}

/**
 * reCAPTCHA v2 (checkbox or invisible), v3, or Friendly Captcha. Loaded only when the shop configured
 * that provider (this module is its own chunk); the provider's script loads when the widget mounts.
 */
export default function ProviderCaptcha({ captcha: given, refusedAnswer }: ProviderCaptchaProps) {
  const { t, locale } = useI18n();
  // Loader data arrives as a new object after every revalidation: the widget is remounted only when
  // what it shows changes.
  const configKey = JSON.stringify(given);
  const captcha = useMemo(() => JSON.parse(configKey) as ProviderCaptchaConfig, [configKey]);
  const container = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const widget = useRef<Widget | null>(null);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const fieldName = { "recaptcha-v2": RECAPTCHA_V2_FIELD, "recaptcha-v3": RECAPTCHA_V3_FIELD, "friendly-captcha": FRIENDLY_CAPTCHA_FIELD }[captcha.kind];

  useEffect(() => {
    const element = container.current!;
    const input = field.current!;
    const form = element.closest("form");
    if (!form) throw new Error("A captcha widget must be placed inside a form");
    let cancelled = false;
    const callbacks = { field: input, showMessage: setMessage };
    const mounting =
      captcha.kind === "recaptcha-v2"
        ? mountRecaptchaV2(element, captcha, locale, callbacks)
        : captcha.kind === "recaptcha-v3"
          ? mountRecaptchaV3(captcha)
          : mountFriendlyCaptcha(element, captcha, locale, callbacks);
    mounting.then(
      (mounted) => {
        if (cancelled) return mounted.destroy();
        widget.current = mounted;
      },
      (error: unknown) => {
        console.error("captcha widget could not be loaded", error);
        if (!cancelled) setMessage("captcha.provider.unavailable");
      },
    );
    const release = holdSubmitUntilToken(form, {
      field: input,
      async obtainToken() {
        const mounted = widget.current ?? (await mounting.catch(() => null));
        if (!mounted) {
          setMessage("captcha.provider.unavailable");
          return null;
        }
        return mounted.obtainToken();
      },
      afterSubmit: () => widget.current?.reset(),
    });
    return () => {
      cancelled = true;
      release();
      widget.current?.destroy();
      widget.current = null;
    };
  }, [captcha, locale]);

  const lastRefusedAnswer = useRef(refusedAnswer);
  useEffect(() => {
    if (refusedAnswer === lastRefusedAnswer.current) return;
    lastRefusedAnswer.current = refusedAnswer;
    if (!refusedAnswer) return;
    if (field.current) field.current.value = "";
    widget.current?.reset();
  }, [refusedAnswer]);

  const error = message === "captcha.provider.required" || message === "captcha.provider.unavailable" || message === "captcha.provider.expired";
  return (
    <div className="captcha">
      <input ref={field} type="hidden" name={fieldName} defaultValue="" />
      <div ref={container} className={`captcha__provider ${error ? "captcha__provider--error" : ""}`} />
      <p className={error ? "captcha__message" : "captcha__notice"} role="status">
        {message ? t(message) : captcha.kind !== "friendly-captcha" ? t("captcha.recaptcha.notice") : ""}
      </p>
    </div>
  );
}
