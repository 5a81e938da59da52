import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import type { CartChangeResult } from "../../../server/cart/types";
import type { RouteName } from "../../../kernel/route-names";
import { publishCart, subscribeCart } from "./cart-events";
import { postCartForm } from "./cart-requests";

/** What a cart form does; set as `data-cart-form` on the form. */
export type CartFormKind = "quantity" | "remove" | "promotion-add" | "promotion-remove" | "configure";

/** Focus key of the promotion field: after a promotion is sent, focus goes there (reference §3.2). */
export const PROMOTION_FOCUS_ID = "promotion-code";

export interface PendingChange {
  kind: CartFormKind;
  lineId?: string;
}

/** What the shared cart components need to send their forms. */
export interface CartFormsApi {
  /** Where a form ends without JavaScript (its hidden `redirectTo`). */
  redirectTo: RouteName;
  /** Sends a cart form with fetch; the shown cart is then replaced by the server's answer. */
  send(form: HTMLFormElement): void;
  /** `onSubmit` of every cart form: no navigation, the form is sent with fetch. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The change on its way, for loaders. */
  pending: PendingChange | null;
  /** Links inside the panel replace its history entry; absent on the page. */
  onLinkClick?(event: MouseEvent<HTMLAnchorElement>, to: string): void;
}

interface Options {
  initial: CartChangeResult;
  redirectTo: RouteName;
  /** Wait before a remove request goes out, with the line's loader shown (the panel's 350 ms). */
  removalDelayMs?: number;
  onLinkClick?: CartFormsApi["onLinkClick"];
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isControl = (element: Element | null) => Boolean(element?.matches("input, select, textarea, button, a[href]"));

/**
 * The cart shown by the panel or the page and the sending of its forms (spec §4 "Offcanvas cart"):
 * requests go one after another, every answer replaces the whole cart and is published (the header
 * widget fetches again), and focus returns to the control that was used (`data-focus-id`).
 */
export function useCartForms({ initial, redirectTo, removalDelayMs = 0, onLinkClick }: Options) {
  const [result, setResult] = useState(initial);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(new Set<string>());
  const focusAfter = useRef<{ id: string | null; force: boolean } | null>(null);

  // A change made elsewhere (the panel over the cart page) shows here too.
  useEffect(() => subscribeCart(setResult), []);

  const send = useCallback(
    (form: HTMLFormElement) => {
      const kind = form.dataset.cartForm as CartFormKind;
      const lineId = form.dataset.lineId;
      const key = `${kind}:${lineId ?? form.action}`;
      // A second click on the same Remove, or a repeated promotion code, would only earn an error.
      if ((kind === "remove" || kind === "promotion-remove") && inFlight.current.has(key)) return;
      const fields = new FormData(form);
      const action = form.action;
      const active = document.activeElement;
      const focusId =
        kind === "promotion-add" ? PROMOTION_FOCUS_ID : (active?.closest<HTMLElement>("[data-focus-id]")?.dataset.focusId ?? null);
      inFlight.current.add(key);
      setPending({ kind, lineId });
      queue.current = queue.current.then(async () => {
        if (kind === "remove" && removalDelayMs > 0) await wait(removalDelayMs);
        try {
          const answer = await postCartForm(action, fields);
          if (kind === "promotion-add" && answer.notices.some((notice) => notice.code === "promotion-added")) form.reset();
          focusAfter.current = { id: focusId, force: kind === "promotion-add" };
          setFailed(false);
          setResult(answer);
          publishCart(answer);
        } catch {
          setFailed(true);
        } finally {
          inFlight.current.delete(key);
          if (inFlight.current.size === 0) setPending(null);
        }
      });
    },
    [removalDelayMs],
  );

  // After the answer is shown: back to the control used, unless the shopper has moved on to another one.
  useLayoutEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    const container = root.current;
    if (!target || !container) return;
    const active = document.activeElement;
    if (!target.force && active && container.contains(active) && isControl(active)) return;
    const control = target.id ? container.querySelector<HTMLElement>(`[data-focus-id="${CSS.escape(target.id)}"]`) : null;
    (control ?? container).focus();
  }, [result]);

  const api = useMemo<CartFormsApi>(
    () => ({
      redirectTo,
      send,
      onSubmit(event) {
        event.preventDefault();
        send(event.currentTarget);
      },
      pending,
      onLinkClick,
    }),
    [redirectTo, send, pending, onLinkClick],
  );

  return { result, failed, api, root };
}
