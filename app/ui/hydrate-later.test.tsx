// @vitest-environment happy-dom
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { hydrateLater } from "./hydrate-later";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A part with state: it counts clicks once hydrated, and shows its prop. */
function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {label} {clicks}
    </button>
  );
}

/** The server's HTML of the part, as the server renders it with its code loaded. */
async function serverHtml(label: string): Promise<string> {
  const OnServer = hydrateLater(() => Promise.resolve(Counter));
  await OnServer.preload();
  return renderToString(<OnServer label={label} />);
}

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
});

describe("hydrateLater", () => {
  it("keeps the server's HTML until the code is there, also through an update, then hydrates it in place", async () => {
    let deliver: (component: typeof Counter) => void = () => {};
    const InBrowser = hydrateLater(() => new Promise<typeof Counter>((resolve) => (deliver = resolve)));
    const container = document.createElement("div");
    container.innerHTML = await serverHtml("first");
    document.body.replaceChildren(container);
    const button = container.querySelector("button")!;
    expect(button.textContent).toBe("first 0");

    await act(async () => {
      root = hydrateRoot(container, <InBrowser label="first" />);
    });
    // A new prop before the code has arrived: React must not render the part anew (an empty fallback).
    await act(async () => root!.render(<InBrowser label="second" />));
    expect(button.isConnected).toBe(true);
    expect(button.textContent).toBe("first 0");

    await act(async () => {
      void InBrowser.preload();
      // The code is asked for once the gate has opened, a microtask later.
      await Promise.resolve();
      deliver(Counter);
      // React retries the boundary in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.querySelector("button")).toBe(button);
    // Hydrated: the latest props show, and the part answers input.
    expect(button.textContent).toBe("second 0");
    await act(async () => button.click());
    expect(button.textContent).toBe("second 1");
  });

  it("holds a click that comes before the code and gives it again once hydrated", async () => {
    let deliver: (component: typeof Counter) => void = () => {};
    const InBrowser = hydrateLater(() => new Promise<typeof Counter>((resolve) => (deliver = resolve)));
    const container = document.createElement("div");
    container.innerHTML = await serverHtml("first");
    document.body.replaceChildren(container);
    const button = container.querySelector("button")!;
    await act(async () => {
      root = hydrateRoot(container, <InBrowser label="first" />);
    });
    await act(async () => button.click());
    expect(button.textContent).toBe("first 0");

    await act(async () => {
      await Promise.resolve();
      deliver(Counter);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(button.textContent).toBe("first 1");
  });

  it("renders at once on the client once the code has loaded", async () => {
    const Loaded = hydrateLater(() => Promise.resolve(Counter));
    await Loaded.preload();
    const container = document.createElement("div");
    document.body.replaceChildren(container);
    const { createRoot } = await import("react-dom/client");
    await act(async () => {
      root = createRoot(container);
      root.render(<Loaded label="now" />);
    });
    expect(container.textContent).toBe("now 0");
  });
});
