import { useRef, useState, type FormEvent } from "react";
import type { FieldErrors } from "../../../server/customer/types";
import type { FormAlert } from "../../../server/forms/alerts";
import { useI18n } from "../../i18n/i18n";
import { http } from "../../lib/http";
import type { useFieldErrors } from "./form-validation";

export type { FormAlert };

/** What an AJAX form's answer means for the page (spec §8). */
export type AjaxFormOutcome =
  | { kind: "reload" }
  | { kind: "refused"; alerts: FormAlert[]; errors: FieldErrors }
  | { kind: "confirmed"; text: string };

const isAlert = (value: unknown): value is FormAlert =>
  typeof value === "object" &&
  value !== null &&
  ["success", "danger", "info"].includes((value as FormAlert).type) &&
  typeof (value as FormAlert).alert === "string";

/**
 * Reads an AJAX form's answer: a JSON list of alerts. An empty list reloads the page; any `danger` or
 * `info` alert is a refusal shown below the form (with the fields it names); otherwise the alerts'
 * text confirms. Anything else (an error page of the server, a broken body) is a refusal with
 * `fallback` as its text, or the server's own sentence when it sent one.
 */
export function ajaxFormOutcome(body: unknown, fallback: string): AjaxFormOutcome {
  if (Array.isArray(body) && body.every(isAlert)) {
    if (body.length === 0) return { kind: "reload" };
    const problems = body.filter((alert) => alert.type === "danger" || alert.type === "info");
    if (problems.length === 0) return { kind: "confirmed", text: body.map((alert) => alert.alert).join(" ") };
    return { kind: "refused", alerts: problems, errors: Object.assign({}, ...problems.map((alert) => alert.errors ?? {})) as FieldErrors };
  }
  const message = (body as { errors?: { message?: unknown }[] } | null)?.errors?.[0]?.message;
  return { kind: "refused", alerts: [{ type: "danger", alert: typeof message === "string" ? message : fallback }], errors: {} };
}

/** The body an AJAX form posts: its fields, urlencoded, plus `redirectTo`/`forwardTo` from its data attributes. */
export function ajaxFormBody(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  for (const [attribute, name] of [
    ["data-redirect-to", "redirectTo"],
    ["data-forward-to", "forwardTo"],
  ] as const) {
    const value = form.getAttribute(attribute);
    if (value && !body.has(name)) body.set(name, value);
  }
  return body;
}

interface AjaxFormOptions {
  /** The form's validation (`useFieldErrors`): checked before sending, and given the server's field errors. */
  validation: Pick<ReturnType<typeof useFieldErrors>, "validate" | "show">;
  /** Once sent successfully, the form never sends again (spec §5 submit-once). */
  submitOnce?: boolean;
  /** After a confirmation, e.g. to clear the form values store. */
  onConfirmed?(text: string): void;
}

/**
 * An AJAX form (spec §5, §7, §8): on submit the form is validated (an invalid one is not sent), then
 * posted urlencoded with `http()` to its own action. The answer's `danger`/`info` alerts appear below
 * the form and their field errors on the fields; a success answer's text replaces the form; an empty
 * answer reloads the page. While a request is under way further submits are ignored (two quick clicks
 * send once), and a `submitOnce` form never sends again after its success.
 *
 * Render `<form {...formProps}>` with a plain `method="post"` and `action`, so the same form works
 * without JavaScript; show `alerts` (role="alert") below it and `confirmation` instead of it.
 */
export function useAjaxForm({ validation, submitOnce = false, onConfirmed }: AjaxFormOptions) {
  const { t } = useI18n();
  const [sending, setSending] = useState(false);
  const [alerts, setAlerts] = useState<FormAlert[]>([]);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  // A ref, not state: the second of two quick clicks arrives before React has rendered the first.
  const busy = useRef(false);
  const confirmed = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy.current || (submitOnce && confirmed.current)) return;
    if (!validation.validate(form)) return;
    busy.current = true;
    setSending(true);
    let outcome: AjaxFormOutcome;
    try {
      const response = await http(form.getAttribute("action") ?? window.location.pathname, {
        method: (form.getAttribute("method") ?? "post").toUpperCase(),
        body: ajaxFormBody(form),
        headers: { Accept: "application/json" },
      });
      outcome = ajaxFormOutcome(await response.json().catch(() => null), t("form.alert.failed"));
    } catch {
      outcome = ajaxFormOutcome(null, t("form.alert.failed"));
    }
    busy.current = false;
    setSending(false);
    switch (outcome.kind) {
      case "reload":
        window.location.reload();
        return;
      case "refused":
        setAlerts(outcome.alerts);
        validation.show(outcome.errors);
        return;
      case "confirmed":
        confirmed.current = true;
        form.reset();
        setAlerts([]);
        setConfirmation(outcome.text);
        onConfirmed?.(outcome.text);
    }
  }

  return {
    sending,
    alerts,
    confirmation,
    /** Shows the form again after a confirmation (a second message). */
    reset: () => {
      confirmed.current = false;
      setConfirmation(null);
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}
