import { buildPath, type RouteName, type RouteTable } from "../../kernel/route-names";

export const ROUTE_TABLE_ELEMENT_ID = "route-names";
let table: RouteTable | undefined;

/** The route-name table the server rendered into the page (CONTRACT §2); undefined on a page without it. */
export function readRouteTable(doc: Document = document): RouteTable | undefined {
  if (table) return table;
  const element = doc.getElementById(ROUTE_TABLE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  table = JSON.parse(element.textContent) as RouteTable;
  return table;
}

/** The path of a named route, with parameters filled in and an optional query. */
export function routeUrl(name: RouteName, params?: Record<string, string>, query?: Record<string, string | undefined>) {
  const routes = readRouteTable();
  if (!routes) throw new Error("The page carries no route-name table");
  const template = routes[name];
  if (!template) throw new Error(`Unknown route name "${name}"`);
  return buildPath(template, params, query);
}

/** For tests: forget the cached table. */
export function resetRouteTable() {
  table = undefined;
}
