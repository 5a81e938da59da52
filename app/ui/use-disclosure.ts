import { useEffect, useRef, useState } from "react";

/** Marks an open dropdown inside a dialog: Escape there closes the dropdown, not the dialog. */
export const NESTED_POPUP_ATTRIBUTE = "data-nested-popup";

/** For dialogs' `onEscapeKeyDown`: whether Escape belongs to an open list or dropdown inside them. */
export function escapeBelongsToNestedPopup(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    Boolean(target.closest(`[role="combobox"][aria-expanded="true"], [${NESTED_POPUP_ATTRIBUTE}]:not([hidden])`))
  );
}

/**
 * A disclosure (a button with `aria-expanded` and the element it shows): Escape closes it and returns
 * focus to the button; a pointer press outside `root` closes it.
 */
export function useDisclosure<R extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<R>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
  return { open, setOpen, root, button };
}
