import type { ReactNode } from "react";
import "./Form.css";

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** The message of the field's error, already translated. */
  error?: string;
  hint?: string;
  hidden?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form field. A required field's visible label ends with `*` (CONTRACT §4); the star is
 * hidden from screen readers, which hear "required" from the control itself. The error and hint are
 * tied to the control by `aria-describedby` (see `controlProps`).
 */
export function Field({ id, label, required = false, error, hint, hidden, className, children }: FieldProps) {
  return (
    <div className={`checkout-field ${error ? "checkout-field--invalid" : ""} ${className ?? ""}`} hidden={hidden} data-form-field="">
      <label className="checkout-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="checkout-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie a control to its field's error and hint. */
export function controlProps(id: string, name: string, error: string | undefined, hasHint = false) {
  const describedBy = [error && `${id}-error`, hasHint && `${id}-hint`].filter(Boolean).join(" ");
  return { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** A form's helpers for its fields, by field name: the id, the translated message and the control's attributes. */
export interface FieldHelpers {
  id(name: string): string;
  message(name: string): string | undefined;
  control(name: string, hasHint?: boolean): ReturnType<typeof controlProps>;
}

/** A field's id from its name (`billingAddress.street` → `register-billingAddress-street`). */
export const fieldId = (form: string, name: string) => `${form}-${name.replace(/\./g, "-")}`;
