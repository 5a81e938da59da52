import type { Hono } from "hono";
import { PAGE_MESSAGES_PREFIX, pageMessagesFileAt } from "../i18n/page-messages";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { errorResponse } from "./errors";

/** The page texts of one language (server/i18n/page-messages.ts); the name holds the hash, so it never changes. */
export function registerPageMessagesEndpoint(app: Hono<AppEnv>) {
  app.get(`${PAGE_MESSAGES_PREFIX}:file`, (c) => {
    const file = pageMessagesFileAt(c.req.path);
    if (!file) return errorResponse(c, 404, "These texts do not exist (the shop was updated: reload the page).");
    return c.body(file.body, 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_CONTROL.immutable });
  });
}
