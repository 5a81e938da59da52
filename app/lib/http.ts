import type { RouteName } from "../../kernel/route-names";
import { routeUrl } from "./routes";

export interface HttpOptions extends Omit<RequestInit, "body"> {
  /** A plain object is sent as JSON; FormData and URLSearchParams as they are. */
  body?: BodyInit | Record<string, unknown> | null;
}

/** `fetch` for the storefront's own calls: always sends `X-Requested-With: XMLHttpRequest` (spec §7). */
export function http(url: string, { body, headers, ...init }: HttpOptions = {}): Promise<Response> {
  const h = new Headers(headers);
  h.set("X-Requested-With", "XMLHttpRequest");
  let payload: BodyInit | null | undefined = body as BodyInit | null | undefined;
  if (body && typeof body === "object" && Object.getPrototypeOf(body) === Object.prototype) {
    h.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  return fetch(url, { credentials: "same-origin", ...init, headers: h, body: payload });
}

/** The answer's JSON; on an error status, throws with the server's message (`errors[0].message`). */
async function jsonAnswer<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    throw new Error(body?.errors?.[0]?.message ?? `Request failed with status ${response.status}`);
  }
  return (await response.json()) as T;
}

/** GETs a named route and parses its JSON; throws with the server's message on an error status. */
export async function getJson<T>(
  name: RouteName,
  params?: Record<string, string>,
  query?: Record<string, string | undefined>,
  init?: HttpOptions,
): Promise<T> {
  return jsonAnswer<T>(await http(routeUrl(name, params, query), init));
}

/** POSTs `body` as JSON to a named route and parses its JSON; throws with the server's message on an error status. */
export async function postJson<T>(name: RouteName, body: Record<string, unknown>, init?: Omit<HttpOptions, "method" | "body">): Promise<T> {
  return jsonAnswer<T>(await http(routeUrl(name), { ...init, method: "POST", body }));
}
