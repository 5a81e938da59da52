import { useLayoutEffect, useRef, type ReactNode } from "react";
import { applyFieldToggle } from "./field-toggle";
import "./Form.css";

interface FormFieldToggleProps {
  /** Whether the fields are part of the form now (e.g. "company" is the chosen account type). */
  shown: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Fields that only count under a condition (spec §4 form-field toggle): when not shown, the area is
 * hidden and its fields are disabled and not required; when shown again their own `required` and
 * `disabled` come back. Rendered as a borderless fieldset that is `disabled` while hidden, so the
 * server-rendered page (and a browser without JavaScript) submits none of the hidden fields either.
 *
 * A field whose `required` prop changes while it is hidden gets the prop's value back only when React
 * renders it again after showing; keep such conditions on the toggle itself where you can.
 */
export function FormFieldToggle({ shown, className, children }: FormFieldToggleProps) {
  const area = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    if (area.current) applyFieldToggle(area.current, shown);
  }, [shown]);
  return (
    <fieldset ref={area} className={`form-field-toggle ${className ?? ""}`} hidden={!shown} disabled={!shown}>
      {children}
    </fieldset>
  );
}
