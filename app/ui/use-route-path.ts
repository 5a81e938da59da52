import { createContext, useCallback, useContext } from "react";
import { buildPath, type RouteName, type RouteTable } from "../../kernel/route-names";

/**
 * The route-name table (CONTRACT §2): the server's entry provides it from `kernel/route-names`, the
 * browser's from the copy the page carries (`app/lib/routes.ts`), so it travels once per page and not
 * again in the root loader's data; absent in the browser on a page without the table.
 */
export const RouteTableContext = createContext<RouteTable | undefined>(undefined);
export const useRouteTable = () => useContext(RouteTableContext);

/** Paths by route name, so components never hard-code a path (CONTRACT §2). */
export function useRoutePath() {
  const table = useRouteTable();
  return useCallback(
    (name: RouteName, params?: Record<string, string>, query?: Record<string, string | undefined>) => {
      const template = table?.[name];
      return template ? buildPath(template, params, query) : "/";
    },
    [table],
  );
}
