// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdSubmitUntilToken } from "./submit-hold";

/** A form with a text field, the captcha's hidden token field and a submit button with a value. */
function setUp() {
  document.body.innerHTML = `
    <form novalidate>
      <input name="email" type="email" value="erika@example.com" required>
      <input type="hidden" name="_grecaptcha_v2" value="">
      <button type="submit" name="intent" value="send">Send</button>
    </form>`;
  const form = document.querySelector("form")!;
  const field = form.querySelector<HTMLInputElement>('input[type="hidden"]')!;
  const button = form.querySelector("button")!;
  // What the form's own handling (React Router, a native post) would send: recorded at the document.
  const sent: Record<string, string>[] = [];
  document.addEventListener("submit", (event) => {
    event.preventDefault();
    sent.push(Object.fromEntries(new FormData(event.target as HTMLFormElement, (event as SubmitEvent).submitter) as unknown as Iterable<[string, string]>));
  });
  return { form, field, button, sent };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("holdSubmitUntilToken", () => {
  let release: (() => void) | undefined;
  beforeEach(() => (release = undefined));
  afterEach(() => release?.());

  it("holds a submit without a token, then sends the form with the token and the same submit button", async () => {
    const { form, field, button, sent } = setUp();
    let resolveToken!: (token: string) => void;
    let asked = 0;
    release = holdSubmitUntilToken(form, {
      field,
      obtainToken: () => {
        asked++;
        return new Promise((resolve) => (resolveToken = resolve));
      },
      afterSubmit: () => {},
    });
    button.click();
    await tick();
    expect(sent).toEqual([]);
    // A second click while the token is on its way asks no second time.
    button.click();
    await tick();
    expect(asked).toBe(1);
    resolveToken("token-1");
    await tick();
    expect(sent).toEqual([{ email: "erika@example.com", _grecaptcha_v2: "token-1", intent: "send" }]);
  });

  it("sends nothing while the shopper still has to act (checkbox not ticked)", async () => {
    const { form, field, button, sent } = setUp();
    release = holdSubmitUntilToken(form, { field, obtainToken: async () => null, afterSubmit: () => {} });
    button.click();
    await tick();
    expect(sent).toEqual([]);
  });

  it("lets a submit with a token through, then clears the used token and resets the widget", async () => {
    const { form, field, button, sent } = setUp();
    let resets = 0;
    release = holdSubmitUntilToken(form, { field, obtainToken: async () => "unused", afterSubmit: () => resets++ });
    field.value = "ticked-token";
    button.click();
    expect(sent).toEqual([{ email: "erika@example.com", _grecaptcha_v2: "ticked-token", intent: "send" }]);
    await tick();
    expect(field.value).toBe("");
    expect(resets).toBe(1);
  });

  it("leaves an invalid form to the form's own validation without asking for a token", async () => {
    const { form, field, button, sent } = setUp();
    let asked = 0;
    release = holdSubmitUntilToken(form, { field, obtainToken: async () => (asked++, "t"), afterSubmit: () => {} });
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "";
    button.click();
    await tick();
    expect(asked).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
