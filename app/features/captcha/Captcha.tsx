import { lazy, Suspense } from "react";
import type { ActiveCaptcha } from "../../lib/captcha";
import { BasicCaptcha } from "./BasicCaptcha";

// Provider widgets are their own chunk: a shop without reCAPTCHA or Friendly Captcha never loads them.
const ProviderCaptcha = lazy(() => import("./ProviderCaptcha"));

export interface CaptchaProps {
  /** What the route's loader got from `captcha.activeCaptcha(formId)`; null: the form has no captcha. */
  captcha: ActiveCaptcha | null;
  /** The basic captcha field's error, translated. */
  error?: string;
  /** A form answer that reported `invalid_captcha`: a fresh image, or a fresh provider token. */
  invalidAnswer?: unknown;
}

/** The captcha a form shows: the basic image captcha or the configured provider's widget. */
export function Captcha({ captcha, error, invalidAnswer }: CaptchaProps) {
  if (!captcha) return null;
  if (captcha.kind === "basic") return <BasicCaptcha formId={captcha.formId} error={error} invalidAnswer={invalidAnswer} />;
  return (
    <Suspense fallback={null}>
      <ProviderCaptcha captcha={captcha} invalidAnswer={invalidAnswer} />
    </Suspense>
  );
}
