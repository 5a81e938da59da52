import { useRef, useState, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { Modal } from "../Modal";
import { useHydrated } from "../use-hydrated";

interface ConfirmedPostProps {
  /** The form's hidden fields (`intent`, the object's id). */
  fields: Record<string, string>;
  /** Where it posts; the current page when absent. */
  action?: string;
  className?: string;
  buttonClassName?: string;
  /** The button's content; its text is the button's accessible name. */
  children: ReactNode;
  dialog: { title: string; text: string; confirm: string; cancel: string };
}

/**
 * A plain post that asks first (deleting a role or a rule): with JavaScript the button opens a dialog
 * whose **Confirm** posts the form and whose **Cancel** leaves everything as it was; without JavaScript the
 * button posts at once (the server decides as ever).
 */
export function ConfirmedPost({ fields, action, className, buttonClassName, children, dialog }: ConfirmedPostProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form ref={form} method="post" action={action} className={`confirmed-post ${className ?? ""}`}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={buttonClassName}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {children}
      </button>
      <Modal open={asking} onOpenChange={setAsking} title={dialog.title}>
        <p>{dialog.text}</p>
        <ConfirmActions
          confirm={dialog.confirm}
          cancel={dialog.cancel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (form.current) void submit(form.current);
          }}
        />
      </Modal>
    </Form>
  );
}

/** A confirmation dialog's two buttons: **Cancel** first, **Confirm** the primary. */
export function ConfirmActions({ confirm, cancel, onConfirm, onCancel }: { confirm: string; cancel: string; onConfirm(): void; onCancel(): void }) {
  return (
    <div className="modal__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancel}
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        {confirm}
      </button>
    </div>
  );
}
