import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "../server/request-context";
import { routeNames } from "../kernel/route-names";
import { NonceContext } from "./nonce";
import { RouteTableContext } from "./ui/use-route-path";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // Crawlers and SPA-mode builds get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RouteTableContext value={routeNames}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RouteTableContext>
      </NonceContext.Provider>,
      {
        nonce,
        // A boundary that is complete when the page is flushed is written in place. React would otherwise
        // move a large one (over 12,800 bytes of page so far) to the end, hidden, with a script that puts it
        // back: without JavaScript it stayed hidden (the product's details, hydrated later, are one).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

// The server process creates the load context with these very keys: the build bundles its own copy of
// the module, so the keys must come from the build rather than from the server's import.
export { requestInfoContext, servicesContext } from "../server/request-context";
