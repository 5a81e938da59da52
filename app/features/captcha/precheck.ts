/**
 * The basic captcha's pre-check for plain (non-AJAX) forms (spec §7, reference §11.1): a valid form's
 * submit is held while the typed code is checked by the server; a right code comes back as a one-answer
 * pass (`session`) that replaces the code in the field, and the form is submitted again with the same
 * submit button. A wrong code never sends the form, so nothing the shopper typed is lost to a round trip.
 *
 * The listener sits on the form itself, so it runs before React's handlers (at the root) and can stop them.
 */
export interface PrecheckOptions {
  /** The captcha's answer field. */
  input: HTMLInputElement;
  /** Whether the form passes its own rules: an invalid form is left to its validation, unchecked. */
  formIsValid(): boolean;
  /** Asks the server; resolves to the pass, or null when the code was refused (the caller shows why). */
  precheck(answer: string): Promise<string | null>;
}

export function holdSubmitForPrecheck(form: HTMLFormElement, { input, formIsValid, precheck }: PrecheckOptions): () => void {
  let checking = false;
  let passed = false;

  function onSubmit(event: SubmitEvent) {
    if (passed) {
      // The pass goes with this submit; the next one needs a new code.
      passed = false;
      return;
    }
    // An invalid form (an empty captcha included) is left to the form's own validation.
    if (!formIsValid()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (checking) return;
    checking = true;
    const submitter = event.submitter instanceof HTMLButtonElement || event.submitter instanceof HTMLInputElement ? event.submitter : null;
    precheck(input.value)
      .then((session) => {
        if (!session || !form.isConnected) return;
        input.value = session;
        passed = true;
        form.requestSubmit(submitter);
      })
      .catch((error: unknown) => console.error("captcha pre-check failed", error))
      .finally(() => {
        checking = false;
      });
  }

  form.addEventListener("submit", onSubmit);
  return () => form.removeEventListener("submit", onSubmit);
}
