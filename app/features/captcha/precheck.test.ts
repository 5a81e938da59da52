// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdSubmitForPrecheck } from "./precheck";

/**
 * The basic captcha's pre-check for plain forms (reference §11.1): a valid form's submit waits for the
 * server's verdict on the code; a pass replaces the code and the form goes; a refusal keeps it back.
 */
describe("basic captcha pre-check", () => {
  let form: HTMLFormElement;
  let input: HTMLInputElement;
  let sent: FormData[];
  let release: () => void;

  beforeEach(() => {
    document.body.innerHTML = `
      <form>
        <input name="email" value="erika@example.com">
        <input name="captchaConfirm" value="k7px2">
        <button type="submit" name="intent" value="register">Continue</button>
      </form>`;
    form = document.querySelector("form")!;
    input = form.querySelector<HTMLInputElement>('[name="captchaConfirm"]')!;
    sent = [];
    // Stands in for the page's own handler (React Router's, at the root), which runs after the form's listeners.
    document.addEventListener("submit", onPageSubmit);
  });
  afterEach(() => {
    release?.();
    document.removeEventListener("submit", onPageSubmit);
  });

  function onPageSubmit(event: SubmitEvent) {
    event.preventDefault();
    sent.push(new FormData(form, event.submitter));
  }

  const submit = () => form.querySelector("button")!.click();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("sends the form once with the pass in place of the code, and the next submit is checked again", async () => {
    const precheck = vi.fn(async () => "pass-123");
    release = holdSubmitForPrecheck(form, { input, formIsValid: () => true, precheck });
    submit();
    expect(sent).toHaveLength(0);
    await settle();
    expect(precheck).toHaveBeenCalledWith("k7px2");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("captchaConfirm")).toBe("pass-123");
    // The submit button that started it is the one the form is sent with.
    expect(sent[0]!.get("intent")).toBe("register");

    submit();
    await settle();
    expect(precheck).toHaveBeenCalledTimes(2);
  });

  it("keeps the form back when the code is refused", async () => {
    release = holdSubmitForPrecheck(form, { input, formIsValid: () => true, precheck: async () => null });
    submit();
    await settle();
    expect(sent).toHaveLength(0);
    expect(input.value).toBe("k7px2");
  });

  it("leaves an invalid form to its own validation without asking the server", async () => {
    const precheck = vi.fn(async () => "pass");
    release = holdSubmitForPrecheck(form, { input, formIsValid: () => false, precheck });
    submit();
    await settle();
    expect(precheck).not.toHaveBeenCalled();
    // The form's own handler saw the submit (and would show the field errors).
    expect(sent).toHaveLength(1);
  });

  it("ignores further submits while a check is under way", async () => {
    let answer: (session: string) => void = () => {};
    const precheck = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    release = holdSubmitForPrecheck(form, { input, formIsValid: () => true, precheck });
    submit();
    submit();
    submit();
    answer("pass");
    await settle();
    expect(precheck).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
  });
});
