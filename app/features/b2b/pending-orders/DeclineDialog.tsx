import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field, fieldId } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import { Modal } from "../../../ui/Modal";

/** A refused decline of one pending order: its reason and errors, shown again in the open dialog. */
export interface DeclineAnswer {
  pendingOrderId: string;
  reason: string;
  errors: FieldErrors;
}

interface DeclineDialogProps {
  pendingOrderId: string;
  numberLabel: string;
  requesterName: string;
  reasonMax: number;
  /** The button's description (the order's heading), so "Decline" says which order. */
  describedBy: string;
  answer?: DeclineAnswer;
}

/** **Decline** opens a dialog asking for the reason (required); **Decline order** posts `intent=decline`. */
export function DeclineDialog({ pendingOrderId, numberLabel, requesterName, reasonMax, describedBy, answer }: DeclineDialogProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(answer !== undefined);
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer) setOpen(true);
  }
  return (
    <>
      <button type="button" className="button button--secondary" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {t("customer.pendingOrders.decline")}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("customer.pendingOrders.declineDialog.title", { number: numberLabel })}>
        <DeclineForm pendingOrderId={pendingOrderId} requesterName={requesterName} reasonMax={reasonMax} answer={answer} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  );
}

const FORM = "decline";

function DeclineForm({ pendingOrderId, requesterName, reasonMax, answer, onCancel }: Omit<DeclineDialogProps, "numberLabel" | "describedBy"> & { onCancel(): void }) {
  const { t } = useI18n();
  const { onSubmit, onChange, message } = useFieldErrors(answer?.errors);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === FORM;
  const form = useRef<HTMLFormElement>(null);
  const id = fieldId(`${FORM}-${pendingOrderId}`, "reason");
  // After a refused post, the reason field with its error has the focus.
  useEffect(() => {
    if (answer) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  return (
    <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form pending-decline">
      <input type="hidden" name="intent" value={FORM} />
      <input type="hidden" name="pendingOrderId" value={pendingOrderId} />
      <p>{t("customer.pendingOrders.declineDialog.text", { requester: requesterName })}</p>
      <Field id={id} label={t("customer.pendingOrders.reason")} required hint={t("customer.pendingOrders.declineDialog.reasonHint", { max: reasonMax })} error={message("reason")}>
        <textarea {...controlProps(id, "reason", message("reason"), true)} required rows={4} maxLength={reasonMax} defaultValue={answer?.reason} />
      </Field>
      <div className="pending-decline__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("customer.pendingOrders.cancel")}
        </button>
        <button type="submit" className="button pending-button--danger" aria-busy={sending || undefined}>
          {t("customer.pendingOrders.declineDialog.submit")}
        </button>
      </div>
    </Form>
  );
}
