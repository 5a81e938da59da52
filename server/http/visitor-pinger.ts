import type { Hono } from "hono";
import { isbot } from "isbot";
import { z } from "zod";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import { routeNames } from "../../kernel/route-names";
import { VISITOR_PATH_MAX_LENGTH } from "../../kernel/visitor-pinger";
import { CACHE_CONTROL } from "./cache-control";
import { clientIp } from "./client-ip";
import { errorResponse } from "./errors";
import { limitRequest, REQUEST_LIMITS } from "./rate-limit";

/** What a ping carries: the page as its `Referer` (an address of this shop), and the ajax header. */
const Ping = z.object({
  requestedWith: z.literal("XMLHttpRequest", { error: "The visit ping needs the X-Requested-With: XMLHttpRequest header." }),
  referer: z
    .string({ error: "The visit ping needs a Referer header naming the page visited." })
    .max(2048, { error: "The page address in the Referer header is too long." })
    .pipe(z.url({ protocol: /^https?$/, error: "The Referer header must be the address of the page visited." })),
});

const NO_STORE = { "Cache-Control": CACHE_CONTROL.noStore, "X-Robots-Tag": "noindex" };

/**
 * The visitor pinger (issue 26 point 4, CONTRACT §8). `frontend.visitor.track`: the page's script sends
 * one GET per counted visit; this counts it for the day and the page (no address or user agent is stored,
 * server/visitor-stats). Bots are not counted. `frontend.shopmanager.statistics` is answered, nothing more.
 */
export function registerVisitorPingerEndpoints(app: Hono<AppEnv>, services: AppServices) {
  app.get(routeNames["frontend.visitor.track"], async (c) => {
    const parsed = Ping.safeParse({ requestedWith: c.req.header("x-requested-with"), referer: c.req.header("referer") });
    if (!parsed.success) return errorResponse(c, 400, parsed.error.issues[0]?.message ?? "The visit ping is malformed.");
    const page = new URL(parsed.data.referer);
    if (page.host !== new URL(c.req.url).host) return errorResponse(c, 400, "The Referer header must be a page of this shop.");
    const path = safePath(page.pathname);
    if (!path) return errorResponse(c, 400, `The page path must be valid text of at most ${VISITOR_PATH_MAX_LENGTH} characters.`);
    const userAgent = c.req.header("user-agent") ?? "";
    // Not counted, and nothing for the bot to learn from: the same empty answer.
    if (!userAgent || isbot(userAgent)) return c.body(null, 204, NO_STORE);
    const refused = await limitRequest(c, services, REQUEST_LIMITS.visitorPing);
    if (refused) return refused;
    await services.visitorStats.record(path, clientIp(c, services.config.trustProxy), userAgent);
    return c.body(null, 204, NO_STORE);
  });

  app.get(routeNames["frontend.shopmanager.statistics"], (c) => c.body(null, 204, NO_STORE));
}

/** The decoded path, or null when it is too long or not text a person could read (control characters; bad UTF-8 does not decode). */
function safePath(encoded: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (path.length > VISITOR_PATH_MAX_LENGTH || [...path].some(isControl)) return null;
  return path;
}

const isControl = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
};
