import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useI18n } from "../i18n/i18n";
import { BACKDROP_DELAY_MS } from "../../kernel/constants";
import { ExtraIcon } from "./ExtraIcon";
import { escapeBelongsToNestedPopup } from "./use-disclosure";
import { useOpenerFocus } from "./use-opener-focus";
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
 * The one slide-out panel of the storefront: a modal dialog from the left, right or bottom with a
 * Close button. Focus is trapped inside and returns to the opener; Escape and the backdrop close it.
 */
export function Offcanvas({ open, onOpenChange, side, title, children, className }: OffcanvasProps) {
  const { t } = useI18n();
  useOffcanvasHistory(open, () => onOpenChange(false));
  const openerFocus = useOpenerFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="offcanvas-backdrop" style={{ animationDelay: `${BACKDROP_DELAY_MS}ms` }} />
        <Dialog.Content
          className={`offcanvas offcanvas--${side} ${className ?? ""}`}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // Escape in an open dropdown inside the panel (a listing filter) closes that dropdown only.
            if (escapeBelongsToNestedPopup(event.target)) event.preventDefault();
          }}
          {...openerFocus}
        >
          <div className="offcanvas__header">
            <Dialog.Title className="offcanvas__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("panel.close")}>
              <ExtraIcon name="close" />
            </Dialog.Close>
          </div>
          <div className="offcanvas__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
