import type { CartFormsApi } from "./use-cart-forms";

/** Where each cart form's answer leads without JavaScript: back to the panel or the page that sent it. */
export function RedirectField({ api }: { api: CartFormsApi }) {
  return <input type="hidden" name="redirectTo" value={api.redirectTo} />;
}
