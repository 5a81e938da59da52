import { CACHE_CONTROL } from "../server/http/cache-control";

/** Personal pages (checkout, account) and their form answers are never stored by a browser or a proxy. */
export const PRIVATE_HEADERS = { "Cache-Control": CACHE_CONTROL.personal } as const;

/** A personal page route's `headers` export. */
export const privateHeaders = () => PRIVATE_HEADERS;
