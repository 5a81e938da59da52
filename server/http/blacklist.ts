import type { Hono } from "hono";
import { routeNames } from "../../kernel/route-names";
import type { ActiveBlacklistsAnswer, AddressBlacklistAnswer, NameBlacklistAnswer } from "../../kernel/blacklist";
import type { AppServices } from "../services";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";

// The words are public by nature (every form page's script gets them) and the same for everyone:
// a short public cache (CACHE_CONTROL.blacklist) spares a request per page without hiding a change for long.
const HEADERS = { "Cache-Control": CACHE_CONTROL.blacklist, "X-Robots-Tag": "noindex" };

/*
 * The three GETs of spec §7 (issue 26 point 1). They take no parameters (any query string is ignored);
 * the form pages' script asks for the flags first, then for the words of the active kinds only.
 */
export function registerBlacklistEndpoints(app: Hono<AppEnv>, { blacklist }: Pick<AppServices, "blacklist">) {
  app.get(routeNames["frontend.blacklist.active"], async (c) => {
    const [name, address] = await Promise.all([blacklist.words("name"), blacklist.words("address")]);
    return c.json<ActiveBlacklistsAnswer>({ activeRegistrationFieldBlacklists: { name: name.length > 0, address: address.length > 0 } }, 200, HEADERS);
  });
  app.get(routeNames["frontend.blacklist.name"], async (c) => c.json<NameBlacklistAnswer>({ nameBlacklistWords: await blacklist.words("name") }, 200, HEADERS));
  app.get(routeNames["frontend.blacklist.address"], async (c) =>
    c.json<AddressBlacklistAnswer>({ addressBlacklistWords: await blacklist.words("address") }, 200, HEADERS),
  );
}
