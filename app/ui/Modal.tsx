import type { ReactNode } from "react";
import { DialogFrame } from "./DialogFrame";
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
 * The one centred modal dialog (address editor, tax info, zoom, …): the dialog frame the slide-out panels
 * share (a named dialog with a Close button, focus and Escape handled; decision 0004), in the middle.
 */
export function Modal({ open, onOpenChange, title, children, size = "default", className }: ModalProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} className={`modal modal--${size} ${className ?? ""}`} bodyClassName="modal__body">
      {children}
    </DialogFrame>
  );
}

/** True while a modal dialog is open (form validation does not scroll the page behind one, spec §5). */
export function isModalOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], .modal[data-state="open"]') !== null;
}
