import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { readRouteTable } from "./lib/routes";
import { RouteTableContext } from "./ui/use-route-path";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouteTableContext value={readRouteTable()}>
        <HydratedRouter />
      </RouteTableContext>
    </StrictMode>,
  );
});
