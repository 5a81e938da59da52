import { buildPath, type RouteName } from "../../kernel/route-names";

export const ROUTE_TABLE_ELEMENT_ID = "route-names";
let table: Record<string, string> | undefined;

/** Reads the route-name table the server rendered into the page (CONTRACT §2). */
function routeTable(doc: Document = document): Record<string, string> {
  if (table) return table;
  const element = doc.getElementById(ROUTE_TABLE_ELEMENT_ID);
  if (!element?.textContent) throw new Error("The page carries no route-name table");
  table = JSON.parse(element.textContent) as Record<string, string>;
  return table;
}

/** The path of a named route, with parameters filled in and an optional query. */
export function routeUrl(name: RouteName, params?: Record<string, string>, query?: Record<string, string | undefined>) {
  const template = routeTable()[name];
  if (!template) throw new Error(`Unknown route name "${name}"`);
  return buildPath(template, params, query);
}

/** For tests: forget the cached table. */
export function resetRouteTable() {
  table = undefined;
}
