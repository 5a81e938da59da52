import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { buildPath, type RouteName, type RouteTable } from "../../kernel/route-names";

/**
 * Paths by route name, from the route-name table the page carries (root loader data), so components
 * never hard-code a path (CONTRACT §2).
 */
export function useRoutePath() {
  const table = useRouteLoaderData<{ routes: RouteTable }>("root")?.routes;
  return useCallback(
    (name: RouteName, params?: Record<string, string>, query?: Record<string, string | undefined>) => {
      const template = table?.[name];
      return template ? buildPath(template, params, query) : "/";
    },
    [table],
  );
}
