import { useEffect, useRef, useState } from "react";
import { BASIC_CAPTCHA_FIELD, CAPTCHA_ANSWER_MAX_LENGTH, type CaptchaFormId } from "../../../kernel/captcha";
import { postJson } from "../../lib/http";
import { holdSubmitForPrecheck } from "./precheck";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { controlProps, Field } from "../../ui/form/Field";
import { checkForm } from "../../ui/form/form-validation";
import { useRoutePath } from "../../ui/use-route-path";
import "./Captcha.css";

/** The drawn image's size in CSS pixels (the server draws it at twice this, for dense screens). */
const IMAGE_WIDTH = 180;
const IMAGE_HEIGHT = 60;

export interface BasicCaptchaProps {
  formId: CaptchaFormId;
  /** The captcha field's error, translated (e.g. `form.error.captcha-invalid` after a wrong answer). */
  error?: string;
  /**
   * The form's last refusing answer (one that reported `invalid_captcha`, spec §8, or refused other
   * fields): each new one loads a fresh image, since the server's check used the code up either way.
   * The form's other fields keep their values.
   */
  refusedAnswer?: unknown;
  /**
   * A plain (non-AJAX) form: the code is pre-checked before the form is sent (precheck.ts), so a wrong
   * code shows its message and a new image without a round trip of the whole form.
   */
  precheck?: boolean;
}

/**
 * The basic image captcha (spec §4): the image loads with the page (a plain `<img>`, so it works without
 * JavaScript), **Reload captcha** fetches a new one, and so does a form answer reporting a wrong code.
 */
export function BasicCaptcha({ formId, error, refusedAnswer, precheck = false }: BasicCaptchaProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const id = `${formId}-captcha`;
  const [imageSource, setImageSource] = useState(() => path("frontend.captcha.basic-captcha.load", {}, { formId }));
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // A refused pre-check's message; the form's own error (a server answer) replaces it.
  const [precheckError, setPrecheckError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<AbortController | null>(null);

  async function reload() {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const { imageSource: next } = await postJson<{ imageSource: string }>("frontend.captcha.basic-captcha.refresh", { formId }, { signal: controller.signal });
      setImageSource(next);
      if (input.current) input.current.value = "";
      setAnnouncement(t("captcha.reloaded"));
    } catch (failure) {
      if (controller.signal.aborted) return;
      console.error("captcha reload failed", failure);
      setAnnouncement(t("captcha.reloadFailed"));
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  }

  const lastRefusedAnswer = useRef(refusedAnswer);
  useEffect(() => {
    if (refusedAnswer === lastRefusedAnswer.current) return;
    lastRefusedAnswer.current = refusedAnswer;
    setPrecheckError(undefined);
    if (refusedAnswer) void reload();
    // `reload` only reads refs and stable values: the answer alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedAnswer]);
  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    const form = input.current?.form;
    if (!precheck || !input.current || !form) return;
    return holdSubmitForPrecheck(form, {
      input: input.current,
      formIsValid: () => checkForm(form).invalid.length === 0,
      async precheck(answer) {
        const reply = await postJson<{ session?: unknown }>("frontend.captcha.basic-captcha.validate", { formId, [BASIC_CAPTCHA_FIELD]: answer }).catch(() => null);
        const session = reply?.session;
        if (typeof session === "string" && session) return session;
        // Any other answer is a wrong code (reference §11.1): say so, and a new image.
        setPrecheckError(t("form.error.captcha-invalid"));
        void reload();
        input.current?.focus();
        return null;
      },
    });
    // `reload` and `t` are stable for the form's life; the form id alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [precheck, formId]);

  const shownError = precheckError ?? error;

  return (
    <div className="captcha">
      <div className="captcha__challenge">
        <img
          className="captcha__image"
          src={imageSource}
          alt={t("captcha.image")}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          aria-busy={loading || undefined}
        />
        {/* Never disabled while loading: a disabled button would drop the keyboard focus. A second
            click simply replaces the request under way. */}
        <button type="button" className="captcha__reload" onClick={() => void reload()} title={t("captcha.reload")}>
          <Icon name="reload" size={22} className={loading ? "captcha__reload-icon captcha__reload-icon--spinning" : "captcha__reload-icon"} />
          <span className="visually-hidden">{t("captcha.reload")}</span>
        </button>
      </div>
      <Field id={id} label={t("captcha.input")} required error={shownError} hint={t("captcha.hint")} className="captcha__field">
        <input
          {...controlProps(id, BASIC_CAPTCHA_FIELD, shownError, true)}
          ref={input}
          onInput={() => setPrecheckError(undefined)}
          type="text"
          required
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={CAPTCHA_ANSWER_MAX_LENGTH}
          // A failed answer is never shown again: the server used that code up.
          defaultValue=""
        />
      </Field>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
