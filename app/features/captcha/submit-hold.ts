/**
 * Holds a form's submit until a captcha token is there (spec §4: "submit held until a token is
 * obtained"). The listener sits on the form itself, so it runs before React's handlers (which listen at
 * the root) and can stop them; once the token arrives the form is submitted again with the same
 * submit button, so the form's own handling (React Router, native) goes on as if nothing happened.
 */
export interface SubmitHoldOptions {
  /** The hidden input the token goes into. */
  field: HTMLInputElement;
  /**
   * Asked when a submit comes without a token: resolves to a token (the form is then submitted), or to
   * null when the shopper has to act first (checkbox captcha not ticked).
   */
  obtainToken(): Promise<string | null>;
  /** Called after a submit went through: the token is used up, the widget gets a new one. */
  afterSubmit(): void;
}

export function holdSubmitUntilToken(form: HTMLFormElement, { field, obtainToken, afterSubmit }: SubmitHoldOptions): () => void {
  // Double submits while a token is being fetched are ignored (reference §11.4).
  let obtaining = false;

  function onSubmit(event: SubmitEvent) {
    if (field.value) {
      // The form's data is read during this event; the token is cleared once that is done.
      setTimeout(() => {
        field.value = "";
        afterSubmit();
      }, 0);
      return;
    }
    // An invalid form is left to the form's own validation; a captcha is only solved for a valid one.
    if (!form.checkValidity()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (obtaining) return;
    obtaining = true;
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    obtainToken()
      .then((token) => {
        if (!token || !form.isConnected) return;
        field.value = token;
        form.requestSubmit(submitter as HTMLButtonElement | HTMLInputElement | null);
      })
      .catch((error: unknown) => console.error("captcha token could not be obtained", error))
      .finally(() => {
        obtaining = false;
      });
  }

  form.addEventListener("submit", onSubmit);
  return () => form.removeEventListener("submit", onSubmit);
}
