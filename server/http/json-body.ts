import type { Context } from "hono";
import { errorResponse } from "./errors";

export type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

/**
 * The request's JSON body, or the 4xx answer to send instead: 415 when it is not sent as JSON, 400 when
 * it does not parse. What the body must contain is the caller's zod schema's business.
 */
export async function readJson(c: Context, reply: (status: 400 | 415, message: string) => Response = (status, message) => errorResponse(c, status, message)): Promise<JsonBody> {
  if (!(c.req.header("content-type") ?? "").includes("application/json")) {
    return { ok: false, response: reply(415, "Send the request as JSON with Content-Type application/json.") };
  }
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false, response: reply(400, "The request body is not valid JSON.") };
  }
}
