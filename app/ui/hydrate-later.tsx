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
 * Until it has hydrated, the part is shown with the props of the first render: a boundary that React
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
    useEffect(() => (box.current ? whenNearOrIdle(box.current, preload) : undefined), []);
    return (
      <div ref={box} className="hydrate-later">
        {part}
      </div>
    );
  }
  return Object.assign(HydrateLater, { preload });
}
