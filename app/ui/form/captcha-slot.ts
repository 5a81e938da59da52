import type { ReactNode } from "react";

/**
 * What a form tells the captcha it shows. The captcha widget itself is a feature of its own
 * (app/features/captcha): the page's route composes it into the form through a `renderCaptcha` prop.
 */
export interface CaptchaSlotState {
  /** The captcha field's message, translated. */
  error: string | undefined;
  /** The form's last refusing answer: the server's check used the code up, so each one brings a fresh image. */
  refusedAnswer: unknown;
}

export type RenderCaptcha = (state: CaptchaSlotState) => ReactNode;
