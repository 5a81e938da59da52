// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { en } from "../../../kernel/i18n/en";
import { FORM_EQUAL_FIELDS_DEBOUNCE_MS } from "../../../kernel/constants";
import { controlProps, Field } from "./Field";
import { useFieldErrors } from "./form-validation";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function PasswordForm({ onSent }: { onSent(): void }) {
  const { onSubmit, onChange, message } = useFieldErrors(undefined);
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field id={name} label={label} required error={message(name)}>
      <input {...controlProps(name, name, message(name))} type="password" required data-equal-group="password" {...extra} />
    </Field>
  );
  return (
    <form
      noValidate
      onChange={onChange}
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) {
          event.preventDefault();
          onSent();
        }
      }}
    >
      {field("password", "Password", { minLength: 8 })}
      {field("passwordConfirmation", "Password confirmation")}
      <button type="submit">Save</button>
    </form>
  );
}

describe("useFieldErrors: equal fields and submit", () => {
  let root: TestRoot;
  let container: HTMLDivElement;
  const sent = vi.fn();
  beforeEach(async () => {
    vi.useFakeTimers();
    sent.mockReset();
    root = createTestRoot();
    container = root.container;
    await root.render(<PasswordForm onSent={sent} />);
  });
  afterEach(async () => {
    await root.unmount();
    vi.useRealTimers();
  });

  const input = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  async function type(name: string, value: string) {
    await act(async () => {
      const element = input(name);
      // React tracks the value it last saw; set it through the prototype like a browser's typing.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(element, value);
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  const errorText = (name: string) => container.querySelector(`#${name}-error`)?.textContent ?? null;

  it("marks a different confirmation 150 ms after the last change, and lifts it once they match", async () => {
    await type("password", "correct horse");
    await type("passwordConfirmation", "correct hor");
    await act(async () => vi.advanceTimersByTime(FORM_EQUAL_FIELDS_DEBOUNCE_MS - 1));
    expect(errorText("passwordConfirmation")).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(errorText("passwordConfirmation")).toBe(en["form.error.confirmation-mismatch"]);
    expect(input("passwordConfirmation").getAttribute("aria-invalid")).toBe("true");
    expect(input("passwordConfirmation").getAttribute("aria-describedby")).toBe("passwordConfirmation-error");
    expect(input("password").getAttribute("aria-invalid")).toBeNull();

    await type("passwordConfirmation", "correct horse ");
    await act(async () => vi.advanceTimersByTime(FORM_EQUAL_FIELDS_DEBOUNCE_MS));
    expect(errorText("passwordConfirmation")).toBeNull();
  });

  it("holds back an invalid submit with every message and marks the form validated", async () => {
    await type("password", "short");
    await act(async () => container.querySelector("form")!.requestSubmit());
    expect(sent).not.toHaveBeenCalled();
    expect(container.querySelector("form")!.classList.contains("was-validated")).toBe(true);
    expect(errorText("password")).toBe("Your password must be at least 8 characters long.");
    expect(errorText("passwordConfirmation")).toBe(en["form.error.required"]);

    await type("password", "correct horse");
    await type("passwordConfirmation", "correct horse");
    await act(async () => container.querySelector("form")!.requestSubmit());
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
