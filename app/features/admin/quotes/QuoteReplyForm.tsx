import { Form, useNavigation } from "react-router";
import type { QuoteLineView } from "../../../../server/b2b/quotes/types";
import { controlProps, Field } from "../../../ui/form/Field";
import { AdminNotice } from "../AdminShell";
import { QuoteLines, lineProductId } from "./QuoteLines";
import { discountField, percentOfBasisPoints, REPLY_COMMENT_MAX, type ReplyErrors, type ReplyValues } from "./quote-admin";

export interface QuoteReplyFormProps {
  /** Where the form posts: the quote's page. */
  action: string;
  lines: QuoteLineView[];
  currency: string;
  /** `YYYY-MM-DD` (UTC): the earliest **Valid until**. */
  today: string;
  /** The quote's validity so far (a changes-requested quote had one), offered again when it still holds. */
  validUntil: string | null;
  /** A refused post: what was typed and the messages. */
  errors?: ReplyErrors;
  values?: ReplyValues;
}

/**
 * The shop's answer (CONTRACT §9): per line **Discount %**, **Valid until**, **Comment** and **Send quote**.
 * The fields start at the quote's current discounts; a refused post shows what was typed with its messages.
 */
export function QuoteReplyForm({ action, lines, currency, today, validUntil, errors = {}, values }: QuoteReplyFormProps) {
  const busy = useNavigation().state !== "idle";
  const validUntilDefault = values?.validUntil ?? (validUntil && validUntil >= today ? validUntil : "");
  return (
    <Form method="post" action={action} className="admin-quote-reply" aria-labelledby="admin-quote-reply-title">
      <h2 id="admin-quote-reply-title">Answer the quote</h2>
      {Object.keys(errors).length > 0 && <AdminNotice kind="refused">{errors.form ?? "The quote was not sent: check the marked fields."}</AdminNotice>}
      <QuoteLines
        lines={lines}
        currency={currency}
        discountCell={(line) => <DiscountInput line={line} value={values?.percents[line.id]} error={errors[discountField(line.id)]} />}
      />
      <div className="admin-quote-reply__fields">
        <Field id="admin-quote-valid-until" label="Valid until" required error={errors.validUntil} hint="The last day (UTC) the customer can accept the offer">
          <input {...controlProps("admin-quote-valid-until", "validUntil", errors.validUntil, true)} type="date" min={today} required defaultValue={validUntilDefault} />
        </Field>
        <Field id="admin-quote-comment" label="Comment" error={errors.comment} hint={`Optional, at most ${REPLY_COMMENT_MAX} characters. The customer sees it with the quote.`}>
          <textarea {...controlProps("admin-quote-comment", "comment", errors.comment, true)} rows={4} maxLength={REPLY_COMMENT_MAX} defaultValue={values?.comment ?? ""} />
        </Field>
      </div>
      <div className="admin__actions">
        <button type="submit" name="intent" value="reply" className="button button--primary" disabled={busy}>
          Send quote
        </button>
      </div>
    </Form>
  );
}

/** A line's **Discount %**: the label is the column's name; the product it applies to describes it. */
function DiscountInput({ line, value, error }: { line: QuoteLineView; value: string | undefined; error: string | undefined }) {
  const id = `admin-quote-discount-${line.id}`;
  const describedBy = [lineProductId(line.id), error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={`checkout-field admin-quote-reply__discount ${error ? "checkout-field--invalid" : ""}`}>
      <label className="visually-hidden" htmlFor={id}>
        Discount %
      </label>
      <input
        id={id}
        name={discountField(line.id)}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={0.01}
        required
        defaultValue={value ?? percentOfBasisPoints(line.discountBasisPoints)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
