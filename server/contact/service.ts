import type { SalesChannelContext } from "../catalog/service";
import { fieldErrors } from "../customer/schemas";
import type { FieldErrors } from "../customer/types";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { contactSchema, type ContactInput, type ContactMessage } from "./schema";
import { escapeHtml } from "../html";
import { contactMessage } from "./tables";

export type ContactResult = { ok: true; id: string } | { ok: false; errors: FieldErrors };

export interface ContactService {
  /** Checks and stores a message, then mails it to the shop. A failing mail loses nothing. */
  send(input: ContactInput): Promise<ContactResult>;
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
  mailer,
  logger,
  shopAddress,
}: {
  db: Database;
  channel: SalesChannelContext;
  mailer: Mailer;
  logger: Logger;
  /** Where contact messages go: the shop's own address (`MAIL_FROM`). */
  shopAddress: string;
}): ContactService {
  return {
    async send(input) {
      const parsed = contactSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
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
