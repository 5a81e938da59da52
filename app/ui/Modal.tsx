import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useI18n } from "../i18n/i18n";
import { BACKDROP_DELAY_MS } from "../../kernel/constants";
import { ExtraIcon } from "./ExtraIcon";
import { escapeBelongsToNestedPopup } from "./use-disclosure";
import { useOpenerFocus } from "./use-opener-focus";
import "./Offcanvas.css";
import "./Modal.css";

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  children: ReactNode;
  size?: "default" | "large";
  className?: string;
}

/**
 * The one centred modal dialog (address editor, tax info, zoom, …): a named dialog with a Close button,
 * focus trapped inside and returned to the opener; Escape and the backdrop close it (Escape in an open list
 * inside it closes the list first). Same primitive and backdrop as the slide-out panels (decision 0004).
 */
export function Modal({ open, onOpenChange, title, children, size = "default", className }: ModalProps) {
  const { t } = useI18n();
  const openerFocus = useOpenerFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="offcanvas-backdrop" style={{ animationDelay: `${BACKDROP_DELAY_MS}ms` }} />
        <Dialog.Content
          className={`modal modal--${size} ${className ?? ""}`}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // Escape in an open list inside the dialog (the phone field's country search) closes that list only.
            if (escapeBelongsToNestedPopup(event.target)) event.preventDefault();
          }}
          {...openerFocus}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("panel.close")}>
              <ExtraIcon name="close" />
            </Dialog.Close>
          </div>
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** True while a modal dialog is open (form validation does not scroll the page behind one, spec §5). */
export function isModalOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], .modal[data-state="open"]') !== null;
}
