import { useRef } from "react";

/**
 * Radix returns focus only to a `Dialog.Trigger`; our openers are plain buttons and links. These
 * handlers remember what had focus when a dialog opened and give it back when it closes.
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus(event: Event) {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
