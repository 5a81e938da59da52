import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field, fieldId } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import { Modal } from "../../../ui/Modal";
import type { EnabledQuoteActions } from "./quote-format";

export interface QuoteChangesAnswer {
  errors: FieldErrors;
  comment: string;
}

interface QuoteActionsPanelProps {
  numberLabel: string;
  /** Which buttons work now (`enabledQuoteActions`); the others are shown disabled. */
  enabled: EnabledQuoteActions;
  /** Why nothing works, when the quote has expired or is not answered yet. */
  note: string | null;
  commentMax: number;
  /** A refused change request: its comment and errors, to show again. */
  changes?: QuoteChangesAnswer;
}

/** Accept quote (to checkout), Decline quote (confirmed in a dialog) and Request changes (with a comment). */
export function QuoteActionsPanel({ numberLabel, enabled, note, commentMax, changes }: QuoteActionsPanelProps) {
  const { t } = useI18n();
  return (
    <section className="quote-section quote-actions" aria-labelledby="quote-actions-title">
      <h2 id="quote-actions-title">{t("customer.quotes.detail.actions")}</h2>
      {note && <p className="quote-actions__note">{note}</p>}
      <div className="quote-actions__buttons">
        <Form method="post" className="quote-actions__accept">
          <input type="hidden" name="intent" value="accept" />
          {/* An accepted quote goes to the checkout again: its cart may have been left or lost. */}
          <button type="submit" className="button button--primary" disabled={!enabled.accept && !enabled.order}>
            {t(enabled.order ? "customer.quotes.order" : "customer.quotes.accept")}
          </button>
          {(enabled.accept || enabled.order) && <p className="quotes__muted">{t("customer.quotes.acceptHint")}</p>}
        </Form>
        <DeclineForm numberLabel={numberLabel} enabled={enabled.decline} />
      </div>
      <ChangesForm enabled={enabled.requestChanges} commentMax={commentMax} answer={changes} />
    </section>
  );
}

/**
 * Decline quote: with JavaScript the submit opens the confirmation dialog, whose Confirm posts the form;
 * without it the button just posts.
 */
function DeclineForm({ numberLabel, enabled }: { numberLabel: string; enabled: boolean }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Safari does not focus a clicked button: focus it, so the dialog gives the focus back to it.
    (event.nativeEvent as SubmitEvent).submitter?.focus();
    setOpen(true);
  }
  function confirm() {
    setOpen(false);
    void submit(form.current, { method: "post" });
  }
  return (
    <>
      <Form ref={form} method="post" onSubmit={ask}>
        <input type="hidden" name="intent" value="decline" />
        <button type="submit" className="button button--secondary" disabled={!enabled}>
          {t("customer.quotes.decline")}
        </button>
      </Form>
      <Modal open={open} onOpenChange={setOpen} title={t("customer.quotes.declineDialog.title")}>
        <div className="quote-confirm">
          <p>{t("customer.quotes.declineDialog.text", { number: numberLabel })}</p>
          <div className="quote-confirm__actions">
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t("customer.quotes.cancel")}
            </button>
            <button type="button" className="button quote-button--danger" onClick={confirm}>
              {t("customer.quotes.confirm")}
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}

const FORM = "quote-changes";

/** Request changes: a required comment (checked here and on the server) and its button. */
function ChangesForm({ enabled, commentMax, answer }: { enabled: boolean; commentMax: number; answer?: QuoteChangesAnswer }) {
  const { t } = useI18n();
  const { onSubmit, onChange, message } = useFieldErrors(answer?.errors);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "request-changes";
  const id = fieldId(FORM, "comment");
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form quote-changes">
      <input type="hidden" name="intent" value="request-changes" />
      <Field id={id} label={t("customer.quotes.comment")} required hint={t("customer.quotes.commentHint")} error={message("comment")}>
        {/* Disabled with its button: a comment cannot be typed where it cannot be sent. */}
        <textarea
          {...controlProps(id, "comment", message("comment"), true)}
          required
          rows={4}
          maxLength={commentMax}
          disabled={!enabled}
          defaultValue={answer?.comment}
        />
      </Field>
      <button type="submit" className="button button--secondary" disabled={!enabled} aria-busy={sending || undefined}>
        {t("customer.quotes.requestChanges")}
      </button>
    </Form>
  );
}
