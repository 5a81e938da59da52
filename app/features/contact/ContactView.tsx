import { useEffect, useRef } from "react";
import type { FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { BASIC_CAPTCHA_FIELD } from "../../../kernel/captcha";
import { useAjaxForm } from "../../ui/form/ajax-form";
import type { RenderCaptcha } from "../../ui/form/captcha-slot";
import { controlProps, Field, fieldId } from "../../ui/form/Field";
import { useFieldErrors } from "../../ui/form/form-validation";
import { useFormValuesStore } from "../../ui/form/form-values-store";
import { NameFields } from "../../ui/form/NameFields";
import { useRoutePath } from "../../ui/use-route-path";
import "./Contact.css";

/** Lengths the server enforces (server/contact/schema.ts); the fields repeat them. */
export interface ContactLimits {
  name: number;
  email: number;
  subject: number;
  commentMin: number;
  commentMax: number;
}

/** What the page's action answers a plain form post (no JavaScript). */
export type ContactFormResult = { sent: true; message: string } | { sent: false; values: Record<string, string>; errors: FieldErrors };

const FORM_ID = "contact";

/** `/contact`: the contact form (CONTRACT §4), an AJAX form that also works as a plain form. */
export function ContactView({
  limits,
  result,
  renderCaptcha,
}: {
  limits: ContactLimits;
  result: ContactFormResult | undefined;
  renderCaptcha?: RenderCaptcha;
}) {
  const { t } = useI18n();
  const path = useRoutePath();
  const refused = result && !result.sent ? result : undefined;
  const values = refused?.values ?? {};
  const validation = useFieldErrors(refused?.errors);
  const form = useRef<HTMLFormElement>(null);
  const store = useFormValuesStore(FORM_ID, form);
  const ajax = useAjaxForm({ validation, submitOnce: true, onConfirmed: () => store.clear() });
  const confirmation = ajax.confirmation ?? (result?.sent ? result.message : null);
  const confirmationBlock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ajax.confirmation) confirmationBlock.current?.focus();
  }, [ajax.confirmation]);

  const id = (name: string) => fieldId(FORM_ID, name);
  const message = (name: string) => validation.message(name, name === "comment" ? { count: limits.commentMin } : undefined);
  const control = (name: string, hasHint = false) => controlProps(id(name), name, message(name), hasHint);
  const alerts = ajax.alerts.length ? ajax.alerts.map((a) => a.alert) : refused ? [t("form.alert.refused")] : [];

  return (
    <div className="container page contact-page">
      <title>{`${t("contact.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="contact-page__title">{t("contact.title")}</h1>
      <p className="contact-page__lead">{t("contact.lead")}</p>
      <div className="contact-card">
        {confirmation ? (
          <div ref={confirmationBlock} className="contact-confirmation" tabIndex={-1} role="status">
            <h2 id="contact-confirmation-title">{t("contact.successTitle")}</h2>
            <p>{confirmation}</p>
            {ajax.confirmation && (
              <button type="button" className="button button--secondary" onClick={ajax.reset}>
                {t("contact.another")}
              </button>
            )}
          </div>
        ) : (
          <>
            <form
              ref={form}
              id="contact-form"
              method="post"
              action={path("frontend.form.contact.page")}
              noValidate
              onSubmit={ajax.onSubmit}
              onChange={validation.onChange}
              className="checkout-form"
            >
              <p className="checkout-form__note">{t("contact.requiredNote")}</p>
              <NameFields field={{ id, message, control }} values={values} maxLength={limits.name} />
              <Field id={id("email")} label={t("form.field.email")} required error={message("email")}>
                <input {...control("email")} type="email" required maxLength={limits.email} autoComplete="email" defaultValue={values.email} />
              </Field>
              <Field id={id("subject")} label={t("contact.subject")} required error={message("subject")}>
                <input {...control("subject")} required maxLength={limits.subject} defaultValue={values.subject} />
              </Field>
              <Field
                id={id("comment")}
                label={t("contact.comment")}
                required
                hint={t("form.hint.minLength", { count: limits.commentMin })}
                error={message("comment")}
              >
                <textarea
                  {...control("comment", true)}
                  required
                  rows={6}
                  minLength={limits.commentMin}
                  maxLength={limits.commentMax}
                  defaultValue={values.comment}
                />
              </Field>
              {renderCaptcha?.({ error: message(BASIC_CAPTCHA_FIELD), refusedAnswer: ajax.alerts.length ? ajax.alerts : refused })}
              <div className="contact-form__actions">
                <button type="submit" className="button button--primary" disabled={ajax.sending} aria-busy={ajax.sending || undefined}>
                  {ajax.sending ? t("form.submitting") : t("contact.submit")}
                </button>
              </div>
            </form>
            {alerts.length > 0 && (
              <div className="checkout-alert contact-form__alerts" role="alert">
                {alerts.map((text, index) => (
                  <p key={index}>{text}</p>
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
