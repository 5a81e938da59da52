import type { CaptchaCheck, CaptchaService, SubmittedFields } from "../captcha/service";
import type { SalesChannelContext } from "../catalog/service";
import { fieldErrors } from "../customer/schemas";
import type { FieldErrors } from "../customer/types";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { contactFromForm, contactSchema, type ContactMessage } from "./schema";
import { escapeHtml } from "../html";
import { contactMessage } from "./tables";

export type ContactResult =
  | { ok: true; id: string }
  | { ok: false; reason: "captcha"; error: Exclude<CaptchaCheck, { ok: true }>["error"] }
  | { ok: false; reason: "invalid"; errors: FieldErrors };

export interface ContactService {
  /**
   * A sent contact form, whether a script posted it or a plain form (server/http/contact.ts and the
   * page's action answer the result each in their way): the captcha first, so nothing is stored for a
   * form whose captcha was not solved; then the fields are checked, the message stored and mailed to
   * the shop. A failing mail loses nothing.
   */
  submit(fields: SubmittedFields, request: Request): Promise<ContactResult>;
}

/** The mail to the shop: the sender can be answered with the mail program's Reply. */
function shopMail(message: ContactMessage, shopAddress: string) {
  const sender = `${message.firstName} ${message.lastName}`;
  const lines = [`From: ${sender} <${message.email}>`, `Subject: ${message.subject}`, "", message.comment];
  return {
    to: shopAddress,
    replyTo: message.email,
    subject: `Contact form: ${message.subject}`.slice(0, 200),
    text: lines.join("\n"),
    html:
      `<p><strong>From:</strong> ${escapeHtml(sender)} &lt;${escapeHtml(message.email)}&gt;<br>` +
      `<strong>Subject:</strong> ${escapeHtml(message.subject)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(message.comment)}</p>`,
  };
}

export function createContactService({
  db,
  channel,
  captcha,
  mailer,
  logger,
  shopAddress,
}: {
  db: Database;
  channel: SalesChannelContext;
  captcha: Pick<CaptchaService, "verifyCaptcha">;
  mailer: Mailer;
  logger: Logger;
  /** Where contact messages go: the shop's own address (`MAIL_FROM`). */
  shopAddress: string;
}): ContactService {
  return {
    async submit(fields, request) {
      const check = await captcha.verifyCaptcha("contact", fields, request);
      if (!check.ok) return { ok: false, reason: "captcha", error: check.error };
      const parsed = contactSchema.safeParse(contactFromForm(fields));
      if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
      const message = parsed.data;
      const [row] = await db
        .insert(contactMessage)
        .values({ salesChannelId: channel.id, ...message })
        .returning({ id: contactMessage.id });
      try {
        await mailer.send(shopMail(message, shopAddress));
      } catch (error) {
        // The message is stored: the shop reads it there even when the mail server is down.
        logger.error("contact mail failed", { contactMessageId: row!.id, error: String(error) });
      }
      return { ok: true, id: row!.id };
    },
  };
}
