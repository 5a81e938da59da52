import { Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { whenNearOrIdle } from "../lib/near-or-idle";

/** Marks the promise with its outcome the way React's `use` reads it: once settled, `use` no longer suspends. */
function tracked<T>(promise: Promise<T>): Promise<T> {
  Object.assign(promise, { status: "pending" });
  promise.then(
    (value) => Object.assign(promise, { status: "fulfilled", value }),
    (reason: unknown) => Object.assign(promise, { status: "rejected", reason }),
  );
  return promise;
}

export type HydratedLater<P extends object> = ComponentType<P> & {
  /**
   * Loads the part's code now. The server awaits it in the loader of the route that shows the part (a
   * server render must never suspend on it: the part would stream in after its fallback); client
   * navigations await it before they render, so the part does not pop in below the rest.
   */
  preload: () => Promise<unknown>;
};

/**
 * A part of the page below the fold whose code is not needed for the page to hydrate: the server renders
 * it as usual, the browser keeps that HTML as it is (React leaves a Suspense boundary whose code has not
 * arrived dehydrated) and loads the code when the part comes near the viewport, when the shopper points
 * at or focuses something in it, or when the browser is idle; React hydrates it then, in a task of its own.
 *
 * A click inside the part before then, or on a link to an element of it, is held and given again once
 * the part has hydrated (React would drop it). Until it has hydrated, the part is shown with the props of the first render: a boundary that React
 * has not hydrated yet and that receives an update would be rendered anew on the client, throwing the
 * server's HTML away for an empty fallback until the code is there (a flash and a layout shift).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): HydratedLater<P> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const code = tracked(opened.then(load));
  const preload = () => {
    open();
    return code;
  };
  // The server renders the part at once; its import is started as soon as the module is.
  if (import.meta.env.SSR) preload();

  function Part({ props, onHydrated }: { props: P; onHydrated: () => void }) {
    const Component = use(code);
    useEffect(onHydrated, [onHydrated]);
    return <Component {...props} />;
  }

  function HydrateLater(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const [firstProps] = useState(props);
    const [hydrated, setHydrated] = useState(false);
    const onHydrated = useCallback(() => setHydrated(true), []);
    const shown = hydrated ? props : firstProps;
    // The same element on every render until hydrated, so React sees no update on the boundary.
    const part = useMemo(
      () => (
        <Suspense fallback={null}>
          <Part props={shown} onHydrated={onHydrated} />
        </Suspense>
      ),
      [shown, onHydrated],
    );
    const hydratedNow = useRef(false);
    hydratedNow.current = hydrated;
    const heldClick = useRef<MouseEvent | null>(null);
    useEffect(() => {
      const element = box.current;
      if (!element) return;
      const stop = whenNearOrIdle(element, preload);
      // React drops a click on a part it has not hydrated: held here, and given again once the part has.
      // So is a click on a link to an element of the part (`#reviews`), which the part's code handles.
      const onClick = (event: MouseEvent) => {
        if (hydratedNow.current || !(event.target instanceof Element)) return;
        const hash = event.target.closest("a[href^='#']")?.getAttribute("href")?.slice(1);
        const linked = hash ? document.getElementById(hash) : null;
        if (!element.contains(event.target) && !(linked && element.contains(linked))) return;
        event.preventDefault();
        event.stopPropagation();
        heldClick.current = event;
        void preload();
      };
      window.addEventListener("click", onClick, { capture: true });
      return () => {
        stop();
        window.removeEventListener("click", onClick, { capture: true });
      };
    }, []);
    useEffect(() => {
      const held = heldClick.current;
      heldClick.current = null;
      if (!hydrated || !held || !(held.target instanceof Element) || !held.target.isConnected) return;
      held.target.dispatchEvent(new MouseEvent("click", held));
    }, [hydrated]);
    return (
      // `data-hydrated` tells the browser tests that the part's code runs (tests/e2e/support/helpers.ts).
      <div ref={box} className="hydrate-later" data-hydrated={hydrated ? "" : undefined}>
        {part}
      </div>
    );
  }
  return Object.assign(HydrateLater, { preload });
}
