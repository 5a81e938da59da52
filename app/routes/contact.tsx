import { data, redirect } from "react-router";
import { CAPTCHA_FIELD_ERRORS } from "../../kernel/captcha";
import { contactFromForm, contactValues, CONTACT_LIMITS } from "../../server/contact/schema";
import { formRedirectTarget } from "../../server/http/form-redirect";
import { servicesContext, requestInfoContext } from "../../server/request-context";
import { Captcha } from "../features/captcha/Captcha";
import { ContactView, type ContactFormResult } from "../features/contact/ContactView";
import { MessagesScope } from "../i18n/i18n";
import { formPageMessages, messagesFor } from "../../kernel/i18n/messages.server";
import { PRIVATE_HEADERS } from "../private-headers.server";
import type { Route } from "./+types/contact";

/** `/contact`: the contact form. Private, as its captcha is per visitor. */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(requestInfoContext);
  const captcha = await context.get(servicesContext).captcha.activeCaptcha("contact");
  return { limits: CONTACT_LIMITS, captcha, messages: formPageMessages(locale) };
}

/**
 * A plain form post (no JavaScript; scripts get their JSON from server/http/contact.ts): the page again
 * with the confirmation or the errors. A form carrying `redirectTo`/`forwardTo` goes there after
 * success, if it is a page of this shop (server/http/form-redirect.ts); a refused target is ignored.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { locale } = context.get(requestInfoContext);
  const form = await request.formData().catch(() => null);
  if (!form) throw data(messagesFor(locale)["contact.error.body"], { status: 400, headers: PRIVATE_HEADERS });
  const result = await context.get(servicesContext).contact.submit(form, request);
  if (!result.ok) {
    const errors = result.reason === "captcha" ? CAPTCHA_FIELD_ERRORS : result.errors;
    return data<ContactFormResult>({ sent: false, values: contactValues(contactFromForm(form)), errors }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const target = formRedirectTarget(form);
  if (target) throw redirect(target, { status: 303, headers: PRIVATE_HEADERS });
  return data<ContactFormResult>({ sent: true, message: messagesFor(locale)["contact.success"] }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <ContactView
        limits={loaderData.limits}
        result={actionData}
        renderCaptcha={(state) => <Captcha captcha={loaderData.captcha} {...state} />}
      />
    </MessagesScope>
  );
}
