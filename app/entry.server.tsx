import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { pageMessagesFile } from "../server/i18n/page-messages";
import { requestInfoContext } from "../server/request-context";
import { pageMessages } from "../kernel/i18n/messages.server";
import { PageMessagesContext } from "./i18n/i18n";
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
  const { nonce, shared, locale } = loadContext.get(requestInfoContext);
  const texts = { path: pageMessagesFile(locale).path, messages: pageMessages(locale) };
  // Crawlers, shared pages and SPA-mode builds get the whole document at once; browsers get it streamed.
  const readyEvent = shared || isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PageMessagesContext value={texts}>
          <RouteTableContext value={routeNames}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </RouteTableContext>
        </PageMessagesContext>
      </NonceContext.Provider>,
      {
        nonce,
        // A boundary that is complete when the page is flushed is written in place. React would otherwise
        // move a large one (over 12,800 bytes of page so far) to the end, hidden, with a script that puts it
        // back: without JavaScript it stayed hidden (the product's details, hydrated later, are one).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new CoalescingStream();
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

/**
 * React writes a page in many small pieces (17 for a category page), and each piece passed on costs a
 * socket write of its own (about 6 % of the server's time under load). The pieces React writes in one
 * go (the shell, then each streamed part) are passed on as one: nothing waits longer than the current
 * task.
 */
class CoalescingStream extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.pending.push(chunk) === 1) queueMicrotask(() => this.passOn());
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.passOn();
    callback();
  }

  private passOn() {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

// The server process creates the load context with these very keys: the build bundles its own copy of
// the module, so the keys must come from the build rather than from the server's import.
export { requestInfoContext, servicesContext } from "../server/request-context";
