import { useEffect, useId, useRef, type ReactNode } from "react";
import { DialogFrame } from "./DialogFrame";
import "./Offcanvas.css";

export type OffcanvasSide = "left" | "right" | "bottom";

interface HistoryMarker {
  offcanvas?: string;
}

/**
 * Opening pushes a history entry, so the browser's Back button closes the panel instead of leaving the
 * page (spec §2). Closing by Escape, backdrop or button removes that entry again.
 */
export function useOffcanvasHistory(open: boolean, close: () => void) {
  const marker = useId();
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...(window.history.state as object), offcanvas: marker }, "");
    const onPopState = () => closeRef.current();
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      if ((window.history.state as HistoryMarker | null)?.offcanvas === marker) window.history.back();
    };
  }, [open, marker]);
}

/** True while the current history entry is the one a panel pushed: links inside then replace it. */
export function isOffcanvasHistoryEntry(): boolean {
  return Boolean((window.history.state as HistoryMarker | null)?.offcanvas);
}

interface OffcanvasProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  side: OffcanvasSide;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * The one slide-out panel of the storefront: the dialog frame the centred modal shares (a named dialog with
 * a Close button, focus and Escape handled), from the left, right or bottom, with a history entry of its own.
 */
export function Offcanvas({ open, onOpenChange, side, title, children, className }: OffcanvasProps) {
  useOffcanvasHistory(open, () => onOpenChange(false));
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} className={`offcanvas offcanvas--${side} ${className ?? ""}`} bodyClassName="offcanvas__body">
      {children}
    </DialogFrame>
  );
}
