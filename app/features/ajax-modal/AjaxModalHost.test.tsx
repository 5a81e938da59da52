// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { AjaxModalHost } from "./AjaxModalHost";

/** Pages as the server renders them: chrome around a `main` region whose first heading is the title. */
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title} | Vitrine</title></head><body><header><h1>Not this</h1></header>` +
  `<main id="content"><div class="container page"><title>${title} | Vitrine</title><h1>${title}</h1>${body}<script>window.ran = true</script></div></main><footer>Footer</footer></body></html>`;

const pages: Record<string, string> = {
  "/terms-and-conditions": page("Terms and conditions", `<p>Terms text</p><a href="/privacy" data-url="/privacy">Privacy</a>`),
  "/privacy": page("Privacy", "<p>Privacy text</p>"),
};

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogName = () => document.getElementById(dialog()?.getAttribute("aria-labelledby") ?? "")?.textContent;
const button = (name: string) => [...(dialog()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === name);
const click = (element: Element, init: MouseEventInit = {}) =>
  act(async () => void element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init })));

describe("ajax modals (issue 26: data-url, data-prev-url)", () => {
  let root: TestRoot;
  let requested: string[];
  beforeEach(() => {
    requested = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url).pathname;
        requested.push(path);
        return pages[path] ? new Response(pages[path], { headers: { "Content-Type": "text/html" } }) : new Response("Not found", { status: 404 });
      }),
    );
    root = createTestRoot();
  });
  afterEach(async () => {
    await root.unmount();
    vi.unstubAllGlobals();
  });

  async function renderWith(links: string) {
    await root.render(
      <>
        <div dangerouslySetInnerHTML={{ __html: links }} />
        <AjaxModalHost />
      </>,
    );
    return (selector: string) => root.container.querySelector(selector)!;
  }

  it("opens the page's main content in a dialog named by its title; a link inside loads there with Back", async () => {
    const find = await renderWith(`<a id="terms" href="/terms-and-conditions" data-url="/terms-and-conditions">Terms</a>`);
    await click(find("#terms"));
    await vi.waitFor(() => expect(dialog()?.textContent).toContain("Terms text"));
    expect(dialogName()).toBe("Terms and conditions");
    expect(dialog()!.textContent).not.toContain("Not this");
    expect(dialog()!.textContent).not.toContain("Footer");
    expect(dialog()!.querySelector("script")).toBeNull();
    expect(button("Back")).toBeUndefined();

    await click(dialog()!.querySelector('a[data-url="/privacy"]')!);
    await vi.waitFor(() => expect(dialog()?.textContent).toContain("Privacy text"));
    expect(dialogName()).toBe("Privacy");
    await click(button("Back")!);
    await vi.waitFor(() => expect(dialog()?.textContent).toContain("Terms text"));
    expect(button("Back")).toBeUndefined();
    expect(requested).toEqual(["/terms-and-conditions", "/privacy"]);
  });

  it("offers Back to data-prev-url", async () => {
    const find = await renderWith(`<a id="p" href="/privacy" data-url="/privacy" data-prev-url="/terms-and-conditions">Privacy</a>`);
    await click(find("#p"));
    await vi.waitFor(() => expect(dialog()?.textContent).toContain("Privacy text"));
    await click(button("Back")!);
    await vi.waitFor(() => expect(dialogName()).toBe("Terms and conditions"));
  });

  it("says so when the page cannot be loaded, named by the link until then", async () => {
    const find = await renderWith(`<a id="gone" href="/gone" data-url="/gone">Gone page</a>`);
    await click(find("#gone"));
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe("This content could not be loaded. Please try again in a moment."));
    expect(dialogName()).toBe("Gone page");
  });

  it("leaves modified clicks and other origins to the browser", async () => {
    const find = await renderWith(`<a id="t" href="/terms-and-conditions" data-url="/terms-and-conditions">T</a><a id="x" href="https://example.org/" data-url="https://example.org/">X</a>`);
    const ctrl = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    await act(async () => void find("#t").dispatchEvent(ctrl));
    const outside = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void find("#x").dispatchEvent(outside));
    expect([ctrl.defaultPrevented, outside.defaultPrevented]).toEqual([false, false]);
    expect(dialog()).toBeNull();
    expect(requested).toEqual([]);
  });
});
