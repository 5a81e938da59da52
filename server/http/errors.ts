import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { escapeHtml } from "../html";

/** A request from the storefront's own scripts: they send `X-Requested-With` (CONTRACT §2), a form from another site cannot. */
export const isXhr = (c: Context) => c.req.header("x-requested-with") === "XMLHttpRequest";

export function wantsJson(c: Context): boolean {
  return (
    isXhr(c) ||
    (c.req.header("accept") ?? "").includes("application/json") ||
    !(c.req.header("accept") ?? "").includes("text/html")
  );
}

/** An error a person can read: JSON `{ errors: [{ status, message }] }` for scripts, a small page for browsers. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
  if (wantsJson(c)) return c.json({ errors: [{ status, message }] }, status);
  return c.html(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${status} · Vitrine</title><body style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
      `<h1>${escapeHtml(message)}</h1><p><a href="/">Back to the shop</a></p></body></html>`,
    status,
  );
}

/** How many problems one answer names; a body with thousands of bad values gets a readable sentence. */
const MAX_DESCRIBED_ISSUES = 5;

/** Turns a zod failure into one sentence naming the bad fields (the first few, and how many more). */
export function describeIssues(error: z.ZodError): string {
  const described = error.issues
    .slice(0, MAX_DESCRIBED_ISSUES)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  const more = error.issues.length - MAX_DESCRIBED_ISSUES;
  return more > 0 ? `${described}; and ${more} more ${more === 1 ? "problem" : "problems"}` : described;
}
