// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../kernel/i18n/en";
import { translator } from "../../../kernel/i18n/translator";
import { INVALID_FIELD_SCROLL_DEBOUNCE_MS } from "../../../kernel/constants";
import { checkForm, describeFieldError, revealInvalidField } from "./form-validation";

const t = translator(en);

describe("checkForm: the rules read from the fields' attributes", () => {
  let form: HTMLFormElement;
  beforeEach(() => {
    document.body.innerHTML = `
      <form novalidate>
        <input name="firstName" required data-message-required="Tell us your first name.">
        <input name="email" type="email" required data-equal-group="email">
        <input name="emailConfirmation" type="email" data-equal-group="email">
        <textarea name="comment" required minlength="10" maxlength="50"></textarea>
        <fieldset disabled><input name="company" required></fieldset>
        <input name="vatId" required disabled>
        <input type="hidden" name="redirectTo" value="">
      </form>`;
    form = document.querySelector("form")!;
  });
  const set = (name: string, value: string) => ((form.elements.namedItem(name) as HTMLInputElement).value = value);

  it("finds every broken rule, skips disabled and hidden fields, and keeps document order", () => {
    set("firstName", "   ");
    set("email", "a@example.com");
    set("emailConfirmation", "b@example.com");
    set("comment", "short");
    const found = checkForm(form);
    expect(found.errors).toEqual({ firstName: "required", emailConfirmation: "confirmation-mismatch", comment: "too-short" });
    expect(found.invalid.map((c) => c.name)).toEqual(["firstName", "emailConfirmation", "comment"]);
  });

  it("gives each rule its own message: the field's own, or the shared one with the minimum", () => {
    set("comment", "short");
    const found = checkForm(form);
    expect(describeFieldError(t, found.errors.firstName!, found.details.firstName)).toBe("Tell us your first name.");
    expect(describeFieldError(t, found.errors.comment!, found.details.comment)).toBe("This entry is too short: at least 10 characters.");
    expect(describeFieldError(t, found.errors.email!, found.details.email)).toBe(en["form.error.required"]);
  });

  it("refuses an entry longer than the maximum", () => {
    set("firstName", "Ann");
    set("email", "a@example.com");
    set("emailConfirmation", "a@example.com");
    set("comment", "x".repeat(51));
    expect(checkForm(form).errors).toEqual({ comment: "too-long" });
  });
});

describe("revealInvalidField: focus once the page has settled, never taken back later", () => {
  beforeEach(() => {
    document.body.innerHTML = `<form novalidate><input type="checkbox" name="tos" required><input name="card"><button type="submit">Submit order</button></form>`;
  });
  const control = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!;

  it("focuses the invalid field after the debounce (INVALID_FIELD_SCROLL_DEBOUNCE_MS)", async () => {
    vi.useFakeTimers();
    document.querySelector("button")!.focus();
    revealInvalidField(control("tos"));
    await vi.advanceTimersByTimeAsync(INVALID_FIELD_SCROLL_DEBOUNCE_MS + 10);
    expect(document.activeElement).toBe(control("tos"));
    vi.useRealTimers();
  });

  it("leaves the focus where it went meanwhile (another check revealed another field) and a field put right", async () => {
    vi.useFakeTimers();
    document.querySelector("button")!.focus();
    revealInvalidField(control("tos"));
    control("card").focus();
    await vi.advanceTimersByTimeAsync(INVALID_FIELD_SCROLL_DEBOUNCE_MS + 10);
    expect(document.activeElement).toBe(control("card"));

    document.querySelector("button")!.focus();
    revealInvalidField(control("tos"));
    control("tos").checked = true;
    await vi.advanceTimersByTimeAsync(INVALID_FIELD_SCROLL_DEBOUNCE_MS + 10);
    expect(document.activeElement).toBe(document.querySelector("button"));
    vi.useRealTimers();
  });
});
