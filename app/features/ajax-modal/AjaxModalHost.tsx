import { lazy, Suspense, useEffect, useState } from "react";
import type { AjaxModalEntry } from "./AjaxModal";

const AjaxModal = lazy(() => import("./AjaxModal"));

interface HostState {
  open: boolean;
  /** The pages shown, the last on top: Back returns to the one before. */
  entries: AjaxModalEntry[];
}

/**
 * Ajax modals (issue 26, spec §3): an element with `data-url` opens that page's content in a dialog, with
 * Back to `data-prev-url` when given; a `data-url` link inside the dialog loads there with Back. One click
 * listener for the whole page (in capture, so no router link handles the click first); the dialog's code
 * loads on the first click. Without JavaScript the links are ordinary links.
 */
export function AjaxModalHost() {
  const [state, setState] = useState<HostState | null>(null);
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const element = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-url]") : null;
      const url = element?.dataset.url && new URL(element.dataset.url, location.href);
      if (!element || !url || url.origin !== location.origin) return;
      event.preventDefault();
      const entry = { url: url.href, label: element.textContent?.trim() ?? "" };
      if (element.closest("[data-ajax-modal]")) {
        setState((current) => current && { ...current, entries: [...current.entries, entry] });
        return;
      }
      // Safari does not focus a clicked link: focus it, so the dialog gives focus back to it on close.
      element.focus();
      const prev = element.dataset.prevUrl;
      setState({ open: true, entries: prev ? [{ url: new URL(prev, location.href).href, label: "" }, entry] : [entry] });
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <AjaxModal
        open={state.open}
        entries={state.entries}
        onBack={() => setState((current) => current && { ...current, entries: current.entries.slice(0, -1) })}
        onOpenChange={(open) => setState((current) => current && { ...current, open })}
      />
    </Suspense>
  );
}
