import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface Mail {
  to: string;
  /** Where the recipient's Reply goes (the shopper of a contact message). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the mail; returns where it went (the SMTP message id or the .eml file). */
  send(mail: Mail): Promise<string>;
}

/**
 * Mail through SMTP when `smtpUrl` is set; otherwise each mail is rendered by the same library and
 * written to `mailDir` as an .eml file (and logged), so a shop without a mail server loses nothing.
 */
export function createMailer(options: { smtpUrl?: string; mailDir: string; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        options.logger.info("mail sent", { to: mail.to, subject: mail.subject, messageId: info.messageId });
        return info.messageId;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.mailDir, { recursive: true });
      const safeSubject = mail.subject.replace(/[^\w-]+/g, "-").slice(0, 60);
      const file = path.join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeSubject}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info("mail written (no SMTP_URL set)", { to: mail.to, subject: mail.subject, file });
      return file;
    },
  };
}
