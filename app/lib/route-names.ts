import type { routeNames } from "../../server/http/route-names";

/** Names of the routes in the page's route-name table (CONTRACT §2). */
export type RouteName = keyof typeof routeNames;
export type RouteTable = Record<RouteName, string>;

/** Fills `{param}` placeholders and appends a query string (empty values are left out). */
export function buildPath(
  template: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter "${key}" for ${template}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
