import { useI18n } from "../../../i18n/i18n";

/** The two buttons of the roles pages' confirmation dialogs: **Cancel** first, **Confirm** the primary. */
export function ConfirmActions({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const { t } = useI18n();
  return (
    <div className="roles-confirm__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t("customer.roles.cancel")}
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        {t("customer.roles.confirm")}
      </button>
    </div>
  );
}
