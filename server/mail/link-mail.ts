import { escapeHtml } from "../html";
import type { Mail } from "./mailer";

/**
 * A short mail whose point is one link (password reset, invitation): its lines as paragraphs, `{link}`
 * in a line replaced by the link (plain in the text part, a link in the HTML part).
 */
export function linkMail(to: string, link: string, { subject, lines }: { subject: string; lines: string[] }): Mail {
  return {
    to,
    subject,
    text: lines.map((line) => line.replace("{link}", link)).join("\n\n") + "\n",
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
      lines
        .map((line) =>
          line.includes("{link}")
            ? `<p>${escapeHtml(line).replace("{link}", `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`
            : `<p>${escapeHtml(line)}</p>`,
        )
        .join("") +
      `</body></html>`,
  };
}
