import { lazy, Suspense } from "react";
import type { ActiveCaptcha } from "../../../kernel/captcha";
import { BasicCaptcha } from "./BasicCaptcha";

// Provider widgets are their own chunk: a shop without reCAPTCHA or Friendly Captcha never loads them.
const ProviderCaptcha = lazy(() => import("./ProviderCaptcha"));

export interface CaptchaProps {
  /** What the route's loader got from `captcha.activeCaptcha(formId)`; null: the form has no captcha. */
  captcha: ActiveCaptcha | null;
  /** The basic captcha field's error, translated. */
  error?: string;
  /**
   * The form's last refusing answer (`invalid_captcha` or other fields refused): the server's check used
   * the code or token up, so each new one brings a fresh image or token.
   */
  refusedAnswer?: unknown;
  /** A plain (non-AJAX) form: the basic captcha's code is pre-checked before the form is sent. */
  precheck?: boolean;
}

/** The captcha a form shows: the basic image captcha or the configured provider's widget. */
export function Captcha({ captcha, error, refusedAnswer, precheck }: CaptchaProps) {
  if (!captcha) return null;
  if (captcha.kind === "basic") return <BasicCaptcha formId={captcha.formId} error={error} refusedAnswer={refusedAnswer} precheck={precheck} />;
  return (
    <Suspense fallback={null}>
      <ProviderCaptcha captcha={captcha} refusedAnswer={refusedAnswer} />
    </Suspense>
  );
}
