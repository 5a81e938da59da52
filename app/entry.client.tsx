import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPageMessages, PageMessagesContext } from "./i18n/i18n";
import { readRouteTable } from "./lib/routes";
import { RouteTableContext } from "./ui/use-route-path";

// The page texts come from a file the page preloads (app/i18n/i18n.tsx): hydrating without them
// would replace every text with its key, so a page whose texts cannot be read stays as the server sent it.
loadPageMessages().then(
  (pageMessages) =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <PageMessagesContext value={pageMessages}>
            <RouteTableContext value={readRouteTable()}>
              <HydratedRouter />
            </RouteTableContext>
          </PageMessagesContext>
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error("The page's texts could not be loaded; the page works without its scripts.", error),
);
