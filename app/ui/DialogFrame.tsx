import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useI18n } from "../i18n/i18n";
import { BACKDROP_DELAY_MS } from "../../kernel/constants";
import { Icon } from "./Icon";
import { escapeBelongsToNestedPopup } from "./use-disclosure";
import { useOpenerFocus } from "./use-opener-focus";
import "./DialogFrame.css";

interface DialogFrameProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** The box's own classes: its kind (`modal`, `offcanvas`) places and sizes it. */
  className: string;
  /** The body's class: each kind pads and scrolls its content in its own way. */
  bodyClassName: string;
  children: ReactNode;
}

/**
 * What every modal dialog of the storefront shares, the centred `Modal` and the slide-out `Offcanvas`
 * (decision 0004): a Radix dialog over the backdrop, which fades in after the spec's backdrop delay, its
 * title as heading beside a Close button; focus trapped inside and returned to the opener; Escape and the
 * backdrop close it, but Escape in an open list inside it (a listing filter, the phone field's country
 * search) closes that list only.
 */
export function DialogFrame({ open, onOpenChange, title, className, bodyClassName, children }: DialogFrameProps) {
  const { t } = useI18n();
  const openerFocus = useOpenerFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-frame__backdrop" style={{ animationDelay: `${BACKDROP_DELAY_MS}ms` }} />
        <Dialog.Content
          className={`dialog-frame ${className}`}
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (escapeBelongsToNestedPopup(event.target)) event.preventDefault();
          }}
          {...openerFocus}
        >
          <div className="dialog-frame__header">
            <Dialog.Title className="dialog-frame__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("panel.close")}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <div className={bodyClassName}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
