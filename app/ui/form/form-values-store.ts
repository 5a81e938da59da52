import { useEffect, useRef, type RefObject } from "react";
import { FORM_VALUES_STORE_DELAY_MS } from "../../../kernel/constants";
import { debounce, type Debounced } from "../../lib/debounce";
import { localStore, type KeyValueStore } from "../../lib/storage";

/*
 * The form values store (spec §3/§9, reference §9.8): what a shopper typed into a form survives a
 * reload. Each field's value is kept in local storage under `<formId>.<fieldName>`, written 300 ms
 * after the last keystroke (choices at once), restored when the page loads and removed after a
 * successful submit. Passwords, hidden fields, files and captcha inputs are never stored.
 */

type StorableControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const NEVER_STORED_TYPES = new Set(["password", "hidden", "file", "button", "submit", "reset", "image"]);
/** A field that must not be kept (a captcha answer, a one-time code) carries this attribute. */
export const SKIP_STORE_ATTRIBUTE = "data-form-values-skip";

export const formValueKey = (formId: string, fieldName: string) => `${formId}.${fieldName}`;

export function isStorable(element: Element): element is StorableControl {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) return false;
  if (!element.name || NEVER_STORED_TYPES.has(element.type) || element.hasAttribute(SKIP_STORE_ATTRIBUTE)) return false;
  return !/captcha/i.test(element.name);
}

const isTextLike = (control: StorableControl) =>
  control instanceof HTMLTextAreaElement || (control instanceof HTMLInputElement && !["checkbox", "radio", "range", "color"].includes(control.type));

function storableControls(form: HTMLFormElement): StorableControl[] {
  return Array.from(form.elements).filter(isStorable);
}

function restore(control: StorableControl, stored: string) {
  if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = stored === "true";
  else if (control instanceof HTMLInputElement && control.type === "radio") control.checked = control.value === stored;
  else if (control instanceof HTMLSelectElement && control.multiple) {
    const values = JSON.parse(stored) as unknown;
    if (Array.isArray(values)) for (const option of Array.from(control.options)) option.selected = values.includes(option.value);
  } else control.value = stored;
}

/** What a control stores: null removes the key (empty value, unticked checkbox, no radio of the group). */
function storedValue(control: StorableControl): string | null {
  if (control instanceof HTMLInputElement && control.type === "checkbox") return control.checked ? "true" : null;
  if (control instanceof HTMLInputElement && control.type === "radio") {
    const checked = control.form?.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(control.name)}"]:checked`);
    return checked ? checked.value : null;
  }
  if (control instanceof HTMLSelectElement && control.multiple) {
    const values = Array.from(control.selectedOptions).map((option) => option.value);
    return values.length ? JSON.stringify(values) : null;
  }
  return control.value === "" ? null : control.value;
}

export interface FormValuesStore {
  /** Forgets every stored value of the form (after a successful submit). */
  clear(): void;
  detach(): void;
}

/** Restores the form's stored values now and keeps storing them as the shopper types. */
export function attachFormValuesStore(
  form: HTMLFormElement,
  formId: string,
  store: KeyValueStore = localStore(),
  delay = FORM_VALUES_STORE_DELAY_MS,
): FormValuesStore {
  for (const control of storableControls(form)) {
    const stored = store.get(formValueKey(formId, control.name));
    // A value already in the field (the server's answer to a plain post) is newer than the stored one.
    const untouched =
      control instanceof HTMLSelectElement
        ? control.selectedIndex <= 0
        : control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")
          ? true
          : control.value === "";
    if (stored !== null && untouched) {
      try {
        restore(control, stored);
      } catch {
        store.remove(formValueKey(formId, control.name));
      }
    }
  }

  const write = (control: StorableControl) => {
    const key = formValueKey(formId, control.name);
    const value = storedValue(control);
    if (value === null) store.remove(key);
    else store.set(key, value);
  };
  const pending = new Map<string, Debounced<[StorableControl]>>();
  const onInput = (event: Event) => {
    const control = event.target;
    if (!(control instanceof Element) || !isStorable(control) || !isTextLike(control)) return;
    let writeLater = pending.get(control.name);
    if (!writeLater) pending.set(control.name, (writeLater = debounce(write, delay)));
    writeLater(control);
  };
  const onChange = (event: Event) => {
    const control = event.target;
    if (control instanceof Element && isStorable(control) && !isTextLike(control)) write(control);
  };
  form.addEventListener("input", onInput);
  form.addEventListener("change", onChange);

  const cancelPending = () => {
    for (const writeLater of pending.values()) writeLater.cancel();
  };
  return {
    clear() {
      cancelPending();
      for (const control of storableControls(form)) store.remove(formValueKey(formId, control.name));
    },
    detach() {
      cancelPending();
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onChange);
    },
  };
}

/**
 * The form values store for a React form: pass the form's ref and a form id unique in the shop
 * (`contact`). Returns `clear()`, to call after a successful submit.
 */
export function useFormValuesStore(formId: string, form: RefObject<HTMLFormElement | null>) {
  const store = useRef<FormValuesStore | null>(null);
  useEffect(() => {
    if (!form.current) return;
    const attached = attachFormValuesStore(form.current, formId);
    store.current = attached;
    return () => {
      attached.detach();
      store.current = null;
    };
  }, [formId, form]);
  return { clear: () => store.current?.clear() };
}
