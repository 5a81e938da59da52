import { useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n";
import { http } from "../../../lib/http";
import { Modal } from "../../../ui/Modal";
import { useRoutePath } from "../../../ui/use-route-path";
import { employeeCallAnswer, type EmployeeAction, type EmployeeActionKind } from "./employee-action";
import { noticeQuery } from "./employee-notice";

/** A Deactivate or Delete the user asked for and has yet to confirm. */
export interface PendingEmployeeAction extends EmployeeAction {
  kind: EmployeeActionKind;
}

interface EmployeeConfirmDialogProps {
  pending: PendingEmployeeAction | null;
  onClose(): void;
}

const TEXTS = {
  deactivate: { title: "customer.employees.confirm.deactivateTitle", text: "customer.employees.confirm.deactivateText" },
  delete: { title: "customer.employees.confirm.deleteTitle", text: "customer.employees.confirm.deleteText" },
} as const;

/**
 * The confirmation of a Deactivate or Delete (spec §6, §7): Confirm calls the button's endpoint, then
 * shows the result as the spec says (a deactivation: the page with its confirmation in the query; a
 * deletion: the page reloaded). A refusal stays in the dialog as an alert; Cancel changes nothing.
 */
export function EmployeeConfirmDialog({ pending, onClose }: EmployeeConfirmDialogProps) {
  const { t } = useI18n();
  // The dialog keeps its title while it closes (Radix animates the closing, `pending` is null by then).
  const [kind, setKind] = useState<EmployeeActionKind>("deactivate");
  if (pending && pending.kind !== kind) setKind(pending.kind);
  return (
    <Modal open={pending !== null} onOpenChange={(open) => !open && onClose()} title={t(TEXTS[kind].title)}>
      {pending && <ConfirmBody key={`${pending.kind} ${pending.actionUrl}`} pending={pending} onClose={onClose} />}
    </Modal>
  );
}

function ConfirmBody({ pending, onClose }: { pending: PendingEmployeeAction; onClose(): void }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = `${pending.firstName} ${pending.lastName}`;

  async function confirm() {
    setBusy(true);
    setRefusal(null);
    try {
      const response = await http(pending.actionUrl, { method: pending.kind === "delete" ? "DELETE" : "GET" });
      const answer = await employeeCallAnswer(response);
      if (!answer.ok) {
        setRefusal(answer.message ?? t("customer.employees.confirm.failed"));
        setBusy(false);
        return;
      }
      if (pending.kind === "delete") {
        // Spec §7: the page is loaded again as a whole; the dialog stays busy until it is gone.
        window.location.reload();
        return;
      }
      const person = { firstName: answer.firstName ?? pending.firstName, lastName: answer.lastName ?? pending.lastName };
      await navigate(path("frontend.account.employees.page", undefined, noticeQuery("deactivated", person)));
      onClose();
    } catch {
      setRefusal(t("customer.employees.confirm.failed"));
      setBusy(false);
    }
  }

  return (
    <div className="employees-confirm">
      <p>{t(TEXTS[pending.kind].text, { name })}</p>
      {refusal && (
        <p className="checkout-alert" role="alert">
          {refusal}
        </p>
      )}
      <div className="employees-confirm__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("customer.employees.confirm.cancel")}
        </button>
        <button type="button" className="button employees-button--danger" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
          {t("customer.employees.confirm.confirm")}
        </button>
      </div>
    </div>
  );
}
