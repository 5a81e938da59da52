import type { PayPalErrorCode } from "../../../../kernel/paypal";
import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";

/** A code PayPal put in its error body (`errors[].code` / `details[].issue`) wins over the generic one (reference §2.1). */
export function codeFromError(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const match = /"(?:code|issue)"\s*:\s*"([A-Z_]+)"/.exec(text);
  return match?.[1];
}

/**
 * Spec §8: posts `{code, error, fatal}` to the error URL, then scrolls to the top and reloads, where the
 * confirm page shows the message (a fatal error hides the method for the session, so no reload loop).
 */
export async function reportPayPalError(code: PayPalErrorCode, error: unknown, fatal = false): Promise<void> {
  const description = error instanceof Error ? error.message : String(error ?? "");
  const response = await http(routeUrl("frontend.paypal.handle-error"), {
    method: "POST",
    body: { code: codeFromError(error) ?? code, error: description.slice(0, 1000), fatal },
  }).catch(() => null);
  if (!response) {
    console.error("PayPal:", code, description);
    return;
  }
  window.scrollTo(0, 0);
  window.location.reload();
}
